import Foundation
import Hours
import Testing

/// The search for the next change reuses what it learnt on the way (each day's plan in
/// buffers, the rules' matches of the day before, the zone's offsets): its answer must be
/// the first minute at which a fresh evaluation (`currentState`, nothing reused) says
/// another state, for spill-over past midnight, holidays, `||` rules, DST changes, and more
/// rules than the remembered matches hold (64).
@Suite struct EvaluatorReuseTests {
    static let many = (["Su 22:00-03:00"] + Array(repeating: "Dec 25 10:00-11:00", count: 70)).joined(separator: "; ")

    @Test(arguments: [
        ("Mo-Fr 18:00-02:00; PH off", "2026-04-02T12:00"),
        ("Sa 20:00-04:00; Su 10:00-18:00", "2026-03-27T12:00"),
        ("Mo-Su 06:00-01:00; Su off", "2026-10-23T12:00"),
        ("Su closed || 22:00-02:00", "2026-03-27T12:00"),
        ("Mo-Fr 22:00-06:00; We 23:00-24:00 off", "2026-10-21T12:00"),
        (many, "2026-10-24T12:00"),
        (many, "2026-03-28T23:30"),
    ])
    func nextChangeIsTheFirstMinuteAnotherStateBegins(expr: String, from: String) throws {
        let hours = try OpeningHours(parsing: expr)
        let context = HoursContext(timeZone: prague, country: "CZ")
        var at = wall(from)
        // Four changes in a row, each checked minute by minute against fresh evaluations.
        for _ in 0..<4 {
            let answer = hours.state(at: at, in: context)
            let next = try #require(answer.nextChange, "\(expr) at \(at)")
            var t = at.addingTimeInterval(60)
            while t < next {
                #expect(hours.currentState(at: t, in: context).state == answer.state, "\(expr): changes at \(t) before \(next)")
                t = t.addingTimeInterval(60)
            }
            #expect(hours.currentState(at: next, in: context).state != answer.state, "\(expr): no change at \(next)")
            at = next
        }
    }
}
