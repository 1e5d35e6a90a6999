import Contract

/// One public holiday: its date and its English name.
public struct PublicHoliday: Sendable, Hashable {
    let day: CivilDay
    /// The holiday's English name; substitute days end in "(substitute)".
    public let name: String

    /// The year.
    public var year: Int { day.year }
    /// The month, 1…12.
    public var month: Int { day.month }
    /// The day of the month, 1…31.
    public var dayOfMonth: Int { day.day }
}

/// Public (legal, non-working) holidays computed for any year: the set an OSM `PH` means.
///
/// Codes are ISO 3166-1 alpha-2 countries (`CZ`) or ISO 3166-2 regions (`DE-BY`, `GB-SCT`),
/// matched case-insensitively. DE, CH, ES and GB set most holidays per region: their bare
/// code means the holidays of the whole country only, a regional code adds the region's. The
/// rules per country, with their sources, are in docs/holidays.md.
public enum PublicHolidays {
    /// Every accepted code, sorted: countries and regions.
    public static let supportedCountries: [String] = HolidayCalendars.all.keys.sorted()

    /// Whether `code` (case-insensitive) has a calendar.
    public static func isSupported(_ code: String) -> Bool {
        HolidayCalendars.all[code.uppercased()] != nil
    }

    /// The holidays of `code` in `year`, sorted by date; nil when `code` has no calendar
    /// (an empty array means no holiday that year).
    public static func holidays(code: String, year: Int) -> [PublicHoliday]? {
        guard let rules = HolidayCalendars.all[code.uppercased()] else { return nil }
        return holidayList(of: rules, in: year)
    }

    /// The holidays of `country` in `year` as (month, day) pairs, sorted; empty for an
    /// unsupported code (use `isSupported` to tell the two apart).
    public static func dates(country: String, year: Int) -> [(month: Int, day: Int)] {
        days(country: country, year: year).map { ($0.month, $0.day) }
    }

    /// The days that are holidays, each once, sorted.
    static func days(country: String, year: Int) -> [CivilDay] {
        var seen = Set<Int>()
        return (holidays(code: country, year: year) ?? []).map(\.day).filter { seen.insert($0.number).inserted }
    }
}
