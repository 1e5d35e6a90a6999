public import Geo

/// A start point placed on a street network for one mode, from which routes to any number of
/// destinations leave: `WalkStart` (our search on the walking graph, what `locate` routes
/// with) or `RouteStart` (libroutino, the oracle our search is tested against). Used within
/// one task.
public protocol RouteOrigin: AnyObject {
    /// The start point as asked.
    var point: Coordinate { get }
    /// The mode routes are for.
    var mode: TravelMode { get }
    /// The shortest route to `destination` over the ways `mode` may use, or why there is
    /// none. Throws when the start point turns out farther than
    /// `StreetNetwork.startLimitMeters` from the way it was placed on.
    func route(to destination: Coordinate) throws -> RouteOutcome
}

/// Where routes are computed: places a start point on a street network for a mode. A loaded
/// `WalkGraph` (searched by any number of threads at once) or a `StreetNetwork` (Routino,
/// under one lock: the oracle of the tests).
public protocol RouteNetwork: Sendable {
    /// The start of routes from `point` for `mode`. Throws `RoutingError.startOffNetwork` when
    /// no way the mode may use is near. Its route searches stop with `CancellationError` once
    /// `cancellation` is raised (where the network can stop one).
    func origin(at point: Coordinate, mode: TravelMode, cancellation: SearchCancellation?) throws -> any RouteOrigin
}

extension RouteNetwork {
    /// `origin(at:mode:cancellation:)` for a search nobody cancels.
    public func origin(at point: Coordinate, mode: TravelMode) throws -> any RouteOrigin {
        try origin(at: point, mode: mode, cancellation: nil)
    }
}

/// One point of a route as Routino gives it: where it is and the name of the way section
/// ending there (nil at the first point).
struct RoutePoint: Sendable, Equatable {
    var point: Coordinate
    var name: String?
}

/// Routino's points of a route, or why there is none.
enum RoutePath {
    case points([RoutePoint])
    case none(NoRoute)
}

extension Route {
    /// The route through `path` (Routino's points, from where the start joins the network to
    /// where the route leaves it) from `start` to `destination`, measured by us: geodesic
    /// legs from the start point onto the network and off it to the destination included,
    /// so its length is never below the straight line (docs/routing.md). Throws
    /// `RoutingError.startOffNetwork` when the start joins the network over
    /// `StreetNetwork.startLimitMeters` away (`network` names it).
    static func measured(
        _ path: [RoutePoint], from start: Coordinate, to destination: Coordinate, mode: TravelMode, network: String
    ) throws -> RouteOutcome {
        guard let first = path.first, let last = path.last else { return .none(.unreachable) }
        let geodesic = Geodesic()
        let startSnap = geodesic.distance(from: start, to: first.point)
        if startSnap > StreetNetwork.startLimitMeters {
            throw RoutingError.startOffNetwork(
                latitude: start.latitude, longitude: start.longitude, meters: startSnap,
                limitMeters: StreetNetwork.startLimitMeters, network: network)
        }
        let endSnap = geodesic.distance(from: last.point, to: destination)
        var geometry = [start]
        var steps: [RouteStep] = []
        var length = startSnap
        var previous = first.point
        for (i, p) in path.enumerated() {
            geometry.append(p.point)
            guard i > 0 else { continue }
            let (d, bearing) = geodesic.inverse(from: previous, to: p.point)
            length += d
            previous = p.point
            guard d > 0 else { continue }
            // In Routino's "text all" list a point's name is that of the section ending there.
            let name = p.name ?? "unnamed way"
            if let s = steps.last, s.name == name {
                steps[steps.count - 1].distanceMeters += d
            } else {
                let b = Int(bearing.rounded())
                steps.append(RouteStep(name: name, distanceMeters: d, bearingDegrees: (b % 360 + 360) % 360))
            }
        }
        geometry.append(destination)
        length += endSnap
        return .route(
            Route(
                mode: mode, geometry: geometry, lengthMeters: length, startSnapMeters: startSnap, endSnapMeters: endSnap,
                steps: steps))
    }
}
