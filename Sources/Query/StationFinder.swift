import Foundation
import GRDB
import Geo
import Storage

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
        let hits = try store.reading { db -> [NearestHit] in
            guard let parameter else { return index.nearest(to: point, limit: limit) }
            let oldest = StationAir.isoText(now.addingTimeInterval(-(freshWithin ?? 100 * 365 * 86400)))
            let check = try db.makeStatement(
                sql: """
                    SELECT 1 FROM stations st JOIN sensors s ON s.station_id = st.source_id
                    JOIN measurements m ON m.sensor_id = s.sensor_id
                    WHERE st.id = ? AND replace(upper(s.param_code), '.', '') = replace(upper(?), '.', '') AND m.value IS NOT NULL
                      AND m.measured_at >= ? AND m.measured_at <= ? LIMIT 1
                    """)
            let nowText = StationAir.isoText(now)
            return try index.nearest(to: point, limit: limit) { id, _, _ in
                try Bool.fetchOne(check, arguments: [id, parameter, oldest, nowText]) ?? false
            }
        }
        var byID: [Int64: StationResult] = [:]
        for s in try rows(where: "id IN (\(hits.map { String($0.rowID) }.joined(separator: ",")))") { byID[s.rowID] = s }
        let stations = hits.compactMap { h -> StationResult? in
            guard var s = byID[h.rowID] else { return nil }
            s.distanceMeters = h.distanceMeters
            s.bearingDegrees = h.bearingDegrees
            return s
        }
        return try withAir(stations, now: now)
    }

    /// Adds each station's latest air data as of `now` (nil when there is none).
    func withAir(_ stations: [StationResult], now: Date) throws -> [StationResult] {
        try store.reading { db in
            try stations.map { s in
                var s = s
                let air = try StationAir.read(db, station: s.id, now: now)
                s.air = air.index == nil && air.readings.isEmpty ? nil : air
                return s
            }
        }
    }

    /// Active stations whose name matches `query`, ignoring case and diacritics (Polish ł
    /// folds to l): exact names first, then prefixes, word prefixes, substrings; by name,
    /// then id, within a rank; each with its latest air data as of `now`.
    public func named(_ query: String, limit: Int, now: Date) throws -> [StationResult] {
        let q = StationRecord.fold(query).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !q.isEmpty else { return [] }
        let pattern =
            "%"
            + q.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let candidates = try rows(where: "name_folded LIKE ? ESCAPE '\\'", arguments: [pattern])
        let ranked = candidates.map { s -> StationResult in
            var s = s
            let name = StationRecord.fold(s.name)
            let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            s.match = name == q ? 0 : name.hasPrefix(q) ? 1 : words.contains { $0.hasPrefix(q) } ? 2 : 3
            return s
        }
        return try withAir(
            Array(ranked.sorted { ($0.match ?? 9, $0.name, $0.id) < ($1.match ?? 9, $1.name, $1.id) }.prefix(limit)), now: now)
    }

    private func rows(where condition: String, arguments: StatementArguments = StatementArguments()) throws -> [StationResult] {
        try store.readRows(
            sql: """
                SELECT id, dataset, source_id, name, code, city, province, street, lat, lon FROM stations
                WHERE status = 'active' AND \(condition)
                """, arguments: arguments
        ).map { r in
            StationResult(
                rowID: r["id"], dataset: r["dataset"], id: r["source_id"], name: r["name"], code: r["code"], city: r["city"],
                province: r["province"], street: r["street"], coordinate: Coordinate(latitude: r["lat"], longitude: r["lon"]),
                distanceMeters: nil, bearingDegrees: nil, match: nil, air: nil)
        }
    }
}
