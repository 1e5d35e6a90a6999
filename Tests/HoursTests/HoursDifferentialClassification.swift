import Contract
import Foundation
import LocateTestSupport
import Testing

@testable import Hours

/// One (expression, instant) pair of the differential test, evaluated by our engine.
struct DifferentialCase {
    let expr: String
    let at: Date
    let hours: OpeningHours?
    let ours: HoursAnswer?
    let error: String?
    /// Set when our next change opens a window a sun event makes a minute or two long.
    let sliver: SunSliver?
}

/// A window of at most `HoursDifferentialTests.sunToleranceMinutes` minutes that our next
/// change opens, between a fixed time and a time taken from a sun event
/// (`08:00-05:00` and `(dawn+01:00)-13:30 closed`: open 08:00-08:01 with our dawn at 07:01,
/// no window with opening-hours-py's at 07:00); `after` is our next change after it.
struct SunSliver {
    let start: Date
    let end: Date
    let after: Date?
}

/// How a pair compares with opening-hours-py (README, "Differential test").
enum DifferentialOutcome: Hashable {
    case agree, bothReject, oracleRejects, sunTolerance, sunSliver, commentChange, oracleSkip, beyondHorizon
    case mismatch(String)
}

extension HoursDifferentialTests {
    /// Evaluates one pair and writes the oracle's input line for it.
    static func prepare(_ expr: String, at: Date) throws -> (DifferentialCase, String) {
        let text = InstantText.text(at, in: zone)
        do {
            // An nth weekday alone in a date list: evaluated as opening-hours-py reads it
            // (a date), so the rest of the expression is still compared (README).
            let hours = try OpeningHours(parsing: oracleReading(expr))
            let answer = hours.state(at: at, in: context)
            let sliver = sunSliver(expr, hours, answer)
            let probes = sliver.map { [$0.start, $0.after] } ?? []
            let c = DifferentialCase(expr: expr, at: at, hours: hours, ours: answer, error: nil, sliver: sliver)
            return (c, try line(expr, at: text, oursNext: answer.nextChange, probes: probes))
        } catch {
            let c = DifferentialCase(expr: expr, at: at, hours: nil, ours: nil, error: "\(error)", sliver: nil)
            return (c, try line(expr, at: text, oursNext: nil))
        }
    }

    /// The window our next change opens when it lasts at most the sun tolerance, returns to
    /// the present state and starts or ends within the tolerance of a sun event's time.
    static func sunSliver(_ expr: String, _ hours: OpeningHours, _ answer: HoursAnswer) -> SunSliver? {
        guard isSun(expr), let start = answer.nextChange,
            let end = hours.state(at: start, in: context).nextChange,
            end.timeIntervalSince(start) <= Double(sunToleranceMinutes * 60)
        else { return nil }
        let back = hours.state(at: end, in: context)
        guard back.state == answer.state, isNearSunEvent(hours, at: start) || isNearSunEvent(hours, at: end)
        else { return nil }
        return SunSliver(start: start, end: end, after: back.nextChange)
    }

    static func isSun(_ expr: String) -> Bool {
        expr.contains("sun") || expr.contains("dawn") || expr.contains("dusk")
    }

    /// Compares one pair with opening-hours-py's answer (a line of scripts/hours-oracle.py).
    static func classify(_ c: DifferentialCase, _ answer: [String: Any]) -> DifferentialOutcome {
        let at = InstantText.text(c.at, in: zone)
        guard let ours = c.ours else {
            if answer["error"] is String { return .bothReject }
            return .mismatch("we reject '\(c.expr)' (\(c.error ?? "")); opening-hours-py: \(answer)")
        }
        if let error = answer["error"] as? String {
            if isRejectedByOracleOnly(c.expr) { return .oracleRejects }
            return .mismatch("opening-hours-py rejects '\(c.expr)': \(error)")
        }
        let theirState = answer["state"] as? String
        let theirNext = answer["next"] as? String
        let theirInstant = theirNext.flatMap(InstantText.instant)
        let ourNext = ours.nextChange.map { InstantText.text($0, in: zone) }
        let sun = isSun(c.expr)
        guard theirState == ours.state.rawValue else {
            if sun, let hours = c.hours, isNearSunEvent(hours, at: c.at), nearBoundary(hours, at: c.at, state: theirState) {
                return .sunTolerance
            }
            return .mismatch("'\(c.expr)' at \(at): state \(ours.state.rawValue), opening-hours-py \(theirState ?? "?")")
        }
        if theirNext == ourNext { return .agree }
        if sun, let t = theirInstant, let o = ours.nextChange, isSunShift(t.timeIntervalSince(o)) { return .sunTolerance }
        if answer["state_at_next"] as? String == theirState, let t = theirInstant, t < (ours.nextChange ?? .distantFuture) {
            // Its next change counts a change of comment alone (the state stays).
            return .commentChange
        }
        if let mine = ours.nextChange,
            answer["state_at_ours_next"] as? String != theirState
                || (sun && answer["state_after_ours_next"] as? String != theirState),
            theirInstant.map({ $0 > mine }) ?? true
        {
            // Its own state changes by our next change (for a sun event, within the
            // tolerance after it: its event may fall a minute later), which its next_change skips.
            return .oracleSkip
        }
        if isFar(ourNext, from: c.at), isFar(theirNext, from: c.at) {
            // Both see no change within about 12 years (each evaluator's search horizon).
            return .beyondHorizon
        }
        if let sliver = c.sliver, let probes = answer["probe_states"] as? [Any], probes.count == 2,
            probes[0] as? String == theirState
        {
            // No window at our next change there (its sun event is a minute or two off);
            // past the window, our next change is its next change, or a change of its own
            // state that its next_change skips (`09:45-06:15,dawn-17:15 || 24/7`: none).
            let after = sliver.after.map { InstantText.text($0, in: zone) }
            let skipped = sliver.after.map { a in probes[1] as? String != theirState && (theirInstant.map { $0 > a } ?? true) }
            if after == theirNext || skipped == true { return .sunSliver }
        }
        return .mismatch(
            "'\(c.expr)' at \(at) (\(ours.state.rawValue)): next \(ourNext ?? "none"), opening-hours-py \(theirNext ?? "none")"
        )
    }
}

extension HoursDifferentialTests {
    /// The seven mismatches of the 100,000-pair run (seed 11, 2026-11-23) and how each
    /// compares now: four a window a sun event makes a minute long on our side only, three
    /// an nth weekday with a day offset in a date list the test rewrote without its offset.
    static let reportedPairs: [(String, String, DifferentialOutcome)] = [
        ("09:45-06:15,dawn-17:15 || 24/7", "2027-07-24T23:57:00+02:00", .sunSliver),
        (
            "Su-Tu,Fr-Su sunrise-dusk unknown ; Aug-Jul,Mar 12,Sep Th[1] 04:45-16:15,01:00-19:00 closed; "
                + "Fr[1,3],Mo[5] +2 days 02:45-19:30 closed", "2030-12-15T01:52:00+01:00", .sunSliver
        ),
        (
            "Tu[1,3] 08:00-05:00,14:15-02:00; Th[-2] -2 days (dawn+01:00)-13:30,22:15-18:15 closed",
            "2025-10-15T01:06:00+02:00", .sunSliver
        ),
        (Self.offsetDate, "2029-02-27T03:23:00+01:00", .agree),
        (Self.offsetDate, "2024-04-19T08:06:00+02:00", .agree),
        (Self.offsetDate, "2030-05-18T04:19:00+02:00", .agree),
        (
            "(dawn+01:00)-16:00,(sunset-01:15)-23:30 ; PH 01:00-01:00,00:00-24:00 unknown \"note 3\", 2029 14:45-18:30 closed",
            "2028-02-13T09:28:00+01:00", .sunSliver
        ),
    ]
    static let offsetDate = "May 23-Dec 07,Dec We[1] -3 days 05:45-13:15 unknown, Sep,May-Sep: 08:00-15:30 off"

    @Test func reportedMismatchesAreClassified() throws {
        let python = try #require(HoursOracle.python)
        var cases: [DifferentialCase] = []
        var input = ""
        for (expr, at, _) in Self.reportedPairs {
            let (c, line) = try Self.prepare(expr, at: try #require(InstantText.instant(at)))
            cases.append(c)
            input += line + "\n"
        }
        let r = try Self.oracle(python, input)
        let answers = r.stdout.split(separator: "\n").map { Self.object(String($0)) }
        try #require(answers.count == Self.reportedPairs.count, "\(r.stderr)")
        for ((expr, at, expected), (c, answer)) in zip(Self.reportedPairs, zip(cases, answers)) {
            #expect(Self.classify(c, answer) == expected, "\(expr) at \(at): \(answer)")
        }
        // Our window, 2025-10-21 08:00-08:01 (dawn 07:01 here, 07:00 there), and past it 13:30.
        let sliver = try #require(cases[2].sliver)
        #expect(InstantText.text(sliver.start, in: Self.zone) == "2025-10-21T08:00:00+02:00")
        #expect(InstantText.text(sliver.end, in: Self.zone) == "2025-10-21T08:01:00+02:00")
        #expect(sliver.after.map { InstantText.text($0, in: Self.zone) } == "2025-10-21T13:30:00+02:00")
        // The class stays narrow: a different change past the window, or the same window
        // there, is a mismatch.
        var other = answers[2]
        other["next"] = "2025-10-21T13:00:00+02:00"
        #expect(Self.classify(cases[2], other) != .sunSliver)
        other = answers[2]
        other["probe_states"] = ["open", "closed"]
        #expect(Self.classify(cases[2], other) != .sunSliver)
    }

    @Test func oracleReadingKeepsTheDayOffsetOnBothEnds() {
        #expect(
            Self.oracleReading("May 23-Dec 07,Dec We[1] -3 days 05:45-13:15")
                == "May 23-Dec 07,Dec We[1] -3 days-Dec We[1] -3 days 05:45-13:15")
        #expect(Self.oracleReading("Aug 24,Oct We[3] 02:45-07:45") == "Aug 24,Oct We[3]-Oct We[3] 02:45-07:45")
        #expect(Self.oracleReading("Aug 24,Dec We[1] -3 days-Dec 31") == "Aug 24,Dec We[1] -3 days-Dec 31")
        #expect(Self.oracleReading("Aug Th[4] -1 day,Sa[1,3]") == "Aug Th[4] -1 day,Sa[1,3]")
    }
}
