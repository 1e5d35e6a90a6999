import Foundation
import Hours
import Testing

@Suite struct EvaluationTests {
    /// (expression, local time in Europe/Prague, state, next change with offset, comment)
    @Test(
        arguments: [
            ("Mo-Fr 08:00-18:00", "2026-11-21T10:00", "closed", "2026-11-23T08:00+01:00", nil),
            ("Mo-Fr 08:00-18:00", "2026-11-23T09:00", "open", "2026-11-23T18:00+01:00", nil),
            ("24/7", "2026-11-21T10:00", "open", nil, nil),
            ("off", "2026-11-21T10:00", "closed", nil, nil),
            ("Mo-Su 22:00-02:00", "2026-11-21T23:30", "open", "2026-11-22T02:00+01:00", nil),
            ("Mo-Su 22:00-02:00", "2026-11-22T01:00", "open", "2026-11-22T02:00+01:00", nil),
            ("Mo-Fr 08:00-12:00; We off", "2026-11-25T10:00", "closed", "2026-11-26T08:00+01:00", nil),
            ("Mo-Fr 08:00-18:00; We 12:00-14:00 off", "2026-11-25T13:00", "closed", "2026-11-25T14:00+01:00", nil),
            ("Mo-Fr 10:00-12:00,14:00-16:00", "2026-11-23T13:00", "closed", "2026-11-23T14:00+01:00", nil),
            ("Mo-Fr 09:00-17:00, Sa 10:00-12:00", "2026-11-21T11:00", "open", "2026-11-21T12:00+01:00", nil),
            (
                "Mo-Fr 09:00-17:00 || \"by appointment\"", "2026-11-21T11:00", "unknown", "2026-11-23T00:00+01:00",
                "by appointment"
            ),
            ("Mo-Su 10:00-18:00; Jan 01 off", "2026-12-31T17:00", "open", "2026-12-31T18:00+01:00", nil),
            ("Mo-Su 10:00-18:00; Jan 01 off", "2026-12-31T19:00", "closed", "2027-01-02T10:00+01:00", nil),
            ("Apr-Sep 09:00-20:00; Oct-Mar 09:00-17:00", "2026-11-21T18:00", "closed", "2026-11-22T09:00+01:00", nil),
            ("Apr-Sep 09:00-20:00; Oct-Mar 09:00-17:00", "2027-03-31T18:00", "closed", "2027-04-01T09:00+02:00", nil),
            ("Dec 24-Jan 01 off; Mo-Su 08:00-20:00", "2026-12-28T10:00", "open", "2026-12-28T20:00+01:00", nil),
            ("Mo-Su 08:00-20:00; Dec 24-Jan 01 off", "2026-12-28T10:00", "closed", "2027-01-02T08:00+01:00", nil),
            ("Su[-1] 10:00-12:00", "2026-11-29T11:00", "open", "2026-11-29T12:00+01:00", nil),
            ("Su[-1] 10:00-12:00", "2026-11-22T11:00", "closed", "2026-11-29T10:00+01:00", nil),
            ("We[1-2] 10:00-12:00", "2026-11-18T11:00", "closed", "2026-12-02T10:00+01:00", nil),
            ("week 01-53/2 Mo 10:00-11:00", "2026-11-23T09:00", "closed", "2026-11-30T10:00+01:00", nil),
            ("Fr 18:00+", "2026-11-27T19:00", "unknown", "2026-11-28T00:00+01:00", "open end"),
            ("Mo-Su 10:00-12:00; easter off", "2026-04-05T11:00", "closed", "2026-04-06T10:00+02:00", nil),
            ("Mo-Su 10:00-12:00; easter -2 days off", "2026-04-03T11:00", "closed", "2026-04-04T10:00+02:00", nil),
            ("2027 Mo-Su 10:00-12:00", "2026-11-21T11:00", "closed", "2027-01-01T10:00+01:00", nil),
            ("Mo-Su 10:00-12:00 \"ring the bell\"", "2026-11-21T11:00", "open", "2026-11-21T12:00+01:00", "ring the bell"),
            ("Mo-Su 10:00-12:00 unknown", "2026-11-21T11:00", "unknown", "2026-11-21T12:00+01:00", nil),
        ] as [(String, String, String, String?, String?)])
    func stateAndNextChange(expr: String, at: String, state: String, next: String?, comment: String?) throws {
        let (s, n, c) = try evaluate(expr, at: at)
        #expect(s == state)
        #expect(n == next)
        #expect(c == comment)
    }

    /// Europe/Prague switches at 02:00 → 03:00 on 2026-03-29 and 03:00 → 02:00 on 2026-10-25.
    @Test(arguments: [
        // A boundary inside the spring-forward gap takes effect at the first valid local time.
        ("Su 02:30-04:00", "2026-03-29T01:59", "closed", "2026-03-29T03:00+02:00"),
        ("Su 02:30-04:00", "2026-03-29T03:30", "open", "2026-03-29T04:00+02:00"),
        // An interval wholly inside the gap does not happen.
        ("Su 02:10-02:50", "2026-03-29T01:00", "closed", "2026-04-05T02:10+02:00"),
        ("Mo-Su 01:00-03:30", "2026-03-29T01:30", "open", "2026-03-29T03:30+02:00"),
        // Autumn: the repeated hour; the end at 02:30 is its first occurrence.
        ("Su 01:00-02:30", "2026-10-25T00:30", "closed", "2026-10-25T01:00+02:00"),
        ("Su 01:00-02:30", "2026-10-25T01:30", "open", "2026-10-25T02:30+02:00"),
        ("Mo-Su 22:00-06:00", "2026-10-24T23:00", "open", "2026-10-25T06:00+01:00"),
        ("Mo-Su 22:00-06:00", "2026-03-28T23:00", "open", "2026-03-29T06:00+02:00"),
    ])
    func daylightSavingTime(expr: String, at: String, state: String, next: String) throws {
        let (s, n, _) = try evaluate(expr, at: at)
        #expect(s == state)
        #expect(n == next)
    }

    @Test(arguments: [
        ("CZ", "2026-12-24T10:00", "closed", "2026-12-27T09:00+01:00"),
        ("CZ", "2026-04-03T10:00", "closed", "2026-04-04T09:00+02:00"),  // Good Friday 2026
        ("CZ", "2027-03-26T10:00", "closed", "2027-03-27T09:00+01:00"),  // Good Friday 2027
        ("CZ", "2027-03-29T10:00", "closed", "2027-03-30T09:00+02:00"),  // Easter Monday 2027
        ("CZ", "2026-07-06T10:00", "closed", "2026-07-07T09:00+02:00"),  // Jan Hus
        ("CZ", "2026-06-04T10:00", "open", "2026-06-04T17:00+02:00"),  // not a CZ holiday
        ("PL", "2026-06-04T10:00", "closed", "2026-06-05T09:00+02:00"),  // Corpus Christi 2026
        ("PL", "2027-05-16T10:00", "closed", "2027-05-17T09:00+02:00"),  // Pentecost 2027
        ("PL", "2027-05-27T10:00", "closed", "2027-05-28T09:00+02:00"),  // Corpus Christi 2027
        ("PL", "2026-12-24T10:00", "closed", "2026-12-27T09:00+01:00"),  // Dec 24 since 2025
        ("PL", "2026-11-11T10:00", "closed", "2026-11-12T09:00+01:00"),
    ])
    func publicHolidays(country: String, at: String, state: String, next: String) throws {
        let zone = country == "PL" ? warsaw : prague
        let (s, n, _) = try evaluate("Mo-Su 09:00-17:00; PH off", at: at, country: country, zone: zone)
        #expect(s == state)
        #expect(n == next)
    }

    /// `PH` where no calendar is known (a country without rules, or none) is unknown, never
    /// "not a holiday": every day might be one, so `PH off` leaves every day's opening hours
    /// unknown; the evening is closed either way (issue 40), so the state changes at 17:00.
    @Test(arguments: ["XX", nil] as [String?])
    func publicHolidaysOfAnUnknownCountryAreUnknown(country: String?) throws {
        let (s, n, c) = try evaluate("Mo-Su 09:00-17:00; PH off", at: "2026-12-24T10:00", country: country)
        #expect(s == "unknown")
        #expect(n == "2026-12-24T17:00+01:00")
        #expect(c == "public holidays of \(country ?? "an unknown country") are not known")
        let (open, _, _) = try evaluate("PH 10:00-12:00", at: "2026-12-23T11:00", country: country)
        #expect(open == "unknown")
    }

    @Test func holidayTables() {
        let cz = PublicHolidays.dates(country: "CZ", year: 2026).map { "\($0.month)-\($0.day)" }
        #expect(cz == ["1-1", "4-3", "4-6", "5-1", "5-8", "7-5", "7-6", "9-28", "10-28", "11-17", "12-24", "12-25", "12-26"])
        let pl = PublicHolidays.dates(country: "PL", year: 2027).map { "\($0.month)-\($0.day)" }
        #expect(
            pl == [
                "1-1", "1-6", "3-28", "3-29", "5-1", "5-3", "5-16", "5-27", "8-15", "11-1", "11-11", "12-24", "12-25", "12-26",
            ])
    }

    @Test func sunsetInPragueAtMidsummer() throws {
        let hours = try OpeningHours(parsing: "sunrise-sunset")
        let ctx = HoursContext(timeZone: prague, country: "CZ", latitude: 50.0875, longitude: 14.4214)
        let a = hours.state(at: wall("2026-06-21T12:00"), in: ctx)
        #expect(a.state == .open)
        // Sunset in Prague on 21 June is 21:1x CEST.
        let text = wallText(a.nextChange) ?? ""
        #expect(text >= "2026-06-21T21:10+02:00" && text <= "2026-06-21T21:20+02:00", "\(text)")
        let noCoords = hours.state(at: wall("2026-06-21T12:00"), in: HoursContext(timeZone: prague))
        #expect(noCoords.state == .unknown)
        #expect(noCoords.comment == "variable times need coordinates")
    }

    /// Expressions that never change answer without a next change (and without searching);
    /// "PH off; PH open" is closed until the next Czech public holiday.
    @Test(
        arguments: [
            ("24/7", "open", nil), ("off", "closed", nil), ("Mo-Su 00:00-24:00", "open", nil),
            ("Jan-Dec 00:00-24:00", "open", nil), ("PH off; PH open", "closed", "2026-12-24T00:00+01:00"),
        ] as [(String, String, String?)])
    func neverChangingExpressionAnswersAtOnce(expr: String, state: String, next: String?) throws {
        let (s, n, _) = try evaluate(expr, at: "2026-11-21T10:00")
        #expect(s == state)
        #expect(n == next)
    }

    @Test func hostTimeZoneDoesNotMatter() throws {
        // The same instant evaluated in Warsaw and Prague contexts: same zone rules → same answer.
        let hours = try OpeningHours(parsing: "Mo-Fr 08:00-18:00")
        let instant = wall("2026-11-23T07:30", TimeZone(identifier: "UTC") ?? .gmt)  // 08:30 in Prague
        #expect(hours.state(at: instant, in: HoursContext(timeZone: prague)).state == .open)
        #expect(
            hours.state(at: instant, in: HoursContext(timeZone: TimeZone(identifier: "America/New_York") ?? .gmt)).state
                == .closed)
    }
}
