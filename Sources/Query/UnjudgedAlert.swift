public import AirNorms
import Contract
public import Foundation
import Places
import Storage

/// An `--alert` rule that could not be judged for a station: no value to compare, a value
/// older than `--fresh-within`, or too few hours for any norm. Missing data is never good
/// news: `locate station` warns and exits 5 unless a rule fired (issue 23: `--alert
/// 'PM10>50'` on a station without PM10 exited 0, and a cron job read "all fine").
public struct UnjudgedAlert: Sendable, Equatable, Encodable {
    /// Why the rule could not be judged.
    public enum Reason: String, Sendable, Equatable, Encodable {
        /// The station has no value the rule needs (no such pollutant, no index).
        case noValue = "no_value"
        /// Its newest value is older than `--fresh-within`.
        case tooOld = "too_old"
        /// A norm rule: no norm has the hours of data its mean needs.
        case notEnoughData = "not_enough_data"
        /// Its newest value is flagged by its source (OpenAQ), so it is not judged.
        case flagged
        /// Its newest value covers too little of its period (under 75 %), so it is not judged.
        case lowCoverage = "low_coverage"
    }

    /// The station.
    public var station: StationResult
    /// The rule.
    public var rule: AlertRule
    /// Why.
    public var reason: Reason
    /// With `tooOld`: the newest value's age in minutes.
    public var ageMinutes: Int?
    /// What is missing, in words: `no PM10 value`, `its newest PM10 value is 300 minutes old`.
    public var detail: String

    /// The warning line: `PM10>50 cannot be judged for Kraków (9001): no PM10 value`.
    public var message: String { "\(rule) cannot be judged for \(station.name) (\(station.sourceID)): \(detail)" }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(station.id, forKey: .id)
        try c.encode(station.name, forKey: .name)
        try c.encode(rule.description, forKey: .rule)
        try c.encode(reason, forKey: .reason)
        try c.encode(ageMinutes, forKey: .ageMinutes)
        try c.encode(message, forKey: .message)
    }

    private enum Keys: String, CodingKey { case id, name, rule, reason, ageMinutes = "age_minutes", message }
}

extension StationFinder {
    /// Every (station, rule) of `rules` among `results` that cannot be judged as of `now`
    /// (with `maxAgeSeconds`, only values that recent count), in result order, then rule
    /// order. A rule that fired (`alerts(in:rules:now:maxAgeSeconds:)`) is judged.
    public func unjudged(
        in results: [StationResult], rules: [AlertRule], now: Date, maxAgeSeconds: TimeInterval? = nil
    ) throws -> [UnjudgedAlert] {
        func tooOld(_ minutes: Int) -> Bool { maxAgeSeconds.map { Double(minutes) * 60 > $0 } ?? false }
        let limit = maxAgeSeconds.map { " (--fresh-within \(Int(($0 / 60).rounded())) minutes)" } ?? ""
        var out: [UnjudgedAlert] = []
        for s in results {
            for rule in rules {
                func add(_ reason: UnjudgedAlert.Reason, _ detail: String, age: Int? = nil) {
                    out.append(UnjudgedAlert(station: s, rule: rule, reason: reason, ageMinutes: age, detail: detail))
                }
                switch rule {
                case .threshold(let a):
                    let newest = (s.air?.readings ?? []).filter { PollutantCode.same($0.parameter, a.parameter) }
                        .min { $0.ageMinutes < $1.ageMinutes }
                    guard let r = newest else {
                        add(.noValue, "no \(PollutantCode.canonical(a.parameter) ?? a.parameter) value")
                        continue
                    }
                    if tooOld(r.ageMinutes) {
                        add(.tooOld, "its newest \(r.parameter) value is \(r.ageMinutes) minutes old\(limit)", age: r.ageMinutes)
                    } else if r.quality == .flagged {
                        add(.flagged, "its newest \(r.parameter) value is flagged by its source")
                    } else if r.quality == .lowCoverage {
                        let share = r.coveragePercent.map { JSONText.number(($0 * 10).rounded() / 10) } ?? "?"
                        add(.lowCoverage, "its newest \(r.parameter) value covers only \(share) % of its period")
                    }
                case .index:
                    guard let i = s.air?.index, i.level != nil else {
                        add(.noValue, "no index level")
                        continue
                    }
                    if tooOld(i.ageMinutes) {
                        add(.tooOld, "its newest index is \(i.ageMinutes) minutes old\(limit)", age: i.ageMinutes)
                    }
                case .eaqi:
                    guard let e = s.eaqi, e.level != nil else {
                        let why = s.eaqi?.pollutants.map { "\($0.pollutant) \($0.status.rawValue)" }.joined(separator: ", ")
                        add(.noValue, "no EAQI level" + (why.map { " (\($0))" } ?? " (no PM2.5, PM10, NO2, O3 or SO2 value)"))
                        continue
                    }
                    if let age = e.ageMinutes, tooOld(age) {
                        add(.tooOld, "its EAQI is \(age) minutes old\(limit)", age: age)
                    }
                case .norms(let set):
                    let standings = NormStanding.judge(try normHistories(of: s, now: now), set: set)
                    let judged = standings.filter { $0.status != .notEnoughData }
                    if standings.isEmpty || (s.air?.readings ?? []).isEmpty {
                        add(.noValue, "no values to judge any norm by")
                    } else if judged.isEmpty {
                        add(.notEnoughData, "no norm has the hours of data its mean needs")
                    } else if maxAgeSeconds != nil,
                        !judged.contains(where: { st in
                            st.windowEnd.map { now.timeIntervalSince($0) <= maxAgeSeconds ?? 0 } ?? false
                        })
                    {
                        add(.tooOld, "every norm's newest window is too old\(limit)")
                    }
                }
            }
        }
        return out
    }
}
