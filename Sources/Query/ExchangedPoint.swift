public import Geo
import SpatialIndex
import Storage

extension ToiletFinder {
    /// `point` with latitude and longitude exchanged, when the answer suggests they were:
    /// the nearest result is more than 100 km away (or there is none), `point` lies outside
    /// the active toilets' extent and the exchanged point inside. Reads the extent only in
    /// that case, so a normal query pays nothing.
    public func exchangedPoint(for point: Coordinate, nearestMeters: Double?) throws -> Coordinate? {
        if let rows = rowSource?.file {
            // The row file keeps the same extent (the active toilets of the same state).
            guard (nearestMeters ?? .infinity) > LocateStore.swappedCheckMeters else { return nil }
            return rows.extent?.exchangedInside(point)
        }
        return try store().exchangedPoint(for: point, nearestMeters: nearestMeters, kind: .toilets)
    }
}

extension LocateStore {
    /// How far the nearest answer may lie before a query checks whether `--near` looks
    /// swapped (a point a degree or more off the diagonal is farther than this from its
    /// exchange).
    static let swappedCheckMeters = 100_000.0

    /// The swapped-`--near` check shared by toilets and stations (see
    /// `ToiletFinder.exchangedPoint(for:nearestMeters:)`).
    func exchangedPoint(for point: Coordinate, nearestMeters: Double?, kind: PlaceKind) throws -> Coordinate? {
        guard (nearestMeters ?? .infinity) > LocateStore.swappedCheckMeters else { return nil }
        return try activeExtent(kind).box?.exchangedInside(point)
    }
}

extension StationFinder {
    /// As `ToiletFinder.exchangedPoint(for:nearestMeters:)`, over the active stations.
    public func exchangedPoint(for point: Coordinate, nearestMeters: Double?) throws -> Coordinate? {
        try store.exchangedPoint(for: point, nearestMeters: nearestMeters, kind: .stations)
    }
}
