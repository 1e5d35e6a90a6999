/// One interval of a day's schedule, in minutes from that day's midnight (local wall
/// clock); `end` beyond 1440 spills into the next day.
struct Segment: Equatable {
    var start: Int
    var end: Int
    var state: HoursState
    var comment: String?
}

/// Builds each day's schedule from the rules (OSM specification semantics: a normal rule
/// that selects a day replaces what earlier rules said about it, `,` adds, `||` applies
/// only to days no earlier rule selected; an `off` rule with times closes just those
/// times).
struct DayPlanner {
    let hours: OpeningHours
    let context: HoursContext
    private var holidayCache: [Int: Set<Int>] = [:]

    init(hours: OpeningHours, context: HoursContext) {
        self.hours = hours
        self.context = context
    }

    mutating func plan(_ day: CivilDay) -> [Segment] {
        var plan: [Segment] = []
        var matchedAny = false
        for rule in hours.rules {
            let applies: Bool
            switch rule.separator {
            case .normal, .additional: applies = matches(rule, day)
            case .fallback: applies = !matchedAny && matches(rule, day)
            }
            guard applies else { continue }
            let segments = self.segments(rule, day)
            let replaces = rule.separator != .additional
            if rule.modifier == .closed {
                if rule.times.isEmpty {
                    plan = [Segment(start: 0, end: 1440, state: .closed, comment: rule.comment)]
                } else {
                    for s in segments { plan = DayPlanner.subtract(plan, s.start, s.end) }
                    plan += segments
                }
            } else if replaces {
                plan = segments
            } else {
                plan += segments
            }
            matchedAny = true
        }
        return plan
    }

    /// The state at minute `m` of `day`, given that day's plan and the previous day's.
    static func state(at m: Int, today: [Segment], yesterday: [Segment]) -> (HoursState, String?) {
        for s in today.reversed() where s.start <= m && m < s.end { return (s.state, s.comment) }
        for s in yesterday.reversed() where s.end > 1440 && s.start - 1440 <= m && m < s.end - 1440 {
            return (s.state, s.comment)
        }
        return (.closed, nil)
    }

    static func subtract(_ plan: [Segment], _ a: Int, _ b: Int) -> [Segment] {
        var out: [Segment] = []
        for s in plan {
            if s.end <= a || s.start >= b {
                out.append(s)
                continue
            }
            if s.start < a { out.append(Segment(start: s.start, end: a, state: s.state, comment: s.comment)) }
            if s.end > b { out.append(Segment(start: b, end: s.end, state: s.state, comment: s.comment)) }
        }
        return out
    }

    // MARK: times

    private func segments(_ rule: Rule, _ day: CivilDay) -> [Segment] {
        let state: HoursState = rule.modifier == .closed ? .closed : (rule.modifier == .unknown ? .unknown : .open)
        if rule.alwaysOpen || rule.times.isEmpty { return [Segment(start: 0, end: 1440, state: state, comment: rule.comment)] }
        var out: [Segment] = []
        for span in rule.times {
            guard let start = minutes(span.start, day) else {
                out.append(Segment(start: 0, end: 1440, state: .unknown, comment: "variable times need coordinates"))
                continue
            }
            guard let endPoint = span.end else {
                out.append(Segment(start: start, end: max(start + 1, 1440), state: .unknown, comment: rule.comment ?? "open end"))
                continue
            }
            guard var end = minutes(endPoint, day) else {
                out.append(Segment(start: 0, end: 1440, state: .unknown, comment: "variable times need coordinates"))
                continue
            }
            if end <= start { end += 1440 }
            out.append(Segment(start: start, end: end, state: state, comment: rule.comment))
            if span.openEnd, end < 1440 {
                out.append(Segment(start: end, end: 1440, state: .unknown, comment: rule.comment ?? "open end"))
            }
        }
        return out
    }

    private func minutes(_ t: TimePoint, _ day: CivilDay) -> Int? {
        switch t {
        case .minutes(let m): return m
        case .event(let e, let offset):
            guard let lat = context.latitude, let lon = context.longitude else { return nil }
            guard let m = SunTimes.localMinutes(e, day: day, latitude: lat, longitude: lon, timeZone: context.timeZone) else {
                return nil
            }
            return max(0, min(1440, m + offset))
        }
    }

    // MARK: selectors

    private mutating func matches(_ rule: Rule, _ day: CivilDay) -> Bool {
        if rule.alwaysOpen { return true }
        if !rule.years.isEmpty, !rule.years.contains(where: { $0.contains(day.year) }) { return false }
        if !rule.dates.isEmpty, !rule.dates.contains(where: { $0.contains(day) }) { return false }
        if !rule.weeks.isEmpty, !rule.weeks.contains(where: { $0.contains(day.isoWeek) }) { return false }
        if rule.weekdays.isEmpty && rule.holidays.isEmpty { return true }
        if rule.weekdays.contains(where: { $0.contains(day) }) { return true }
        for h in rule.holidays where h.kind == .publicHoliday && isPublicHoliday(day.adding(-h.offsetDays)) { return true }
        return false
    }

    private mutating func isPublicHoliday(_ day: CivilDay) -> Bool {
        guard let country = context.country else { return false }
        if let set = holidayCache[day.year] { return set.contains(day.number) }
        let set = Set(PublicHolidays.days(country: country, year: day.year).map(\.number))
        holidayCache[day.year] = set
        return set.contains(day.number)
    }
}

extension YearRange {
    func contains(_ year: Int) -> Bool {
        guard let to else { return year == from }
        return year >= from && year <= to && (year - from) % step == 0
    }
}

extension WeekRange {
    func contains(_ week: Int) -> Bool {
        guard let to else { return week == from }
        let inRange = from <= to ? (week >= from && week <= to) : (week >= from || week <= to)
        let distance = from <= to ? week - from : (week - from + 53) % 53
        return inRange && distance % step == 0
    }
}

extension WeekdayRange {
    func contains(_ day: CivilDay) -> Bool {
        let d = day.adding(-offsetDays)
        let wd = d.weekday
        let to = self.to ?? from
        let inRange = from <= to ? (wd >= from && wd <= to) : (wd >= from || wd <= to)
        guard inRange else { return false }
        guard !nth.isEmpty else { return true }
        let fromStart = (d.day - 1) / 7 + 1
        let fromEnd = -((CivilDay.daysIn(month: d.month, year: d.year) - d.day) / 7 + 1)
        return nth.contains { $0.contains(fromStart) || $0.contains(fromEnd) }
    }
}

extension DateRange {
    func contains(_ day: CivilDay) -> Bool {
        if let year {
            // Anchored to a year: the range starts in that year (and may run into the next).
            guard day.year == year || (to != nil && day.year == year + 1) else { return false }
            return containsUnanchored(day, startYear: year)
        }
        return containsUnanchored(day, startYear: day.year) || containsUnanchored(day, startYear: day.year - 1)
    }

    private func containsUnanchored(_ day: CivilDay, startYear: Int) -> Bool {
        let start = DateRange.resolve(from, year: startYear, end: false)
        guard let to else {
            let end = DateRange.resolve(from, year: startYear, end: true)
            return day.number >= start && day.number <= end
        }
        var end = DateRange.resolve(to, year: startYear, end: true)
        if end < start { end = DateRange.resolve(to, year: startYear + 1, end: true) }
        return day.number >= start && day.number <= end
    }

    /// The day number of a date point in `year`; a bare month is its first or last day.
    static func resolve(_ p: DatePoint, year: Int, end: Bool) -> Int {
        switch p {
        case .monthDay(let m, let d?):
            return CivilDay.daysFromCivil(year, m, min(d, CivilDay.daysIn(month: m, year: year)))
        case .monthDay(let m, nil):
            return CivilDay.daysFromCivil(year, m, end ? CivilDay.daysIn(month: m, year: year) : 1)
        case .easter(let offset):
            return CivilDay.easter(year).number + offset
        }
    }
}
