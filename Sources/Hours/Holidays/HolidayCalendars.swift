/// The rule tables of every calendar, keyed by code, and the helpers that write them.
enum HolidayCalendars {
    static func fixed(_ month: Int, _ day: Int, _ name: String) -> HolidayRule {
        HolidayRule(name: name, date: .fixed(month, day))
    }

    static func easter(_ offset: Int, _ name: String) -> HolidayRule { HolidayRule(name: name, date: .easter(offset)) }

    static func orthodox(_ offset: Int, _ name: String) -> HolidayRule { HolidayRule(name: name, date: .orthodox(offset)) }

    static func nth(_ n: Int, _ weekday: Int, of month: Int, _ name: String) -> HolidayRule {
        HolidayRule(name: name, date: .nth(month: month, weekday: weekday, n: n))
    }

    static func onOrAfter(_ month: Int, _ day: Int, weekday: Int, _ name: String) -> HolidayRule {
        HolidayRule(name: name, date: .onOrAfter(month: month, day: day, weekday: weekday))
    }

    /// Weekday numbers as `CivilDay.weekday` counts them.
    static let monday = 0
    static let wednesday = 2
    static let thursday = 3
    static let friday = 4
    static let saturday = 5
    static let sunday = 6
}

extension HolidayCalendars {
    /// Every calendar by code.
    static let all: [String: [HolidayRule]] = {
        var out = countries
        for (code, rules) in regions { out[code] = rules }
        return out
    }()

    static let countries: [String: [HolidayRule]] = western.merging(eastern) { a, _ in a }
    static let regions: [String: [HolidayRule]] = germany.merging(switzerland) { a, _ in a }
        .merging(spain) { a, _ in a }.merging(britain) { a, _ in a }.merging(otherRegions) { a, _ in a }
        .merging(nationalOfRegional) { a, _ in a }

    static let newYear = fixed(1, 1, "New Year's Day")
    static let epiphany = fixed(1, 6, "Epiphany")
    static let labourDay = fixed(5, 1, "Labour Day")
    static let assumption = fixed(8, 15, "Assumption Day")
    static let allSaints = fixed(11, 1, "All Saints' Day")
    static let immaculate = fixed(12, 8, "Immaculate Conception")
    static let christmasEve = fixed(12, 24, "Christmas Eve")
    static let christmas = fixed(12, 25, "Christmas Day")
    static let stStephen = fixed(12, 26, "St Stephen's Day")
    static let maundyThursday = easter(-3, "Maundy Thursday")
    static let goodFriday = easter(-2, "Good Friday")
    static let easterSunday = easter(0, "Easter Sunday")
    static let easterMonday = easter(1, "Easter Monday")
    static let ascension = easter(39, "Ascension Day")
    static let whitSunday = easter(49, "Whit Sunday")
    static let whitMonday = easter(50, "Whit Monday")
    static let corpusChristi = easter(60, "Corpus Christi")
    static let orthodoxGoodFriday = orthodox(-2, "Orthodox Good Friday")
    static let orthodoxEasterSunday = orthodox(0, "Orthodox Easter Sunday")
    static let orthodoxEasterMonday = orthodox(1, "Orthodox Easter Monday")
}
