public import Geo
import Hours
public import Storage

/// Answers "the nearest toilets to here": exact geodesic order from the nearest index,
/// then the rows' attributes from the store. Records of several datasets that are one
/// place (`SamePlace`) are one result.
public final class ToiletFinder {
    let store: LocateStore
    let index: NearestIndex
    /// Rows already read, shared with other finders of the same committed state (the HTTP
    /// server's); nil: every lookup reads the store.
    public var rowCache: ToiletRowCache?
    /// Parsed opening hours and time zones, kept across queries.
    let evaluator = OpenStateEvaluator()
    /// Open states already evaluated, shared with other finders of the same committed state
    /// (the HTTP server's); nil: every open search evaluates each candidate's hours.
    public var openStates: OpenStateCache?
    /// Set when every active toilet is of one dataset (`activePlacesAreOfOneDataset`; the
    /// server checks once per data version): records of one dataset are never one place, so
    /// the search for each place's records in other datasets is skipped.
    public var oneDataset = false

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
    /// pass `filter` and `accept`, unless it joins a nearer kept place (`joins`). Each kept
    /// record is a place; then its records of other datasets within
    /// `2 × SamePlace.agreeingTextMeters` that join it (not restricted, in
    /// `filter.datasets`) are added as its other sources, filling its missing attributes.
    func search(
        to point: Coordinate, limit: Int, filter: ToiletFilter, accept: (StoredToilet, Double) throws -> Bool
    ) throws -> [ToiletResult] {
        let geodesic = Geodesic()
        var places: [[StoredToilet]] = []
        var seen: [(toilet: StoredToilet, distance: Double)] = []
        return try store.withToiletLookup { read in
            func toilet(_ id: Int64) throws -> StoredToilet? {
                guard let rowCache else { return try read(id) }
                return try rowCache.toilet(id, reading: read)
            }
            _ = try index.nearest(to: point, limit: limit, maxDistanceMeters: filter.maxDistanceMeters) {
                id, flags, distance in
                guard filter.accepts(flags), let t = try toilet(id), filter.acceptsRow(t) else { return false }
                guard try accept(t, distance) else { return false }
                seen.append((t, distance))
                if let i = places.firstIndex(where: { SamePlace.joins(t, $0, geodesic: geodesic) }) {
                    places[i].append(t)
                    return false
                }
                places.append([t])
                return true
            }
            // The search meets records at one position in any order: group again in
            // (distance, row id) order, as the rule is stated.
            places = []
            for (t, _) in seen.sorted(by: { ($0.distance, $0.toilet.rowID) < ($1.distance, $1.toilet.rowID) }) {
                if let i = places.firstIndex(where: { SamePlace.joins(t, $0, geodesic: geodesic) }) {
                    places[i].append(t)
                } else if places.count < limit {
                    places.append([t])
                }
            }
            var used = Set(places.flatMap { $0.map(\.rowID) })
            var results: [ToiletResult] = []
            for place in places {
                var records = place
                if !oneDataset {
                    _ = try index.nearest(
                        to: records[0].coordinate, limit: 32, maxDistanceMeters: 2 * SamePlace.agreeingTextMeters
                    ) { id, flags, _ in
                        guard !used.contains(id), !flags.contains(.restricted), let other = try toilet(id),
                            filter.datasets?.contains(other.dataset) ?? true,
                            SamePlace.joins(other, records, geodesic: geodesic)
                        else { return false }
                        records.append(other)
                        used.insert(id)
                        return true
                    }
                }
                let (distance, bearing) = geodesic.inverse(from: point, to: place[0].coordinate)
                var r = ToiletResult(SamePlace.merged(records), distanceMeters: distance, bearingDegrees: bearing)
                r.sources = records.map(ToiletSource.init)
                results.append(r)
            }
            return results
        }
    }
}
