import Contract

/// When a holiday falls, as one rule of a country's calendar.
enum HolidayDate: Sendable {
    /// A fixed month and day.
    case fixed(Int, Int)
    /// Days from Western (Gregorian) Easter Sunday.
    case easter(Int)
    /// Days from Orthodox (Julian computus) Easter Sunday, in the Gregorian calendar.
    case orthodox(Int)
    /// The nth weekday (0 = Monday … 6 = Sunday) of a month; n = -1 is the last.
    case nth(month: Int, weekday: Int, n: Int)
    /// The first weekday (0 = Monday … 6 = Sunday) on or after a month and day
    /// ("the Saturday between Oct 31 and Nov 6").
    case onOrAfter(month: Int, day: Int, weekday: Int)
    /// As `onOrAfter`, a week later when that day falls in Holy Week (Glarus' Näfelser Fahrt).
    case onOrAfterOutsideHolyWeek(month: Int, day: Int, weekday: Int)
    /// The day itself when it is a Friday, else the first Monday after it (Ireland's St Brigid's Day).
    case fridayOrNextMonday(month: Int, day: Int)

    func day(in year: Int) -> CivilDay {
        switch self {
        case .fixed(let m, let d): return CivilDay(year: year, month: m, day: d)
        case .easter(let offset): return CivilDay.easter(year).adding(offset)
        case .orthodox(let offset): return CivilDay.orthodoxEaster(year).adding(offset)
        case .nth(let month, let weekday, let n):
            if n > 0 {
                let first = CivilDay(year: year, month: month, day: 1)
                return first.adding((weekday - first.weekday + 7) % 7 + 7 * (n - 1))
            }
            let last = CivilDay(year: year, month: month, day: CivilDay.daysIn(month: month, year: year))
            return last.adding(-((last.weekday - weekday + 7) % 7) + 7 * (n + 1))
        case .onOrAfter(let month, let day, let weekday):
            let start = CivilDay(year: year, month: month, day: day)
            return start.adding((weekday - start.weekday + 7) % 7)
        case .onOrAfterOutsideHolyWeek(let month, let day, let weekday):
            let found = HolidayDate.onOrAfter(month: month, day: day, weekday: weekday).day(in: year)
            let easter = CivilDay.easter(year)
            return (easter.number - 7...easter.number - 1).contains(found.number) ? found.adding(7) : found
        case .fridayOrNextMonday(let month, let day):
            let start = CivilDay(year: year, month: month, day: day)
            return start.weekday == HolidayCalendars.friday ? start : start.adding((7 - start.weekday) % 7)
        }
    }
}

/// Where the law moves or adds a day when a holiday falls on a rest day.
enum HolidayShift: Sendable {
    /// Kept where it falls.
    case none
    /// On a Saturday or Sunday, a substitute on the next Monday–Friday that is not a holiday
    /// (UK bank holidays, Bulgaria, Ukraine before 2022).
    case weekendToNextWorkday
    /// On a Saturday or a Sunday, or on a Monday that is another holiday (Easter Monday), a
    /// substitute on the next Monday–Friday that is not a holiday (Greece's Labour Day).
    case weekendOrHolidayMondayToNextWorkday
    /// On a Sunday, a substitute on the next day that is not a Sunday or a holiday.
    case sundayToNextDay
    /// On a Sunday, moved to the Monday after: the Sunday itself is no longer the holiday
    /// (Spanish communities that move a Sunday holiday by their yearly decree).
    case sundayToMonday
    /// On a Sunday, no holiday at all (Spain's decrees list only days that would be worked).
    case droppedOnSunday
    /// On a Sunday, moved to the Saturday before: the Sunday itself is no longer the holiday
    /// (the Netherlands' King's Day).
    case sundayToSaturday
}

/// One public holiday of a calendar: its name, its date rule, the years the law gives it and
/// what happens when it falls on a rest day.
struct HolidayRule: Sendable {
    let name: String
    let date: HolidayDate
    var years: ClosedRange<Int> = Int.min...Int.max
    var except: [Int] = []
    /// Only every `period` years, counted from year 0 (the Netherlands' Liberation Day, every 5).
    var period = 1
    /// When not empty, the rule holds only in years where one of these days (month × 100 + day)
    /// is a Sunday: the day a Spanish community gives back for a holiday lost to a Sunday.
    var whenSunday: [Int] = []
    /// Weekdays on which the day is no holiday (Appenzell's St Stephen's Day on a Tuesday or Saturday).
    var notOn: [Int] = []
    var shift = HolidayShift.none
    /// Years from which `shift` applies (the substitute rule has its own start in law).
    var shiftYears: ClosedRange<Int> = Int.min...Int.max
    /// The shift in the other years.
    var otherwise = HolidayShift.none

    func since(_ year: Int) -> HolidayRule { with { $0.years = max(year, years.lowerBound)...years.upperBound } }
    func until(_ year: Int) -> HolidayRule { with { $0.years = years.lowerBound...min(year, years.upperBound) } }
    func only(_ year: Int) -> HolidayRule { with { $0.years = year...year } }
    func except(_ list: Int...) -> HolidayRule { with { $0.except += list } }
    func shifted(_ shift: HolidayShift, since year: Int = Int.min, until last: Int = Int.max) -> HolidayRule {
        with {
            $0.shift = shift
            $0.shiftYears = year <= last ? year...last : Int.min...Int.min
        }
    }

    func notOn(_ weekdays: Int...) -> HolidayRule { with { $0.notOn = weekdays } }
    func whenSunday(_ days: Int...) -> HolidayRule { with { $0.whenSunday = days } }
    func every(_ years: Int) -> HolidayRule { with { $0.period = years } }

    func shift(in year: Int) -> HolidayShift { shiftYears.contains(year) ? shift : otherwise }

    func applies(in year: Int) -> Bool {
        guard years.contains(year), !except.contains(year), year % period == 0 else { return false }
        return whenSunday.isEmpty
            || whenSunday.contains { CivilDay(year: year, month: $0 / 100, day: $0 % 100).weekday == HolidayCalendars.sunday }
    }

    private func with(_ change: (inout HolidayRule) -> Void) -> HolidayRule {
        var copy = self
        change(&copy)
        return copy
    }
}

/// The holidays `rules` give in `year`, with substitute days, sorted by date.
func holidayList(of rules: [HolidayRule], in year: Int) -> [PublicHoliday] {
    var out: [PublicHoliday] = []
    var taken = Set<Int>()
    var substitutes: [(name: String, day: CivilDay, rest: Set<Int>, alsoOnHoliday: Bool)] = []
    var count: [Int: Int] = [:]
    let weekend: Set<Int> = [HolidayCalendars.saturday, HolidayCalendars.sunday]
    for rule in rules where rule.applies(in: year) {
        var day = rule.date.day(in: year)
        if rule.notOn.contains(day.weekday) { continue }
        let onSunday = day.weekday == HolidayCalendars.sunday
        switch rule.shift(in: year) {
        case .none: break
        case .droppedOnSunday where onSunday: continue
        case .sundayToMonday where onSunday: day = day.adding(1)
        case .sundayToSaturday where onSunday: day = day.adding(-1)
        case .weekendToNextWorkday: substitutes.append((rule.name, day, weekend, false))
        case .weekendOrHolidayMondayToNextWorkday: substitutes.append((rule.name, day, weekend, true))
        case .sundayToNextDay: substitutes.append((rule.name, day, [HolidayCalendars.sunday], false))
        case .droppedOnSunday, .sundayToMonday, .sundayToSaturday: break
        }
        out.append(PublicHoliday(day: day, name: rule.name))
        taken.insert(day.number)
        count[day.number, default: 0] += 1
    }
    for s in substitutes.sorted(by: { $0.day < $1.day })
    where s.rest.contains(s.day.weekday)
        || (s.alsoOnHoliday && s.day.weekday == HolidayCalendars.monday && count[s.day.number, default: 0] > 1)
    {
        var next = s.day.adding(1)
        while s.rest.contains(next.weekday) || taken.contains(next.number) { next = next.adding(1) }
        taken.insert(next.number)
        out.append(PublicHoliday(day: next, name: s.name + " (substitute)"))
    }
    return out.sorted { $0.day == $1.day ? $0.name < $1.name : $0.day < $1.day }
}
