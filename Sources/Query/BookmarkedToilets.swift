public import Foundation
public import Geo
import Hours
import Places
public import Storage

/// The question "how are my bookmarked toilets now?" (`locate toilet --bookmarked`).
/// Bookmarks live in the user's own file, not in the database (a shared or read-only
/// database can be bookmarked), so only the CLI asks it. The answer is the nearest search's
/// document, `toilet-answer/1`: every bookmarked toilet still active, each with its state at
/// the asked instant (open, closed or unknown: unknown is never open) and when that state
/// next changes; with `near`, nearest first with distances, else in the bookmarks' order
/// with `near`, `distance_m` and `bearing_deg` null.
public struct BookmarkedToilets: Sendable, Equatable {
    /// The bookmarked global ids (`DATASET/SOURCE_ID`), in the bookmarks' order.
    public var ids: [String]
    /// The point to measure from, if any.
    public var near: Coordinate?

    /// The question for these bookmarks.
    public init(ids: [String], near: Coordinate?) {
        self.ids = ids
        self.near = near
    }

    /// The answer at `at` from `store`, and the bookmarked ids that are no active toilet
    /// there (retired since, or of another database), in the bookmarks' order.
    public func answer(store: LocateStore, at: Date) throws -> (answer: ToiletAnswer, missing: [String]) {
        let toilets = try store.activeToilets(globalIDs: ids)
        let found = Set(toilets.map(\.globalID))
        let evaluator = OpenStateEvaluator()
        let geodesic = Geodesic()
        var results = toilets.map { t -> ToiletResult in
            var r: ToiletResult
            if let near {
                let inverse = geodesic.inverse(from: near, to: t.coordinate)
                r = ToiletResult(t, distanceMeters: inverse.distanceMeters, bearingDegrees: inverse.bearingDegrees)
            } else {
                r = ToiletResult(t)
            }
            let c = t.coordinate
            let state = evaluator.state(
                hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: c.latitude,
                longitude: c.longitude, at: at)
            r.state = state.state
            r.stateAt = at
            r.nextChangeAt = state.nextChange
            return r
        }
        if near != nil {
            // Stable: equal distances keep the bookmarks' order.
            results = results.enumerated().sorted { a, b in
                (a.element.distanceMeters ?? 0, a.offset) < (b.element.distanceMeters ?? 0, b.offset)
            }.map(\.element)
        }
        return (ToiletAnswer(near: near, stateAt: at, results: results), ids.filter { !found.contains($0) })
    }

    /// The zone a wall-clock `--at` is read in: `tz`, else the first bookmarked toilet's own
    /// zone, else `NearestToiletsRequest.fallbackZone` (the nearest search's rule, with the
    /// first bookmark standing in for the nearest toilet).
    public func zone(tz: String?, store: LocateStore) throws -> TimeZone {
        let name = try tz ?? store.activeToilets(globalIDs: ids).first?.timeZone ?? NearestToiletsRequest.fallbackZone
        return TimeZone(identifier: name) ?? .gmt
    }
}
