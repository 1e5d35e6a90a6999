import Contract
import Foundation
import Hours
import Testing

/// The next change around the autumn clock change, when the wall clock reads the same times
/// twice: a boundary in the repeated stretch happens at both instants, and the moment the
/// clock goes back is a change when the earlier wall time has another state. Instants are
/// given with their offset, so the first and the second pass are told apart.
@Suite struct RepeatedHourTests {
    /// (expression, zone, instant, state, next change). Europe/Prague goes back from 03:00
    /// CEST to 02:00 CET on 2026-10-25 (01:00 UTC); Asia/Beirut from 24:00 to 23:00 on
    /// 2026-10-24 (21:00 UTC); Australia/Lord_Howe by half an hour, from 02:00 to 01:30 on
    /// 2026-04-05 (15:00 UTC).
    @Test(arguments: [
        ("Mo-Su 00:00-02:30", "Europe/Prague", "2026-10-25T02:15:00+02:00", "open", "2026-10-25T02:30:00+02:00"),
        ("Mo-Su 00:00-02:30", "Europe/Prague", "2026-10-25T02:45:00+02:00", "closed", "2026-10-25T02:00:00+01:00"),
        ("Mo-Su 00:00-02:30", "Europe/Prague", "2026-10-25T02:15:00+01:00", "open", "2026-10-25T02:30:00+01:00"),
        ("Mo-Su 00:00-02:30", "Europe/Prague", "2026-10-25T02:45:00+01:00", "closed", "2026-10-26T00:00:00+01:00"),
        ("Mo-Su 02:30-04:00", "Europe/Prague", "2026-10-25T01:00:00+02:00", "closed", "2026-10-25T02:30:00+02:00"),
        ("Mo-Su 02:30-04:00", "Europe/Prague", "2026-10-25T02:45:00+02:00", "open", "2026-10-25T02:00:00+01:00"),
        ("Mo-Su 02:30-04:00", "Europe/Prague", "2026-10-25T02:10:00+01:00", "closed", "2026-10-25T02:30:00+01:00"),
        // Unchanged where nothing repeats: an interval spanning the whole repeated hour.
        ("Mo-Su 01:00-05:00", "Europe/Prague", "2026-10-25T02:15:00+01:00", "open", "2026-10-25T05:00:00+01:00"),
        ("Mo-Su 23:30-23:45", "Asia/Beirut", "2026-10-24T23:40:00+03:00", "open", "2026-10-24T23:45:00+03:00"),
        ("Mo-Su 23:30-23:45", "Asia/Beirut", "2026-10-24T23:50:00+03:00", "closed", "2026-10-24T23:30:00+02:00"),
        ("Mo-Su 23:30-23:45", "Asia/Beirut", "2026-10-24T23:50:00+02:00", "closed", "2026-10-25T23:30:00+02:00"),
        ("Mo-Su 00:00-01:45", "Australia/Lord_Howe", "2026-04-05T01:50:00+11:00", "closed", "2026-04-05T01:30:00+10:30"),
        ("Mo-Su 00:00-01:45", "Australia/Lord_Howe", "2026-04-05T01:35:00+10:30", "open", "2026-04-05T01:45:00+10:30"),
    ])
    func nextChangeInTheRepeatedStretch(expr: String, zone: String, at: String, state: String, next: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let instant = try #require(InstantText.instant(at))
        let answer = try OpeningHours(parsing: expr).state(at: instant, in: HoursContext(timeZone: tz, country: nil))
        #expect(answer.state.rawValue == state)
        #expect(answer.nextChange.map { InstantText.text($0, in: tz) } == next)
    }

    /// The reported change is the first one: every minute from the instant to just before
    /// it has the instant's state, and the change itself has another (checked minute by
    /// minute through both passes of the repeated hour).
    @Test(arguments: ["Mo-Su 00:00-02:30", "Mo-Su 02:30-04:00", "Mo-Su 02:10-02:20,02:40-02:50", "Su 02:00-03:00"])
    func noEarlierChange(expr: String) throws {
        let hours = try OpeningHours(parsing: expr)
        let context = HoursContext(timeZone: prague, country: nil)
        let from = try #require(InstantText.instant("2026-10-24T23:00:00Z"))
        for minute in stride(from: 0, to: 240, by: 5) {
            let instant = from.addingTimeInterval(Double(minute * 60))
            let answer = hours.state(at: instant, in: context)
            let next = try #require(answer.nextChange, "\(expr) at \(instant)")
            var t = instant.addingTimeInterval(60)
            while t < next {
                #expect(hours.currentState(at: t, in: context).state == answer.state, "\(expr) at \(instant): \(t)")
                t = t.addingTimeInterval(60)
            }
            #expect(hours.currentState(at: next, in: context).state != answer.state, "\(expr) at \(instant)")
        }
    }
}
