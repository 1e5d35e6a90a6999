import GRDB
import Geo
import Storage

/// Answers "the nearest toilets to here": exact geodesic order from the nearest index,
/// then the rows' attributes from the store.
public final class ToiletFinder {
    let store: LocateStore
    let index: NearestIndex

    /// Opens the finder over a store (building the nearest index when stale).
    public init(store: LocateStore) throws {
        self.store = store
        self.index = try NearestIndex.open(for: store)
    }

    /// Number of active toilets.
    public var count: Int { index.count }

    /// The `limit` nearest toilets to `point` that pass `filter`, nearest first.
    public func nearest(to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter()) throws -> [ToiletResult] {
        let hits = index.nearest(
            to: point, limit: limit, required: filter.requiredFlags, maxDistanceMeters: filter.maxDistanceMeters)
        return try store.toilets(for: hits)
    }
}

extension LocateStore {
    /// The stored rows behind nearest hits, in the hits' order.
    func toilets(for hits: [NearestHit]) throws -> [ToiletResult] {
        guard !hits.isEmpty else { return [] }
        let rows = try readRows(
            sql: """
                SELECT id, dataset, source_id, name, address, hours_text, hours_osm, hours_status, timezone, price_text,
                  price_amount, price_currency, is_free, wheelchair, lat, lon FROM toilets WHERE id IN (\(hits.map { "\($0.rowID)" }.joined(separator: ",")))
                """)
        var byID: [Int64: Row] = [:]
        for r in rows { byID[r["id"]] = r }
        return hits.compactMap { h in
            guard let r = byID[h.rowID] else { return nil }
            return ToiletResult(
                rowID: h.rowID, dataset: r["dataset"], id: r["source_id"], name: r["name"], address: r["address"],
                hours: r["hours_text"], hoursNormalized: r["hours_osm"], hoursStatus: r["hours_status"], state: nil,
                nextChange: nil, arrival: nil, queryTime: nil, timeZone: r["timezone"], price: r["price_text"],
                priceAmount: r["price_amount"],
                priceCurrency: r["price_currency"], isFree: r["is_free"], wheelchair: r["wheelchair"],
                coordinate: Coordinate(latitude: r["lat"], longitude: r["lon"]), distanceMeters: h.distanceMeters,
                bearingDegrees: h.bearingDegrees)
        }
    }
}
