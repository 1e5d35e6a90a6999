import Hours
import Testing

/// Issue 11 item 4: public holidays for every European country, computed for any year.
/// Expected dates are the law's, checked against the official calendars of the year.
@Suite struct HolidayCalendarTests {
    static func days(_ code: String, _ year: Int) -> String {
        (PublicHolidays.holidays(code: code, year: year) ?? []).map { h in
            (h.month < 10 ? "0" : "") + "\(h.month)-" + (h.dayOfMonth < 10 ? "0" : "") + "\(h.dayOfMonth)"
        }.joined(separator: " ")
    }

    /// Whole years: every holiday of the code, in order.
    @Test(arguments: [
        // UK: Jan 1 on a Saturday and Christmas on a Sunday give substitutes on Jan 3 and Dec 27;
        // Jun 2-3 and Sep 19 were the jubilee and state-funeral bank holidays.
        ("GB-ENG", 2022, "01-01 01-03 04-15 04-18 05-02 06-02 06-03 08-29 09-19 12-25 12-26 12-27"),
        // Christmas on a Saturday, Boxing Day on a Sunday: Monday and Tuesday after.
        ("GB-WLS", 2021, "01-01 04-02 04-05 05-03 05-31 08-30 12-25 12-26 12-27 12-28"),
        // Scotland: Jan 1 Saturday and Jan 2 Sunday give Jan 3 and 4; no Easter Monday; August's
        // bank holiday is the first Monday; St Andrew's Day.
        ("GB-SCT", 2022, "01-01 01-02 01-03 01-04 04-15 05-02 06-02 06-03 08-01 09-19 11-30 12-25 12-26 12-27"),
        // St Andrew's Day on a Sunday: substitute on Monday Dec 1.
        ("GB-SCT", 2025, "01-01 01-02 04-18 05-05 05-26 08-04 11-30 12-01 12-25 12-26"),
        // Northern Ireland: the Twelfth on a Sunday moves its day off to Monday the 13th.
        ("GB-NIR", 2026, "01-01 03-17 04-03 04-06 05-04 05-25 07-12 07-13 08-31 12-25 12-26 12-28"),
        // Bavaria: Epiphany, Corpus Christi (Jun 4), All Saints; Assumption only in Catholic
        // municipalities, so not in the Land's set.
        ("DE-BY", 2026, "01-01 01-06 04-03 04-06 05-01 05-14 05-25 06-04 10-03 11-01 12-25 12-26"),
        ("DE-SL", 2026, "01-01 04-03 04-06 05-01 05-14 05-25 06-04 08-15 10-03 11-01 12-25 12-26"),
        // Saxony: Repentance and Prayer Day, the Wednesday before Nov 23.
        ("DE-SN", 2026, "01-01 04-03 04-06 05-01 05-14 05-25 10-03 10-31 11-18 12-25 12-26"),
        ("DE-BE", 2025, "01-01 03-08 04-18 04-21 05-01 05-08 05-29 06-09 10-03 12-25 12-26"),
        // Spain: Nov 1 and Dec 6 fall on Sundays in 2026; Madrid moves both to Monday,
        // Catalonia keeps neither (its own Easter Monday, Jun 24, Sep 11, Dec 26).
        ("ES-MD", 2026, "01-01 01-06 04-02 04-03 05-01 05-02 08-15 10-12 11-02 12-07 12-08 12-25"),
        ("ES-CT", 2026, "01-01 01-06 04-03 04-06 05-01 06-24 08-15 09-11 10-12 12-08 12-25 12-26"),
        ("ES-AN", 2026, "01-01 01-06 02-28 04-02 04-03 05-01 08-15 10-12 11-02 12-07 12-08 12-25"),
        // Days given back for a holiday lost to a Sunday: Catalonia's Whit Monday when May 1 is
        // a Sunday; Madrid's St Joseph when Jan 1 is one (moved off its own Sunday to Mar 20);
        // the Basque Country's St Joseph when Nov 1 is one.
        ("ES-CT", 2033, "01-01 01-06 04-15 04-18 06-06 06-24 08-15 10-12 11-01 12-06 12-08 12-26"),
        ("ES-MD", 2023, "01-06 03-20 04-06 04-07 05-01 05-02 08-15 10-12 11-01 12-06 12-08 12-25"),
        ("ES-PV", 2026, "01-01 01-06 03-19 04-02 04-03 04-06 05-01 07-25 08-15 10-12 12-08 12-25"),
        // Orthodox Easter (Apr 12, 2026; May 5, 2024; May 2, 2027).
        ("GR", 2026, "01-01 01-06 02-23 03-25 04-10 04-13 05-01 06-01 08-15 10-28 12-25 12-26"),
        // Greek Labour Day on Holy Saturday: the next weekday after Easter Monday; in 2024 moved to May 7.
        ("GR", 2027, "01-01 01-06 03-15 03-25 04-30 05-01 05-03 05-04 06-21 08-15 10-28 12-25 12-26"),
        ("GR", 2024, "01-01 01-06 03-18 03-25 05-03 05-06 05-07 06-24 08-15 10-28 12-25 12-26"),
        ("RO", 2024, "01-01 01-02 01-06 01-07 01-24 05-01 05-03 05-05 05-06 06-01 06-23 06-24 08-15 11-30 12-01 12-25 12-26"),
        ("CY", 2027, "01-01 01-06 03-15 03-25 04-01 04-30 05-01 05-02 05-03 06-21 08-15 10-01 10-28 12-25 12-26"),
        // Serbia: Feb 15 on a Sunday; the day off moves past Feb 16 to Tuesday the 17th.
        ("RS", 2026, "01-01 01-02 01-07 02-15 02-16 02-17 04-10 04-11 04-12 04-13 05-01 05-02 11-11"),
        ("BG", 2025, "01-01 03-03 04-18 04-19 04-20 04-21 05-01 05-06 05-24 05-26 09-06 09-08 09-22 12-24 12-25 12-26"),
        // Swiss cantons: Glarus' Näfels procession leaves Holy Week (Apr 2 → Apr 9), Geneva's
        // fast is the Thursday after the first Sunday of September, Vaud's the Monday after the third.
        ("CH-GL", 2026, "01-01 04-03 04-06 04-09 05-14 05-25 08-01 11-01 12-25 12-26"),
        ("CH-GE", 2026, "01-01 04-03 04-06 05-14 05-25 08-01 09-10 12-25 12-31"),
        ("CH-VD", 2026, "01-01 01-02 04-03 04-06 05-14 05-25 08-01 09-21 12-25"),
        // Neuchâtel: Christmas on a Sunday makes Dec 26 a holiday.
        ("CH-NE", 2022, "01-01 03-01 04-15 05-01 05-26 06-16 08-01 12-25 12-26"),
        // Appenzell: St Stephen's Day is not kept on a Tuesday.
        ("CH-AI", 2023, "01-01 04-07 04-10 05-18 05-29 06-08 08-01 08-15 11-01 12-08 12-25"),
        ("CH-ZH", 2026, "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26"),
        // Nordic moving days: Midsummer Eve/Day (Fri/Sat Jun 19-26), All Saints (Sat Oct 31-Nov 6).
        ("FI", 2026, "01-01 01-06 04-03 04-05 04-06 05-01 05-14 05-24 06-19 06-20 10-31 12-06 12-24 12-25 12-26"),
        ("SE", 2026, "01-01 01-06 04-03 04-05 04-06 05-01 05-14 05-24 06-06 06-20 10-31 12-25 12-26"),
        // Ireland: St Brigid's Day is Feb 1 when a Friday, else the first Monday of February.
        ("IE", 2023, "01-01 02-06 03-17 04-10 05-01 06-05 08-07 10-30 12-25 12-26"),
        ("IE", 2030, "01-01 02-01 03-17 04-22 05-06 06-03 08-05 10-28 12-25 12-26"),
        // Netherlands: King's Day on a Sunday is kept on the Saturday; Liberation Day every 5 years.
        ("NL", 2025, "01-01 04-18 04-20 04-21 04-26 05-05 05-29 06-08 06-09 12-25 12-26"),
        ("NL", 2026, "01-01 04-03 04-05 04-06 04-27 05-14 05-24 05-25 12-25 12-26"),
        // Monaco: All Saints on a Sunday gives Monday off.
        ("MC", 2026, "01-01 01-27 04-06 05-01 05-14 05-25 06-04 08-15 11-01 11-02 11-19 12-08 12-25"),
        ("AT-9", 2026, "01-01 01-06 04-06 05-01 05-14 05-25 06-04 08-15 10-26 11-01 12-08 12-25 12-26"),
        ("FR-6AE", 2026, "01-01 04-03 04-06 05-01 05-08 05-14 05-25 07-14 08-15 11-01 11-11 12-25 12-26"),
        // Ukraine: no public holidays under martial law (since 2022).
        ("UA", 2026, ""),
    ])
    func wholeYears(code: String, year: Int, expected: String) {
        #expect(Self.days(code, year) == expected, "\(code) \(year)")
    }

    /// Years where the law changed: the day is absent before and present from the change.
    @Test(arguments: [
        ("CZ", "03-25", 2016, true), ("CZ", "04-03", 2015, false),  // Good Friday since 2016
        ("PL", "12-24", 2025, true), ("PL", "12-24", 2024, false),  // Christmas Eve since 2025
        ("DK", "05-05", 2023, true), ("DK", "04-26", 2024, false),  // Great Prayer Day until 2023
        ("SK", "09-01", 2023, true), ("SK", "09-01", 2024, false),  // Constitution Day until 2023
        ("HU", "04-14", 2017, true), ("HU", "03-25", 2016, false),  // Good Friday since 2017
        ("HR", "05-30", 2020, true), ("HR", "06-25", 2020, false),  // Statehood Day moved in 2020
        ("RO", "01-06", 2024, true), ("RO", "01-06", 2023, false),  // Epiphany since 2024
        ("IT", "10-04", 2026, true), ("IT", "10-04", 2025, false),  // St Francis since 2026
        ("DE-HH", "10-31", 2018, true), ("DE-HH", "10-31", 2016, false),  // Reformation Day since 2018
        ("DE-BY", "10-31", 2017, true), ("DE-BY", "10-31", 2018, false),  // nationwide only in 2017
        ("SE", "06-06", 2005, true), ("SE", "05-16", 2005, false),  // National Day replaced Whit Monday
        ("FR", "06-09", 2025, true), ("FR", "05-16", 2005, false),  // Whit Monday, not 2005-2007
    ])
    func ruleChanges(code: String, day: String, year: Int, holiday: Bool) {
        #expect(Self.days(code, year).split(separator: " ").contains(Substring(day)) == holiday, "\(code) \(year)-\(day)")
    }

    @Test(arguments: [
        (2024, "05-05"), (2025, "04-20"), (2026, "04-12"), (2027, "05-02"), (2028, "04-16"), (2100, "05-02"),
    ])
    func orthodoxEasterSunday(year: Int, expected: String) {
        let sunday = PublicHolidays.holidays(code: "RO", year: year)?.first { $0.name == "Orthodox Easter Sunday" }
        #expect(sunday.map { "0\($0.month)-" + ($0.dayOfMonth < 10 ? "0" : "") + "\($0.dayOfMonth)" } == expected)
    }

    @Test func namesAndSubstitutesAreLabelled() {
        let names = (PublicHolidays.holidays(code: "gb-eng", year: 2022) ?? []).map(\.name)
        #expect(names.contains("Christmas Day (substitute)"))
        #expect(names.contains("State Funeral of Queen Elizabeth II"))
    }

    @Test func anUnknownCodeIsNotAYearWithoutHolidays() {
        #expect(PublicHolidays.holidays(code: "XX", year: 2026) == nil)
        #expect(PublicHolidays.holidays(code: "UA", year: 2026) == [])
        #expect(PublicHolidays.isSupported("de-by"))
        #expect(!PublicHolidays.isSupported("DE-XX"))
        // Issue 23 item 6: a bare country of regional calendars is its national holidays.
        #expect(PublicHolidays.isSupported("DE"))
        #expect(PublicHolidays.dates(country: "ES", year: 2026).count == 8)
        #expect(PublicHolidays.dates(country: "cz", year: 2026).count == 13)
    }

    @Test func everyEuropeanCountryHasACalendar() {
        let countries = Set(PublicHolidays.supportedCountries.map { String($0.prefix(2)) })
        let europe = [
            "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU",
            "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "GB", "CH", "AD", "MC", "SM", "MD",
            "RS", "ME", "BY", "UA",
        ]
        #expect(europe.filter { !countries.contains($0) } == [])
        #expect(countries.count == 40)
        #expect(PublicHolidays.supportedCountries.filter { $0.hasPrefix("DE-") }.count == 16)
        #expect(PublicHolidays.supportedCountries.filter { $0.hasPrefix("CH-") }.count == 26)
        #expect(PublicHolidays.supportedCountries.filter { $0.hasPrefix("AT-") }.count == 9)
        #expect(PublicHolidays.supportedCountries.filter { $0.hasPrefix("ES-") }.count == 17)
        #expect(PublicHolidays.supportedCountries.filter { $0.hasPrefix("GB-") } == ["GB-ENG", "GB-NIR", "GB-SCT", "GB-WLS"])
    }

    @Test(
        arguments: [
            ("CZ", nil),
            ("gb-sct", nil),
            ("GB", nil),
            ("GB-XX", "'GB-XX' has no public-holiday calendar (near: GB, GB-ENG, GB-NIR, GB-SCT, GB-WLS)"),
            ("AT-10", "'AT-10' has no public-holiday calendar (near: AT, AT-1, AT-2, AT-3, AT-4, AT-5, AT-6, AT-7, AT-8, AT-9)"),
            ("CX", "'CX' has no public-holiday calendar (near: CH, CY, CZ)"),
            ("XQ", "'XQ' has no public-holiday calendar in this build (115 codes are, docs/holidays.md lists them)"),
            ("Czech", "'Czech' is not an ISO 3166 country or region code (such as CZ or DE-BY)"),
            ("DE_BY", "'DE_BY' is not an ISO 3166 country or region code (such as CZ or DE-BY)"),
        ] as [(String, String?)])
    func problemsNameTheValueAndTheNearestCodes(code: String, expected: String?) {
        #expect(PublicHolidays.problem(with: code) == expected)
    }
}
