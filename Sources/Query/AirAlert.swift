public import Foundation
public import Geo
import Hours
public import Storage

/// A threshold such as `PM10>50`: a pollutant, a comparison and a value.
public struct AirAlert: Sendable, Equatable, CustomStringConvertible {
    /// Pollutant code, compared ignoring case and dots (`pm25` is `PM2.5`).
    public var parameter: String
    /// True for `>=`, false for `>`.
    public var orEqual: Bool
    /// The threshold.
    public var threshold: Double

    /// Parses `PM10>50`, `NO2>=200`, `pm2.5 > 25`.
    public init?(_ text: String) {
        let t = text.replacingOccurrences(of: " ", with: "")
        let parts = t.components(separatedBy: ">")
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        orEqual = parts[1].hasPrefix("=")
        guard let v = Double(orEqual ? String(parts[1].dropFirst()) : parts[1]), v.isFinite else { return nil }
        parameter = parts[0]
        threshold = v
    }

    /// True when `reading` is of this pollutant and over the threshold, and, when
    /// `maxAgeSeconds` is given, no older than that (a station that stopped reporting does
    /// not keep alerting on its last value).
    public func exceeded(by reading: StationAir.Reading, maxAgeSeconds: TimeInterval? = nil) -> Bool {
        PollutantCode.same(reading.parameter, parameter)
            && maxAgeSeconds.map { Double(reading.ageMinutes) * 60 <= $0 } ?? true
            && (orEqual ? reading.value >= threshold : reading.value > threshold)
    }

    /// The rule as text: `PM10>50`.
    public var description: String { "\(parameter)\(orEqual ? ">=" : ">")\(JSONText.number(threshold))" }

    /// Every (station, reading, rule) where a rule is exceeded, in result order, then reading
    /// order, then rule order.
    public static func hits(
        in results: [StationResult], rules: [AirAlert], maxAgeSeconds: TimeInterval? = nil
    ) -> [AlertHit] {
        results.flatMap { s in
            (s.air?.readings ?? []).flatMap { r in
                rules.filter { $0.exceeded(by: r, maxAgeSeconds: maxAgeSeconds) }.map {
                    AlertHit(station: s, reading: r, rule: $0)
                }
            }
        }
    }
}

/// One exceeded threshold. JSON: the station's `id` and `name`, the `rule` (`PM10>50`) and the
/// `reading` object.
public struct AlertHit: Sendable, Equatable, Encodable {
    /// The station.
    public var station: StationResult
    /// The reading over the threshold.
    public var reading: StationAir.Reading
    /// The rule it exceeds.
    public var rule: AirAlert

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(station.id, forKey: .id)
        try c.encode(station.name, forKey: .name)
        try c.encode(rule.description, forKey: .rule)
        try c.encode(reading, forKey: .reading)
    }

    private enum Keys: String, CodingKey { case id, name, rule, reading }
}

/// The document `locate station --json` prints (schema `station-answer/1`, docs/json.md).
public struct StationAnswer: Sendable, Equatable, Encodable {
    /// The schema name and major version.
    public static let schema = "station-answer/1"
    /// The query point (nil: a name search).
    public var near: Coordinate?
    /// The query instant the answer's ages are computed against.
    public var at: Date
    /// The stations, nearest (or best match) first.
    public var results: [StationResult]
    /// Thresholds exceeded (`--alert`), empty when none.
    public var alerts: [AlertHit]

    /// An answer.
    public init(near: Coordinate?, at: Date, results: [StationResult], alerts: [AlertHit]) {
        self.near = near
        self.at = at
        self.results = results
        self.alerts = alerts
    }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(StationAnswer.schema, forKey: .schema)
        try c.encode(near.map(LatLon.init), forKey: .near)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(results, forKey: .results)
        try c.encode(alerts, forKey: .alerts)
    }

    private enum Keys: String, CodingKey { case schema, near, at, results, alerts }
}
