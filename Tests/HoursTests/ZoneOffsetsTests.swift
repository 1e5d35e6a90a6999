import Contract
import Foundation
import Testing

@testable import Hours

/// The evaluator's table of zone offsets (`ZoneOffsets`, learnt from Foundation and kept for
/// the process) answers exactly what `TimeZone.secondsFromGMT(for:)` answers: at every
/// transition (a second before, at, after) and on a sample of instants between, in zones with
/// an hour of DST, half an hour (Lord Howe), negative DST (Dublin), changes of the standard
/// offset (Moscow 2011 and 2014), a skipped day (Apia 2011), DST abolished (São Paulo 2019),
/// yearly Ramadan suspensions (Casablanca) and none (Kolkata).
@Suite struct ZoneOffsetsTests {
    static let zones = [
        "Europe/Prague", "America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "Europe/Moscow", "Pacific/Apia",
        "America/Sao_Paulo", "Africa/Casablanca", "Asia/Kolkata",
    ]

    @Test(arguments: zones)
    func offsetsAgreeWithFoundation(name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let table = ZoneOffsets.shared(for: zone)
        let first = -631_152_000  // 1950-01-01
        let last = 2_871_763_200  // 2061-01-01
        var checked = 0
        func check(_ t: Int) {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
            #expect(table.offset(at: t) == expected, "\(name) at \(t)")
            checked += 1
        }
        // Every transition Foundation reports, a second either side.
        var at = Date(timeIntervalSince1970: Double(first))
        var transitions = 0
        while let next = zone.nextDaylightSavingTimeTransition(after: at), next.timeIntervalSince1970 < Double(last) {
            let t = Int(next.timeIntervalSince1970)
            for d in -1...1 { check(t + d) }
            transitions += 1
            at = next
        }
        // Between them: every 27 h 31 min (a different hour each day).
        for t in stride(from: first, to: last, by: 99_060) { check(t) }
        #expect(checked > 35_000)
        if name != "Asia/Kolkata" { #expect(transitions > 10, "\(name): \(transitions) transitions") }
    }

    /// A context follows a change of its zone: the table is the new zone's.
    @Test func contextFollowsItsZone() throws {
        let hours = try OpeningHours(parsing: "Mo-Fr 09:00-17:00")
        var context = HoursContext(timeZone: prague)
        let instant = try #require(InstantText.instant("2026-11-23T15:30:00Z"))  // 16:30 in Prague, 10:30 in New York
        #expect(hours.currentState(at: instant, in: context).state == .open)
        context.timeZone = try #require(TimeZone(identifier: "America/Los_Angeles"))  // 07:30
        #expect(hours.currentState(at: instant, in: context).state == .closed)
        #expect(context.offsets.timeZone.identifier == "America/Los_Angeles")
    }

    /// Fixed-offset zones have a table each (their identifiers differ), never another's.
    @Test func fixedOffsetZonesAreTheirOwn() throws {
        let plusOne = try #require(TimeZone(secondsFromGMT: 3600))
        let plusTwo = try #require(TimeZone(secondsFromGMT: 7200))
        #expect(ZoneOffsets.shared(for: plusOne).offset(at: 0) == 3600)
        #expect(ZoneOffsets.shared(for: plusTwo).offset(at: 0) == 7200)
        #expect(ZoneOffsets.shared(for: plusOne) === ZoneOffsets.shared(for: plusOne))
    }

    /// Instants spread over millennia (a server's `at=`) never grow a table past its bound,
    /// and it still answers as Foundation does after starting again.
    @Test func tableStaysBounded() throws {
        let zone = try #require(TimeZone(identifier: "Pacific/Auckland"))
        let table = ZoneOffsets.shared(for: zone)
        let first = -62_135_596_800  // 0001-01-01
        let step = 1 << ZoneOffsets.spanShift
        for k in 0..<(ZoneOffsets.maxSpans + 500) {
            let t = first + k * step
            _ = table.offset(at: t)
            #expect(table.spanCount <= ZoneOffsets.maxSpans)
        }
        #expect(table.spanCount == 500)
        let t = 1_795_000_000  // 2026-11-18
        #expect(table.offset(at: t) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))))
    }
}
