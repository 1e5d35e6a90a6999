import Contract
import Foundation
import LocateTestSupport
import Testing

@testable import Hours

/// The Python of `.build/hours-venv` with opening-hours-py (the Rust evaluator
/// opening-hours-rs), made on first use; nil when Python or pip cannot provide it.
enum HoursOracle {
    static let venv = Fixtures.repo(".build/hours-venv")
    static let python: String? = {
        let py = venv + "/bin/python"
        let check = "\(py) -c 'import opening_hours' 2>/dev/null"
        if (try? Fixtures.shell(check).status) == 0 { return py }
        let install = "python3 -m venv \(venv) && \(venv)/bin/pip install -q opening-hours-py"
        guard (try? Fixtures.shell(install).status) == 0, (try? Fixtures.shell(check).status) == 0 else { return nil }
        return py
    }()
}

/// Differential test against opening-hours-py: random expressions from a grammar-based
/// generator (`HoursExpressionGenerator`, seeded) at random instants, state and next change
/// compared. `HOURS_DIFF_COUNT` sets the number of pairs (default 400, a few seconds in a debug build;
/// `make hours-diff` runs 100,000) and `HOURS_DIFF_SEED` the seed (default 11).
@Suite(.enabled(if: HoursOracle.python != nil, "opening-hours-py cannot be installed (no python3 or pip): skipped"))
struct HoursDifferentialTests {
    static let zone = TimeZone(identifier: "Europe/Prague") ?? .gmt
    /// Prague's Old Town Square: sun events are computed there by both evaluators.
    static let latitude = 50.087
    static let longitude = 14.421
    static let context = HoursContext(timeZone: zone, country: "CZ", latitude: latitude, longitude: longitude)
    /// Sun events may differ by this many minutes: both evaluators round to the minute, and
    /// their solar equations (NOAA's here, the `sunrise` crate's there) differ by up to about
    /// a minute at Prague's latitude (`sunEventsAgreeWithinTolerance` measures it).
    static let sunToleranceMinutes = 2

    /// Every deliberate difference from opening-hours-py, as (expression, instant, our state,
    /// our next change, its state, its next change, why). The generator leaves these
    /// constructs out; this test checks each row against both evaluators, so a change on
    /// either side shows. README ("Opening hours") lists the same.
    static let deliberateDifferences: [(String, String, String, String?, String, String?, String)] = [
        (
            "Mo-Fr 10:00-12:00 || \"by appointment\"", "2026-11-21T10:00:00+01:00", "unknown", "2026-11-23T00:00:00+01:00",
            "open", nil, "a rule that is only a comment is unknown (opening_hours.js), never open"
        ),
        (
            "Mo 18:00+", "2026-11-23T19:00:00+01:00", "unknown", "2026-11-24T00:00:00+01:00", "open",
            "2026-11-24T00:00:00+01:00", "an open end is unknown from its start (opening_hours.js), not open"
        ),
        (
            "Mo 10:00-14:00+", "2026-11-23T15:00:00+01:00", "unknown", "2026-11-24T00:00:00+01:00", "closed",
            "2026-11-30T10:00:00+01:00", "after an open end's span the state is unknown until midnight (opening_hours.js)"
        ),
        (
            "2026-2028/3", "2027-06-09T12:00:00+02:00", "closed", nil, "open",
            "2029-01-01T00:00:00+01:00",
            "a year step longer than its range selects the first year only (opening-hours-py drops the step)"
        ),
        (
            "Jun 10:00-12:00 || unknown", "2026-05-31T13:00:00+02:00", "unknown", "2026-06-01T00:00:00+02:00", "unknown",
            nil, "opening-hours-py reports no next change here though its own state changes on Jun 01"
        ),
        (
            "Aug 24,Oct We[3] 02:45-07:45", "2026-07-23T15:01:00+02:00", "closed", "2026-10-21T02:45:00+02:00", "closed",
            "2026-08-24T02:45:00+02:00",
            "a month and an nth weekday in a date list are a month and a weekday selector (the specification's grammar); "
                + "opening-hours-py reads one date, the third Wednesday of October"
        ),
        (
            "Aug Th[4] -1 day,Sa[1,3] 10:00-12:00", "2026-08-01T09:00:00+02:00", "closed", "2026-08-01T10:00:00+02:00",
            "error", nil,
            "a month, then a weekday list that starts with an nth weekday and an offset; opening-hours-py rejects it"
        ),
    ]

    @Test func deliberateDifferencesAreExact() throws {
        let python = try #require(HoursOracle.python)
        var input = ""
        for (expr, at, ours, oursNext, _, _, _) in Self.deliberateDifferences {
            let hours = try OpeningHours(parsing: expr)
            let instant = try #require(InstantText.instant(at))
            let a = hours.state(at: instant, in: Self.context)
            #expect(a.state.rawValue == ours, "\(expr)")
            #expect(a.nextChange.map { InstantText.text($0, in: Self.zone) } == oursNext, "\(expr)")
            input += try Self.line(expr, at: at, oursNext: nil) + "\n"
        }
        let r = try Self.oracle(python, input)
        let answers = r.stdout.split(separator: "\n").map { Self.object(String($0)) }
        #expect(answers.count == Self.deliberateDifferences.count, "\(r.stderr)")
        for (row, answer) in zip(Self.deliberateDifferences, answers) {
            #expect(answer["state"] as? String ?? (answer["error"] == nil ? nil : "error") == row.4, "\(row.0)")
            #expect(answer["next"] as? String == row.5, "\(row.0)")
        }
    }

    /// Sunrise, sunset, dawn and dusk (civil twilight) at Prague on every third day of 2026,
    /// read as next changes of `sunrise-sunset` and `dawn-dusk` from midnight and from noon:
    /// each within `sunToleranceMinutes` of opening-hours-py's.
    @Test func sunEventsAgreeWithinTolerance() throws {
        let python = try #require(HoursOracle.python)
        var input = ""
        var ours: [Date?] = []
        for n in stride(from: 0, to: 365, by: 3) {
            let day = Date(timeIntervalSince1970: 1_767_225_600 + Double(n) * 86400)  // 2026-01-01 UTC + n days
            let date = String(InstantText.text(day, in: .gmt).prefix(10))
            for expr in ["sunrise-sunset", "dawn-dusk"] {
                for clock in ["00:00", "12:00"] {
                    let at = try #require(WallClock.instant(date + "T" + clock, in: Self.zone))
                    let hours = try OpeningHours(parsing: expr)
                    ours.append(hours.state(at: at, in: Self.context).nextChange)
                    input += try Self.line(expr, at: InstantText.text(at, in: Self.zone), oursNext: nil) + "\n"
                }
            }
        }
        let r = try Self.oracle(python, input)
        let answers = r.stdout.split(separator: "\n").map { Self.object(String($0)) }
        try #require(answers.count == ours.count, "\(r.stderr)")
        var worst = 0.0
        for (mine, answer) in zip(ours, answers) {
            let theirs = try #require((answer["next"] as? String).flatMap(InstantText.instant), "\(answer)")
            let mine = try #require(mine)
            worst = max(worst, abs(mine.timeIntervalSince(theirs)) / 60)
        }
        print("hours-diff: sun events at Prague, 2026: the largest difference is \(Int(worst)) minutes")
        #expect(worst <= Double(Self.sunToleranceMinutes))
        #expect(ours.count == 488)
    }

    @Test func agreesWithOpeningHoursPy() throws {
        let python = try #require(HoursOracle.python)
        let env = ProcessInfo.processInfo.environment
        let count = Int(env["HOURS_DIFF_COUNT"] ?? "") ?? 400
        let seed = UInt64(env["HOURS_DIFF_SEED"] ?? "") ?? 11
        var generator = HoursExpressionGenerator(seed: seed)
        let started = Date()
        var cases: [DifferentialCase] = []
        var input = ""
        var expr = generator.expression()
        for i in 0..<count {
            // Five instants per expression: parsing is not what is compared.
            if i % 5 == 0 { expr = generator.expression() }
            let (c, line) = try Self.prepare(expr, at: generator.instant())
            cases.append(c)
            input += line + "\n"
        }
        let oursDone = Date()
        let r = try Self.oracle(python, input)
        print(
            "hours-diff: ours \(Int(oursDone.timeIntervalSince(started) * 1000)) ms, opening-hours-py \(Int(Date().timeIntervalSince(oursDone) * 1000)) ms"
        )
        let answers = r.stdout.split(separator: "\n").map { Self.object(String($0)) }
        try #require(answers.count == count, "the oracle answered \(answers.count) of \(count) lines: \(r.stderr)")
        var tally: [DifferentialOutcome: Int] = [:]
        var nthWeekdayDates = 0
        var mismatches: [String] = []
        for (c, answer) in zip(cases, answers) {
            let outcome = Self.classify(c, answer)
            if case .mismatch(let text) = outcome {
                mismatches.append(text)
            } else {
                tally[outcome, default: 0] += 1
            }
            if outcome == .agree, Self.oracleReading(c.expr) != c.expr { nthWeekdayDates += 1 }
        }
        let agreed = tally[.agree] ?? 0
        let bothReject = tally[.bothReject] ?? 0
        let commentChanges = tally[.commentChange] ?? 0
        let oracleSkips = tally[.oracleSkip] ?? 0
        let beyondHorizon = tally[.beyondHorizon] ?? 0
        let sunTolerance = tally[.sunTolerance] ?? 0
        let sunSlivers = tally[.sunSliver] ?? 0
        let oracleRejects = tally[.oracleRejects] ?? 0
        let summary =
            "\(count) pairs (seed \(seed)): \(agreed) agree, \(bothReject) both reject, \(commentChanges) where "
            + "opening-hours-py's next change is a change of comment alone, \(oracleSkips) where opening-hours-py's next change skips a "
            + "change of its own state, \(beyondHorizon) where neither sees a change within 10 years, \(sunTolerance) within "
            + "\(Self.sunToleranceMinutes) minutes of a sun event, \(sunSlivers) where our next change opens a window of at most \(Self.sunToleranceMinutes) minutes at a sun event that opening-hours-py's does not, \(oracleRejects) that only opening-hours-py rejects "
            + "(a month, an nth weekday with an offset and more weekdays), \(nthWeekdayDates) of those agreeing with a month and an nth "
            + "weekday alone in a date list (compared in opening-hours-py's reading), \(mismatches.count) mismatches"
        print("hours-diff: " + summary)
        for m in mismatches.prefix(40) { print("hours-diff: " + m) }
        #expect(mismatches.isEmpty, "\(summary); first: \(mismatches.prefix(5).joined(separator: " | "))")
    }

    /// Whether `at` lies within `sunToleranceMinutes` of a time the expression takes from a
    /// sun event on that local day (the event plus the span's offset, `(sunset-01:30)`):
    /// only there may the two evaluators' states differ.
    static func isNearSunEvent(_ hours: OpeningHours, at: Date) -> Bool {
        var zone = LocalTime(timeZone: Self.zone)
        let (day, minute) = zone.local(at)
        let offsets = ZoneOffsets.shared(for: Self.zone)
        for rule in hours.rules {
            for span in rule.times {
                for point in [span.start, span.end].compactMap({ $0 }) {
                    guard case .event(let event, let offset) = point,
                        let m = SunTimes.localMinutes(
                            event, day: day, latitude: Self.latitude, longitude: Self.longitude, offsets: offsets)
                    else { continue }
                    if abs(max(0, min(1440, m + offset)) - minute) <= Self.sunToleranceMinutes { return true }
                }
            }
        }
        return false
    }

    /// Whether our state within `sunToleranceMinutes` of `at` is `state` (a sun event's time
    /// differs by a minute or two between the evaluators).
    static func nearBoundary(_ hours: OpeningHours, at: Date, state: String?) -> Bool {
        (-sunToleranceMinutes...sunToleranceMinutes).contains { m in
            hours.currentState(at: at.addingTimeInterval(Double(m * 60)), in: context).state.rawValue == state
        }
    }

    /// Whether two next changes `delta` seconds apart differ by a sun event's tolerance, or by
    /// whole days and that tolerance: a sun event crossing a fixed time (`(sunset-00:30)` and
    /// `17:30`) a minute apart crosses it a day or more apart, more near the solstices when
    /// the sun's times barely move (at most 14 days).
    static func isSunShift(_ delta: TimeInterval) -> Bool {
        let seconds = Int(abs(delta))
        let tolerance = sunToleranceMinutes * 60
        let offDay = min(seconds % 86400, 86400 - seconds % 86400)
        return seconds <= 14 * 86400 + 3600 && offDay <= tolerance
    }

    /// The expression as opening-hours-py reads it where the two readings differ: a month and
    /// an nth weekday alone after a comma in a date list (`Aug 24,Oct We[3]`) is one date there
    /// (written `Oct We[3]-Oct We[3]`, a range both read as dates; a day offset goes with both
    /// ends: `Dec We[1] -3 days-Dec We[1] -3 days`); we read the month and a weekday selector
    /// for the whole rule, as the specification's grammar has it (README, `deliberateDifferences`).
    static func oracleReading(_ expr: String) -> String {
        let month = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
        let pattern = "," + month + " (Mo|Tu|We|Th|Fr|Sa|Su)\\[(-?[0-9]+)\\]( [+-][0-9]+ days?)?+(?![-0-9,\\]])"
        return expr.replacingOccurrences(of: pattern, with: ",$1 $2[$3]$4-$1 $2[$3]$4", options: .regularExpression)
    }

    /// A month, then an nth weekday with a day offset and more weekdays (`Aug Th[4] -1 day,Sa[1,3]`):
    /// opening-hours-py reads `Aug Th[4] -1 day` as a date and then expects another date; we
    /// read the month and a weekday list, as the specification's grammar has it (README).
    static func isRejectedByOracleOnly(_ expr: String) -> Bool {
        let month = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
        let pattern = month + " (Mo|Tu|We|Th|Fr|Sa|Su)\\[[-0-9,]+\\] [+-][0-9]+ days?,(Mo|Tu|We|Th|Fr|Sa|Su|PH)"
        return expr.range(of: pattern, options: .regularExpression) != nil
    }

    /// None, or more than 10 years after `at`.
    static func isFar(_ next: String?, from at: Date) -> Bool {
        guard let next else { return true }
        return (InstantText.instant(next)?.timeIntervalSince(at) ?? 0) > 10 * 365 * 86400
    }

    /// Runs the oracle through files (a pipe both ways would stall once its buffer is full).
    static func oracle(_ python: String, _ input: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try Fixtures.temporaryFolder()
        let path = try Fixtures.write(input, name: "pairs.jsonl", in: folder)
        let out = folder.appendingPathComponent("answers.jsonl").path
        let r = try Fixtures.shell("'\(python)' '\(Fixtures.repo("scripts/hours-oracle.py"))' < '\(path)' > '\(out)'")
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        return (r.status, text, r.stderr)
    }

    /// One input line of the oracle; `probes` are instants it answers its state at.
    static func line(_ expr: String, at: String, oursNext: Date?, probes: [Date?] = []) throws -> String {
        var object: [String: Any] = [
            "expr": expr, "at": at, "tz": zone.identifier, "country": "CZ", "lat": latitude, "lon": longitude,
            "ours_next": oursNext.map { InstantText.text($0, in: zone) } ?? NSNull(),
            "tolerance_minutes": isSun(expr) ? sunToleranceMinutes + 1 : 0,
        ]
        if !probes.isEmpty {
            object["probes"] = probes.map { (p: Date?) -> Any in p.map { InstantText.text($0, in: zone) } ?? NSNull() }
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func object(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
}
