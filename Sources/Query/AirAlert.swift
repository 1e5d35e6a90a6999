public import AirNorms
import Contract
public import Foundation
public import Geo
import Hours
import Places
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

    /// True when `reading` is of this pollutant, sound (not flagged by its source, covering
    /// enough of its period: a flagged value is never judged, neither way) and over the
    /// threshold, and, when `maxAgeSeconds` is given, no older than that (a station that
    /// stopped reporting does not keep alerting on its last value).
    public func exceeded(by reading: StationAir.Reading, maxAgeSeconds: TimeInterval? = nil) -> Bool {
        PollutantCode.same(reading.parameter, parameter) && reading.isSound
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
                    AlertHit(station: s, rule: .threshold($0), reading: r)
                }
            }
        }
    }
}

/// A rule of `--alert`: a threshold (`PM10>50`), every norm of a set (`norms` or `eu`,
/// `who`), or the GIOŚ index level (`index>=4`).
public enum AlertRule: Sendable, Equatable, CustomStringConvertible {
    /// A pollutant over a value.
    case threshold(AirAlert)
    /// Any norm of the set exceeded.
    case norms(NormSet)
    /// The newest index level over (or at, with `orEqual`) a level.
    case index(orEqual: Bool, level: Int)
    /// The European Air Quality Index at (with `orEqual`) or over a level (`eaqi>=poor`).
    case eaqi(orEqual: Bool, level: EuropeanAirQualityIndex.Level)

    /// Parses `PM10>50`, `norms`, `eu`, `who`, `index>=4`, `index>3`, `eaqi>=poor`, `eaqi>3`
    /// (case ignored for the words); nil for anything else.
    public init?(_ text: String) {
        let t = text.replacingOccurrences(of: " ", with: "").lowercased()
        switch t {
        case "norms", "eu": self = .norms(.eu)
        case "who": self = .norms(.who)
        default:
            if t.hasPrefix("eaqi>") {
                let rest = t.dropFirst("eaqi>".count)
                let orEqual = rest.hasPrefix("=")
                guard let level = EuropeanAirQualityIndex.Level(String(orEqual ? rest.dropFirst() : rest)) else { return nil }
                self = .eaqi(orEqual: orEqual, level: level)
            } else if t.hasPrefix("index>") {
                let rest = t.dropFirst("index>".count)
                let orEqual = rest.hasPrefix("=")
                guard let level = Int(orEqual ? rest.dropFirst() : rest), (0...6).contains(level) else { return nil }
                self = .index(orEqual: orEqual, level: level)
            } else {
                guard let a = AirAlert(text) else { return nil }
                self = .threshold(a)
            }
        }
    }

    /// The rule as text: `PM10>50`, `norms`, `who`, `index>=4`.
    public var description: String {
        switch self {
        case .threshold(let a): a.description
        case .norms(let set): set == .eu ? "norms" : "who"
        case .index(let orEqual, let level): "index\(orEqual ? ">=" : ">")\(level)"
        case .eaqi(let orEqual, let level): "eaqi\(orEqual ? ">=" : ">")\(level.name)"
        }
    }
}

extension StationFinder {
    /// Every (station, rule) hit of `rules` among `results` as of `now`, in result order, then
    /// rule order (a norm rule gives one hit per exceeded norm). With `maxAgeSeconds`, only
    /// values (windows, indexes) that recent can alert.
    public func alerts(
        in results: [StationResult], rules: [AlertRule], now: Date, maxAgeSeconds: TimeInterval? = nil
    ) throws -> [AlertHit] {
        func fresh(_ at: Date?) -> Bool { maxAgeSeconds.map { m in at.map { now.timeIntervalSince($0) <= m } ?? false } ?? true }
        var out: [AlertHit] = []
        for s in results {
            var histories: [PollutantHistory]?
            for rule in rules {
                switch rule {
                case .threshold(let a):
                    for r in s.air?.readings ?? [] where a.exceeded(by: r, maxAgeSeconds: maxAgeSeconds) {
                        out.append(AlertHit(station: s, rule: rule, reading: r))
                    }
                case .norms(let set):
                    if histories == nil { histories = try normHistories(of: s, now: now) }
                    for st in NormStanding.judge(histories ?? [], set: set) where st.status == .exceeded && fresh(st.windowEnd) {
                        out.append(AlertHit(station: s, rule: rule, norm: st))
                    }
                case .index(let orEqual, let level):
                    guard let i = s.air?.index, let l = i.level, orEqual ? l >= level : l > level else { continue }
                    if maxAgeSeconds.map({ Double(i.ageMinutes) * 60 <= $0 }) ?? true {
                        out.append(AlertHit(station: s, rule: rule, index: i))
                    }
                case .eaqi(let orEqual, let level):
                    guard let e = s.eaqi, let l = e.level, orEqual ? l >= level : l > level else { continue }
                    if maxAgeSeconds.map({ m in e.ageMinutes.map { Double($0) * 60 <= m } ?? false }) ?? true {
                        var hit = AlertHit(station: s, rule: rule)
                        hit.eaqi = e
                        out.append(hit)
                    }
                }
            }
        }
        return out
    }

    /// The values norms need: for every pollutant, the 24 hours ending at its own newest value.
    func normHistories(of s: StationResult, now: Date) throws -> [PollutantHistory] {
        guard let start = StationFinder.normWindowStart(s.air?.readings ?? []) else { return [] }
        return try store.airHistory(station: s.sourceID, after: start, through: now)
    }

    /// Where the history norms need starts: 24 hours before the oldest of the pollutants'
    /// newest values (a pollutant that lags the others still gets its whole window); nil
    /// without readings.
    public static func normWindowStart(_ readings: [StationAir.Reading]) -> Date? {
        readings.map(\.measuredInstant).min()?.addingTimeInterval(-86400)
    }
}

/// One alert: a threshold exceeded by a reading, a norm exceeded, or the index over a level.
/// JSON: the station's `id` and `name`, the `rule` (`PM10>50`, `norms`, `index>=4`), and the
/// `reading`, `norm` and `index` objects, null when the rule is of another kind.
public struct AlertHit: Sendable, Equatable, Encodable {
    /// The station.
    public var station: StationResult
    /// The rule.
    public var rule: AlertRule
    /// The reading over a threshold.
    public var reading: StationAir.Reading?
    /// The exceeded norm.
    public var norm: NormStanding?
    /// The index over the level.
    public var index: StationAir.Index?
    /// The European Air Quality Index over the level.
    public var eaqi: EuropeanAirQualityIndex? = nil

    /// A hit.
    public init(
        station: StationResult, rule: AlertRule, reading: StationAir.Reading? = nil, norm: NormStanding? = nil,
        index: StationAir.Index? = nil
    ) {
        self.station = station
        self.rule = rule
        self.reading = reading
        self.norm = norm
        self.index = index
    }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(station.id, forKey: .id)
        try c.encode(station.name, forKey: .name)
        try c.encode(rule.description, forKey: .rule)
        try c.encode(reading, forKey: .reading)
        let zone = TimeZone(identifier: station.timeZone) ?? .gmt
        try c.encode(norm.map { NormDocument(standing: $0, zone: zone) }, forKey: .norm)
        try c.encode(index, forKey: .index)
        try c.encode(eaqi, forKey: .eaqi)
    }

    private enum Keys: String, CodingKey { case id, name, rule, reading, norm, index, eaqi }
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
    /// Rules that could not be judged (no value, too old, too few hours), empty when none.
    public var unjudged: [UnjudgedAlert]
    /// What a reader should know about the answer, in words (results far from `near`);
    /// empty when there is nothing to say.
    public var notes: [String] = []
    /// A likely latitude/longitude exchange behind one of `notes` (not written itself), or nil.
    public var swap: SwapHint?
    /// How many stations before `results` were skipped (`--offset`, `offset=`).
    public var offset = 0
    /// The `offset` of the next page, or nil when there are no more stations.
    public var nextOffset: Int?

    /// An answer.
    public init(
        near: Coordinate?, at: Date, results: [StationResult], alerts: [AlertHit], unjudged: [UnjudgedAlert] = []
    ) {
        self.near = near
        self.at = at
        self.results = results
        self.alerts = alerts
        self.unjudged = unjudged
    }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(StationAnswer.schema, forKey: .schema)
        try c.encode(near.map(LatLon.init), forKey: .near)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(results, forKey: .results)
        try c.encode(alerts, forKey: .alerts)
        try c.encode(unjudged, forKey: .unjudged)
        try c.encode(notes, forKey: .notes)
        try c.encode(offset, forKey: .offset)
        try c.encode(nextOffset, forKey: .nextOffset)
    }

    private enum Keys: String, CodingKey {
        case schema, near, at, results, alerts, unjudged, notes, offset, nextOffset = "next_offset"
    }
}
