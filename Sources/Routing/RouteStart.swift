import Foundation
public import Geo

/// A start point placed on a street network for one mode: routes to any number of
/// destinations leave from it. Owns Routino's waypoint; used within one task.
public final class RouteStart {
    /// The network.
    public let network: StreetNetwork
    /// The start point as asked.
    public let point: Coordinate
    /// The mode routes are for.
    public let mode: TravelMode
    private let waypoint: OpaquePointer
    private let geodesic = Geodesic()

    init(network: StreetNetwork, point: Coordinate, mode: TravelMode, waypoint: OpaquePointer) {
        self.network = network
        self.point = point
        self.mode = mode
        self.waypoint = waypoint
    }

    deinit { free(UnsafeMutableRawPointer(waypoint)) }

    /// The shortest route to `destination` over the ways `mode` may use, or why there is
    /// none. Throws when the start point turns out farther than
    /// `StreetNetwork.startLimitMeters` from the way it was placed on.
    public func route(to destination: Coordinate) throws -> RouteOutcome {
        guard let end = network.destination(destination, mode: mode) else { return .none(.destinationOffNetwork) }
        guard let path = try network.path(from: waypoint, to: end, mode: mode), let first = path.first, let last = path.last
        else { return .none(.unreachable) }
        let startSnap = geodesic.distance(from: point, to: first.point)
        if startSnap > StreetNetwork.startLimitMeters {
            throw RoutingError.startOffNetwork(
                latitude: point.latitude, longitude: point.longitude, meters: startSnap,
                limitMeters: StreetNetwork.startLimitMeters, network: network.manifest.name)
        }
        let endSnap = geodesic.distance(from: last.point, to: destination)
        var geometry = [point]
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
