public import AirNorms
import Contract
public import Foundation
import Hours
import Places
public import Storage

/// `locate station show`: a station with, per pollutant, its newest value, 1-hour and
/// 24-hour means, its standing against the EU and WHO norms, and its values over the last
/// days (schema `station-detail/1`, docs/json.md).
public struct StationDetail: Sendable, Encodable {
    /// The schema name and major version.
    public static let schema = "station-detail/1"

    /// One pollutant of the station.
    public struct Pollutant: Sendable, Encodable {
        /// The pollutant code.
        public var parameter: String
        /// Its newest value (nil: none measured by the query instant).
        public var latest: StationAir.Reading?
        /// The newest 1-hour value's mean (the value itself), nil without one.
        public var mean1h: Double?
        /// The mean of the 24 hours ending at the newest value; nil with fewer than 18 values.
        public var mean24h: Double?
        /// Values the 24-hour mean found.
        public var hours24h: Int
        /// Every EU and WHO norm of the pollutant, judged.
        public var norms: [NormStanding]
        /// Its values over the shown window, oldest first.
        public var history: [PollutantHistory.Sample]
        /// The station's zone, for instants.
        var zone: TimeZone

        /// Encodes per the JSON contract: snake_case keys, explicit nulls, instants with offset.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(parameter, forKey: .pollutant)
            try c.encode(StationAir.unit, forKey: .unit)
            try c.encode(latest, forKey: .latest)
            try c.encode(mean1h, forKey: .mean1h)
            try c.encode(mean24h.flatMap { $0.isFinite ? $0 : nil }, forKey: .mean24h)
            try c.encode(hours24h, forKey: .hours24h)
            try c.encode(norms.map { NormDocument(standing: $0, zone: zone) }, forKey: .norms)
            try c.encode(history.map { SampleDocument(at: InstantText.text($0.at, in: zone), value: $0.value) }, forKey: .history)
        }

        private enum Keys: String, CodingKey {
            case pollutant, unit, latest, mean1h = "mean_1h", mean24h = "mean_24h", hours24h = "hours_24h", norms, history
        }
    }

    /// The station with its latest index and values.
    public var station: StationResult
    /// The query instant.
    public var at: Date
    /// How many days of history are shown.
    public var days: Int
    /// The pollutants with a newest value, or values in the shown window or the norms'
    /// windows, in `PollutantCode.known` order, then others by code.
    public var pollutants: [Pollutant]

    /// Encodes per the JSON contract.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(StationDetail.schema, forKey: .schema)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(days, forKey: .days)
        try c.encode(station, forKey: .station)
        try c.encode(pollutants, forKey: .pollutants)
    }

    private enum Keys: String, CodingKey { case schema, at, days, station, pollutants }
}

extension StationDetail {
    /// One value of the shown history, as `locate station show --format csv` lists it: the
    /// station's id, the pollutant, the instant (with the station's offset), the value and
    /// its unit, the same values the JSON's `pollutants[].history` holds.
    public struct HistoryRow: Sendable, Encodable {
        /// The station's global id.
        public var station: String
        /// The pollutant code.
        public var pollutant: String
        /// RFC 3339 with the station's offset.
        public var at: String
        /// The value.
        public var value: Double
        /// µg/m³.
        public var unit: String
    }

    /// Every value of the shown history, pollutant by pollutant (in `pollutants` order), oldest
    /// first.
    public var historyRows: [HistoryRow] {
        pollutants.flatMap { p in
            p.history.map { s in
                HistoryRow(
                    station: station.id, pollutant: p.parameter, at: InstantText.text(s.at, in: p.zone), value: s.value,
                    unit: StationAir.unit)
            }
        }
    }
}

/// A judged norm in JSON: the norm's fields, then the outcome.
struct NormDocument: Encodable {
    var standing: NormStanding
    var zone: TimeZone

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let n = standing.norm
        try c.encode(n.set, forKey: .set)
        try c.encode(n.kind, forKey: .kind)
        try c.encode(n.averaging, forKey: .averaging)
        try c.encode(n.threshold, forKey: .threshold)
        try c.encode(standing.status, forKey: .status)
        try c.encode(standing.value.flatMap { $0.isFinite ? $0 : nil }, forKey: .value)
        try c.encode(standing.hours, forKey: .hours)
        try c.encode(n.averaging.required, forKey: .required)
        try c.encode(standing.windowEnd.map { InstantText.text($0, in: zone) }, forKey: .windowEnd)
    }

    private enum Keys: String, CodingKey {
        case set, kind, averaging, threshold, status, value, hours, required, windowEnd = "window_end"
    }
}

/// One value of a history in JSON.
struct SampleDocument: Encodable {
    var at: String
    var value: Double
}

extension StationFinder {
    /// The station whose global id (`gios-stations/400`), source id (`400`) or exact name
    /// (case and diacritics ignored) is `key`, in detail as of `now`, with `days` days of
    /// history. Nil when nothing matches; throws `QueryError.ambiguous` when a name or
    /// source id names several stations.
    public func detail(_ key: String, now: Date, days: Int) throws -> StationDetail? {
        guard let stored = try station(key) else { return nil }
        guard var result = try withAir([StationResult(stored)], now: now).first else { return nil }
        let zone = TimeZone(identifier: stored.timeZone) ?? .gmt
        let shown = try store.airHistory(
            station: stored.sourceID, after: now.addingTimeInterval(-Double(days) * 86400), through: now)
        let recent =
            try StationFinder.normWindowStart(result.air?.readings ?? []).map {
                try store.airHistory(station: stored.sourceID, after: $0, through: now)
            } ?? []
        let codes = Set((shown + recent).map { PollutantCode.fold($0.parameter) })
            .union((result.air?.readings ?? []).map { PollutantCode.fold($0.parameter) })
        func rank(_ code: String) -> Int { PollutantCode.known.firstIndex { PollutantCode.fold($0) == code } ?? 99 }
        let ordered = codes.sorted { (rank($0), $0) < (rank($1), $1) }
        let pollutants = ordered.map { code -> StationDetail.Pollutant in
            let latest = result.air?.readings.first { PollutantCode.fold($0.parameter) == code }
            let samples = recent.first { PollutantCode.fold($0.parameter) == code }?.samples ?? []
            let day = NormStanding.judge(
                samples, against: AirNorm(set: .eu, pollutant: code, kind: .limitValue, averaging: .day, threshold: .infinity))
            let norms = NormSet.allCases.flatMap { set in
                AirNorm.norms(set).filter { PollutantCode.fold($0.pollutant) == code }.map {
                    NormStanding.judge(samples, against: $0)
                }
            }
            return StationDetail.Pollutant(
                parameter: latest?.parameter ?? PollutantCode.canonical(code) ?? code, latest: latest,
                mean1h: latest?.value, mean24h: day.value, hours24h: day.hours, norms: norms,
                history: shown.first { PollutantCode.fold($0.parameter) == code }?.samples ?? [], zone: zone)
        }
        result.match = nil
        return StationDetail(station: result, at: now, days: days, pollutants: pollutants)
    }

    /// The active station named by `key`: a global id, a source id or an exact name.
    func station(_ key: String) throws -> StoredStation? {
        let all = try store.activeStations()
        if let s = all.first(where: { $0.globalID == key }) { return s }
        let bySource = all.filter { $0.sourceID == key }
        let folded = StationRecord.fold(key).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let byName = all.filter { StationRecord.fold($0.name) == folded }
        for found in [bySource, byName] where !found.isEmpty {
            guard found.count == 1 else {
                throw QueryError.ambiguous(key, candidates: found.map { "\($0.globalID) (\($0.name))" })
            }
            return found[0]
        }
        return nil
    }
}

extension StationFinder {
    /// The active stations with these global ids, in the ids' order (ids no longer active
    /// are left out), each with its latest air data as of `now`.
    public func stations(ids: [String], now: Date) throws -> [StationResult] {
        let byID = Dictionary(try store.activeStations().map { ($0.globalID, $0) }, uniquingKeysWith: { a, _ in a })
        return try withAir(ids.compactMap { byID[$0] }.map(StationResult.init), now: now)
    }
}
