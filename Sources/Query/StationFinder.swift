public import Foundation
public import Geo
import Places
import SpatialIndex
public import Storage

/// Answers "which stations are nearest" (exact geodesic order, as for toilets) and "which
/// stations are called that" (case- and diacritics-insensitive, ranked).
public final class StationFinder {
    let store: LocateStore

    /// Opens the finder over a store.
    public init(store: LocateStore) { self.store = store }

    /// The `limit` nearest active stations to `point`, nearest first (ties by row id), with
    /// their latest air data as of `now`. With `parameter` (case and dots ignored: `pm25` is
    /// `PM2.5`), only stations that measure it and
    /// have a non-null value measured within `freshWithin` seconds before `now` (a station
    /// that stopped reporting is not an answer); the search keeps going outward for them.
    public func nearest(
        to point: Coordinate, limit: Int, now: Date, parameter: String? = nil,
        freshWithin: TimeInterval? = nil
    ) throws -> [StationResult] {
        let index = try NearestIndex.open(for: store, kind: .stations)
        guard index.count > 0 else { throw StorageError.empty(what: "active stations") }
        let hits: [NearestHit]
        if let parameter {
            let oldest = now.addingTimeInterval(-(freshWithin ?? 100 * 365 * 86400))
            hits = try index.nearest(to: point, limit: limit) { id, _, _ in
                try store.stationMeasures(rowID: id, pollutant: parameter, freshSince: oldest, until: now)
            }
        } else {
            hits = index.nearest(to: point, limit: limit)
        }
        let byID = Dictionary(uniqueKeysWithValues: hits.map { ($0.rowID, $0) })
        let stations = try store.stations(rowIDs: hits.map(\.rowID)).compactMap { s -> StationResult? in
            guard let h = byID[s.rowID] else { return nil }
            var r = StationResult(s)
            r.distanceMeters = h.distanceMeters
            r.bearingDegrees = Geodesic.bearing(h.bearingDegrees, distanceMeters: h.distanceMeters)
            return r
        }
        return try withAir(stations, now: now)
    }

    /// Adds each station's latest air data as of `now` (nil when there is none) and its
    /// European Air Quality Index.
    func withAir(_ stations: [StationResult], now: Date) throws -> [StationResult] {
        try stations.map { s in
            var s = s
            let air = try store.latestAir(station: s.sourceID, timeZone: s.timeZone, asOf: now)
            s.air = air.isEmpty ? nil : air
            s.eaqi = try eaqi(of: s.sourceID, readings: air.readings, zone: s.timeZone, now: now)
            return s
        }
    }

    /// The EAQI of a station from its newest values.
    func eaqi(of sourceID: String, readings: [StationAir.Reading], zone: String, now: Date) throws
        -> EuropeanAirQualityIndex?
    {
        EuropeanAirQualityIndex.of(readings: readings, zone: TimeZone(identifier: zone) ?? .gmt, now: now)
    }

    /// Active stations whose name matches `query`, ignoring case and diacritics (Polish ł
    /// folds to l): exact names first, then prefixes, word prefixes, substrings; by name,
    /// then id, within a rank; each with its latest air data as of `now`.
    public func named(_ query: String, limit: Int, now: Date) throws -> [StationResult] {
        try withAir(Array(ranked(named: query).prefix(limit)), now: now)
    }

    /// Every active station whose name matches `query`, in `named`'s order, without air data
    /// (a station answer folds them first, `SameMonitor`, and reads the air of its page only).
    func ranked(named query: String) throws -> [StationResult] {
        let q = StationRecord.fold(query).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !q.isEmpty else { return [] }
        let ranked = try store.stations(named: q).map { s -> StationResult in
            var r = StationResult(s)
            let name = StationRecord.fold(s.name)
            let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            r.match =
                name == q ? .exact : name.hasPrefix(q) ? .prefix : words.contains { $0.hasPrefix(q) } ? .word : .substring
            return r
        }
        return ranked.sorted {
            ($0.match?.rank ?? 9, $0.name, $0.sourceID) < ($1.match?.rank ?? 9, $1.name, $1.sourceID)
        }
    }

    /// `withAir` of a folded result and of each listing folded into it.
    func withAir(folded results: [StationResult], now: Date) throws -> [StationResult] {
        try withAir(results, now: now).map { r in
            var r = r
            let others = try withAir(r.sameMonitor.map(\.station), now: now)
            for i in r.sameMonitor.indices { r.sameMonitor[i].station = others[i] }
            return r
        }
    }
}
