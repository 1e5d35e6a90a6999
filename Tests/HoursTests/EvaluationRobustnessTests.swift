import Foundation
import Testing

@testable import Hours

/// Issue 10: the evaluator never traps and never scans for long, whatever the instant, the
/// years an expression names, or the position it is given.
@Suite struct EvaluationRobustnessTests {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the ends instants are read at.
    static let firstSecond = -62_135_596_800.0
    static let lastSecond = 253_402_300_799.0

    /// Instants outside years 1-9999 (and NaN) are read at those ends instead of trapping in
    /// the conversion to whole seconds.
    @Test(arguments: [
        (-1e300, "closed", Date(timeIntervalSince1970: firstSecond + 10 * 3600) as Date?),  // 0001-01-01 is a Monday
        (-Double.infinity, "closed", Date(timeIntervalSince1970: firstSecond + 10 * 3600)),
        (1e300, "closed", nil),  // read as Friday 9999-12-31: the next change is not after 1e300
        (Double.infinity, "closed", nil),
        (Double.nan, "closed", nil),  // read as 1970; no instant is after NaN
        (lastSecond + 1, "closed", nil),
    ])
    func instantsOutsideTheCalendarAreClamped(seconds: Double, state: String, next: Date?) throws {
        let hours = try OpeningHours(parsing: "Mo 10:00-11:00")
        let answer = hours.state(at: Date(timeIntervalSince1970: seconds), in: HoursContext(timeZone: Self.utc))
        #expect(answer.state.rawValue == state)
        #expect(answer.nextChange == next)
    }

    /// Years no rule selects are skipped, not scanned day by day (800,000 days from year 1
    /// to 2200), and a year-anchored range that runs into the next year still counts there.
    @Test(
        arguments: [
            ("2200 Jan 01 10:00-11:00", "0001-01-01T00:00", "closed", "2200-01-01T10:00+00:00"),
            ("2200 Jan 01 10:00-11:00", "2200-01-01T10:30", "open", "2200-01-01T11:00+00:00"),
            ("2200 Jan 01 10:00-11:00", "2200-01-01T11:30", "closed", nil),
            ("2030 open", "2026-06-01T12:00", "closed", "2030-01-01T00:00+00:00"),
            ("2030 open", "2030-06-01T12:00", "open", "2031-01-01T00:00+00:00"),
            // A year before a date anchors the range (as opening-hours-rs reads it): Dec 31 of
            // 2025 to Jan 01 of 2026, and nothing in 2025's January.
            ("2025 Dec 31-Jan 01 10:00-12:00", "2020-06-01T00:00", "closed", "2025-12-31T10:00+00:00"),
            ("2025 Dec 31-Jan 01 10:00-12:00", "2025-12-31T12:30", "closed", "2026-01-01T10:00+00:00"),
            ("2025 Dec 31-Jan 01 10:00-12:00", "2026-01-01T12:30", "closed", nil),
            ("2026 Dec 31 22:00-26:00", "2026-12-31T23:00", "open", "2027-01-01T02:00+00:00"),
            ("2026 Dec 31 22:00-26:00", "2027-01-01T03:00", "closed", nil),
            ("1900-2200/100 Jun 01 off; 2100 open", "2026-01-01T00:00", "closed", "2100-01-01T00:00+00:00"),
            ("Mo-Fr 10:00-11:00", "9999-12-31T10:30", "open", "9999-12-31T11:00+00:00"),
        ] as [(String, String, String, String?)])
    func farYearsAreReachedWithoutScanningEveryDay(expr: String, at: String, state: String, next: String?) throws {
        let (s, n, _) = try evaluate(expr, at: at, country: nil, zone: Self.utc)
        #expect(s == state)
        #expect(n == next)
    }

    /// A date range anchored to a year (`Jan 01,2025 Dec 31-Jan 01` holds one after its
    /// first range) runs into the next year: that year is not skipped.
    @Test(
        arguments: [
            ("2020-06-01T00:00", "2025-12-31T10:00+00:00"), ("2025-12-31T12:30", "2026-01-01T10:00+00:00"),
            ("2026-01-01T12:30", nil),
        ] as [(String, String?)])
    func aYearAnchoredRangeRunsIntoTheNextYear(at: String, next: String?) {
        var rule = Rule()
        rule.dates = [DateRange(year: 2025, from: .monthDay(month: 12, day: 31), to: .monthDay(month: 1, day: 1))]
        rule.times = [TimeSpan(start: .minutes(600), end: .minutes(720))]
        let answer = OpeningHours(rules: [rule]).state(at: wall(at, Self.utc), in: HoursContext(timeZone: Self.utc))
        #expect(answer.state == .closed)
        #expect(wallText(answer.nextChange, Self.utc) == next)
    }

    /// A position outside the globe has no sun times: unknown, never a trap in `Int(…)`.
    @Test(
        arguments: [
            (Double.nan, 14.4), (50.1, Double.nan), (1e300, 14.4), (50.1, -1e300), (91, 0), (0, 181), (Double.infinity, 0),
        ] as [(Double, Double)])
    func sunTimesNeedAPositionOnTheGlobe(latitude: Double, longitude: Double) throws {
        let hours = try OpeningHours(parsing: "sunrise-sunset")
        let context = HoursContext(timeZone: prague, latitude: latitude, longitude: longitude)
        let answer = hours.state(at: wall("2026-06-01T12:00"), in: context)
        #expect(answer.state == .unknown)
        #expect(answer.comment == "variable times need coordinates")
    }

    /// `--at` years are four digits: a sign is not part of one.
    @Test(arguments: ["-999-01-01T10:00", "+999-01-01T10:00", "2026-+1-01T10:00", "2026-01-01T+1:00", "2026-01-01T1 :00"])
    func wallClockTextRejectsSigns(text: String) {
        #expect(WallClock.instant(text, in: Self.utc) == nil)
    }

    @Test func wallClockTextReadsYearsOneToNineThousand() {
        #expect(WallClock.instant("0001-01-01T00:00", in: Self.utc) == Date(timeIntervalSince1970: Self.firstSecond))
        #expect(WallClock.instant("9999-12-31T23:59:59", in: Self.utc) == Date(timeIntervalSince1970: Self.lastSecond))
    }
}
