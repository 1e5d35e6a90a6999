import Foundation
public import Geo

/// A start point placed on a street network loaded in this process, for one mode: routes to
/// any number of destinations leave from it. Owns Routino's waypoint; used within one task.
public final class RouteStart: RouteOrigin {
    /// The network.
    public let network: StreetNetwork
    /// The start point as asked.
    public let point: Coordinate
    /// The mode routes are for.
    public let mode: TravelMode
    private let waypoint: OpaquePointer

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
        switch try path(to: destination) {
        case .none(let why): return .none(why)
        case .points(let path):
            return try Route.measured(path, from: point, to: destination, mode: mode, network: network.manifest.name)
        }
    }

    /// Routino's points of the shortest route to `destination`, or why there is none.
    func path(to destination: Coordinate) throws -> RoutePath {
        guard let end = network.destination(destination, mode: mode) else { return .none(.destinationOffNetwork) }
        guard let path = try network.path(from: waypoint, to: end, mode: mode), !path.isEmpty else {
            return .none(.unreachable)
        }
        return .points(path)
    }
}
