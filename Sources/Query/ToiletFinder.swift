public import Geo
public import Storage

/// Answers "the nearest toilets to here": exact geodesic order from the nearest index,
/// then the rows' attributes from the store. Records of several datasets that are one
/// place (`SamePlace`) are one result.
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

    /// The `limit` nearest places to `point` with a record that passes `filter`, nearest
    /// first.
    public func nearest(to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter()) throws -> [ToiletResult] {
        try search(to: point, limit: limit, filter: filter) { _, _ in true }
    }

    /// The incremental search behind every query: a candidate is kept when its flags and row
    /// pass `filter` and `accept`, unless it is the same place as a nearer kept record (it
    /// then joins that place). Each kept record is a place; its records of other datasets
    /// (within `SamePlace.agreeingTextMeters`, not restricted, in `filter.datasets`) are
    /// added as its other sources, filling its missing attributes.
    func search(
        to point: Coordinate, limit: Int, filter: ToiletFilter, accept: (StoredToilet, Double) throws -> Bool
    ) throws -> [ToiletResult] {
        let geodesic = Geodesic()
        var kept: [StoredToilet] = []
        return try store.withToiletLookup { toilet in
            let hits = try index.nearest(to: point, limit: limit, maxDistanceMeters: filter.maxDistanceMeters) {
                id, flags, distance in
                guard filter.accepts(flags), let t = try toilet(id), filter.acceptsRow(t) else { return false }
                guard try accept(t, distance) else { return false }
                if kept.contains(where: { SamePlace.matches($0, t, geodesic: geodesic) }) { return false }
                kept.append(t)
                return true
            }
            let primaries = Set(hits.map(\.rowID))
            let byID = Dictionary(kept.map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
            var results: [ToiletResult] = []
            var used = primaries
            for hit in hits {
                guard let t = byID[hit.rowID] else { continue }
                var records = [t]
                _ = try index.nearest(
                    to: t.coordinate, limit: 16, maxDistanceMeters: SamePlace.agreeingTextMeters
                ) { id, flags, d in
                    guard !used.contains(id), !flags.contains(.restricted), let other = try toilet(id),
                        filter.datasets?.contains(other.dataset) ?? true,
                        !records.contains(where: { $0.dataset == other.dataset }),
                        SamePlace.matches(t, other, distanceMeters: d)
                    else { return false }
                    records.append(other)
                    used.insert(id)
                    return true
                }
                var r = ToiletResult(
                    SamePlace.merged(records), distanceMeters: hit.distanceMeters, bearingDegrees: hit.bearingDegrees)
                r.sources = records.map(ToiletSource.init)
                results.append(r)
            }
            return results
        }
    }
}
