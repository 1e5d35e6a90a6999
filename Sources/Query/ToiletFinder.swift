public import Geo
public import Storage

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
        guard filter.maxPrice != nil else {
            let hits = try index.nearest(to: point, limit: limit, maxDistanceMeters: filter.maxDistanceMeters) { _, flags, _ in
                filter.accepts(flags)
            }
            return try results(for: hits)
        }
        // The price limit needs the row: looked up only for candidates that could enter.
        let hits = try store.withToiletLookup { toilet in
            try index.nearest(to: point, limit: limit, maxDistanceMeters: filter.maxDistanceMeters) { id, flags, _ in
                guard filter.accepts(flags), let t = try toilet(id) else { return false }
                return filter.acceptsPrice(t)
            }
        }
        return try results(for: hits)
    }

    /// The stored toilets behind nearest hits, in the hits' order.
    func results(for hits: [NearestHit]) throws -> [ToiletResult] {
        let byID = Dictionary(uniqueKeysWithValues: hits.map { ($0.rowID, $0) })
        return try store.toilets(rowIDs: hits.map(\.rowID)).compactMap { t in
            byID[t.rowID].map { ToiletResult(t, distanceMeters: $0.distanceMeters, bearingDegrees: $0.bearingDegrees) }
        }
    }
}
