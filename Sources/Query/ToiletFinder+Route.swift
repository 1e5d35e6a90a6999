import Foundation
public import Geo
import Hours
import Places
public import Routing
import Storage

extension ToiletFinder {
    /// The `limit` toilets nearest to `start.point` by route for `start.mode`, exactly
    /// (docs/routing.md, "Exact ranking"): candidates come in geodesic order from the nearest
    /// search; each is routed; the search stops once `limit` results are kept and the
    /// `limit`-th best route is no longer than the next candidate's straight-line distance,
    /// since no route is shorter than the straight line between its ends (`Route`). A
    /// candidate without a route is ranked by its straight-line distance, saying so. For a
    /// wheelchair, `wheelchair=no` toilets are left out. With `open`, each candidate must be
    /// open at `open.at` and still open on arrival after the route's travel time (unknown
    /// listed only with `includeUnknown`); `open.arrival` `.within(minutes:)` also requires
    /// the travel time to be at most that. `filter.maxDistanceMeters` also bounds the route.
    /// Every search and route looks at `cancellation` (give the start the same one): once it
    /// is raised, `CancellationError`.
    public func nearestByRoute(
        to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter(), open: OpenFilter?, start: any RouteOrigin,
        cancellation: SearchCancellation? = nil
    ) throws -> [ToiletResult] {
        var kept: [ToiletResult] = []
        var routed = Set<Int64>()
        var asked = max(2 * limit, 8)
        while true {
            let candidates =
                try open.map {
                    try nearestOpen(
                        to: point, limit: asked, filter: filter,
                        open: OpenFilter(at: $0.at, includeUnknown: $0.includeUnknown), cancellation: cancellation)
                } ?? nearest(to: point, limit: asked, filter: filter, cancellation: cancellation)
            for candidate in candidates where !routed.contains(candidate.rowID) {
                try cancellation?.check()
                routed.insert(candidate.rowID)
                let straight = candidate.distanceMeters ?? 0
                if kept.count >= limit, let worst = kept.last?.route?.rankMeters, worst <= straight { return kept }
                guard start.mode != .wheelchair || candidate.wheelchair != .no else { continue }
                guard let result = try reached(candidate, straightMeters: straight, from: start, filter: filter, open: open)
                else { continue }
                let at = kept.firstIndex { Self.ranksBefore(result, $0) } ?? kept.endIndex
                kept.insert(result, at: at)
                if kept.count > limit { kept.removeLast() }
            }
            // Fewer candidates than asked for: there are no more.
            if candidates.count < asked { return kept }
            asked *= 2
        }
    }

    /// `candidate` with its route (or why there is none) and, with `open`, its state on
    /// arrival; nil when it is left out (closed on arrival, too far, too long a route).
    private func reached(
        _ candidate: ToiletResult, straightMeters: Double, from start: any RouteOrigin, filter: ToiletFilter, open: OpenFilter?
    ) throws -> ToiletResult? {
        var r = candidate
        switch try start.route(to: candidate.toilet.coordinate) {
        case .route(let route): r.route = ToiletRoute(route)
        case .none(let why): r.route = ToiletRoute(mode: start.mode, noRoute: why, straightMeters: straightMeters)
        }
        guard let route = r.route else { return nil }
        if let max = filter.maxDistanceMeters, route.rankMeters > max { return nil }
        guard let open else { return r }
        if case .within(let minutes)? = open.arrival, route.seconds > Double(minutes) * 60 { return nil }
        let arrival = open.at.addingTimeInterval(route.seconds)
        r.arrivalAt = arrival
        guard r.state == .open else { return r }
        let t = r.toilet
        let then = evaluator.currentState(
            hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: t.coordinate.latitude,
            longitude: t.coordinate.longitude, at: arrival)
        switch then {
        case .open: return r
        case .closed: return nil
        case .unknown:
            guard open.includeUnknown else { return nil }
            r.state = .unknown
            return r
        }
    }

    /// Ranking by route: by the ranked distance, then the straight line, then row id.
    static func ranksBefore(_ a: ToiletResult, _ b: ToiletResult) -> Bool {
        let ka = (a.route?.rankMeters ?? .infinity, a.distanceMeters ?? 0, a.rowID)
        let kb = (b.route?.rankMeters ?? .infinity, b.distanceMeters ?? 0, b.rowID)
        return ka < kb
    }
}
