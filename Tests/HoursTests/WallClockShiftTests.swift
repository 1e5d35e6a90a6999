import Contract
import Foundation
import Hours
import Testing

/// Which instant a wall-clock `--at` names on a day the clocks change, as a fact the CLI
/// reports (regression, issue 10 item 19: a time in the spring-forward gap was moved silently).
@Suite struct WallClockShiftTests {
    static func zone(_ name: String) -> TimeZone { TimeZone(identifier: name) ?? .gmt }

    /// A time in the gap: the first valid instant after it (the transition, plus the seconds given).
    @Test(arguments: [
        ("2026-03-29T02:30", "Europe/Prague", "2026-03-29", "02:00", "03:00", "2026-03-29T03:00:00+02:00"),
        ("2026-03-29T02:00", "Europe/Prague", "2026-03-29", "02:00", "03:00", "2026-03-29T03:00:00+02:00"),
        ("2026-03-29T02:59:30", "Europe/Prague", "2026-03-29", "02:00", "03:00", "2026-03-29T03:00:30+02:00"),
        ("2026-03-08T02:15", "America/New_York", "2026-03-08", "02:00", "03:00", "2026-03-08T03:00:00-04:00"),
        ("2026-10-04T02:10", "Australia/Lord_Howe", "2026-10-04", "02:00", "02:30", "2026-10-04T02:30:00+11:00"),
    ])
    func skippedTimes(at: String, zone: String, day: String, before: String, after: String, used: String) throws {
        let tz = WallClockShiftTests.zone(zone)
        let shift = try #require(WallClock.shift(at, in: tz))
        #expect(shift.kind == .skipped)
        #expect(shift.day == day)
        #expect(shift.clockBefore == before)
        #expect(shift.clockAfter == after)
        #expect(InstantText.text(shift.used, in: tz) == used)
        #expect(shift.used == WallClock.instant(at, in: tz))
        #expect(shift.other == nil)
    }

    /// A time that happens twice: the first occurrence is used; the other is the later one.
    @Test(arguments: [
        (
            "2026-10-25T02:30", "Europe/Prague", "2026-10-25", "03:00", "02:00", "2026-10-25T02:30:00+02:00",
            "2026-10-25T02:30:00+01:00"
        ),
        (
            "2026-10-25T02:00", "Europe/Prague", "2026-10-25", "03:00", "02:00", "2026-10-25T02:00:00+02:00",
            "2026-10-25T02:00:00+01:00"
        ),
        (
            "2026-11-01T01:45", "America/New_York", "2026-11-01", "02:00", "01:00", "2026-11-01T01:45:00-04:00",
            "2026-11-01T01:45:00-05:00"
        ),
    ])
    func repeatedTimes(at: String, zone: String, day: String, before: String, after: String, used: String, other: String) throws {
        let tz = WallClockShiftTests.zone(zone)
        let shift = try #require(WallClock.shift(at, in: tz))
        #expect(shift.kind == .repeated)
        #expect(shift.day == day)
        #expect(shift.clockBefore == before)
        #expect(shift.clockAfter == after)
        #expect(InstantText.text(shift.used, in: tz) == used)
        #expect(shift.used == WallClock.instant(at, in: tz))
        #expect(shift.other.map { InstantText.text($0, in: tz) } == other)
    }

    /// Ordinary times, the edges of the gap and the overlap, and texts that are not wall-clock times.
    @Test(arguments: [
        ("2026-03-29T01:59", "Europe/Prague"), ("2026-03-29T03:00", "Europe/Prague"), ("2026-10-25T01:59", "Europe/Prague"),
        ("2026-10-25T03:00", "Europe/Prague"), ("2026-07-01T12:00", "Europe/Prague"), ("2026-03-29T02:30", "UTC"),
        ("2026-03-29T02:30", "Asia/Tokyo"), ("2026-03-29T02:30:00+02:00", "Europe/Prague"), ("2026-03-29 02:30", "Europe/Prague"),
    ])
    func otherTimesHaveNoShift(at: String, zone: String) {
        #expect(WallClock.shift(at, in: WallClockShiftTests.zone(zone)) == nil)
    }
}
