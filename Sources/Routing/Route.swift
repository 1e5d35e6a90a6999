public import Geo

/// A route from a start point to a destination over a street network: the line walked
/// (from the start point itself, through the ways, to the destination itself), its length
/// and its steps.
public struct Route: Sendable, Equatable {
    /// The mode the route is for.
    public var mode: TravelMode
    /// The line, from the start point to the destination (both included), lon/lat WGS84.
    public var geometry: [Coordinate]
    /// Length of `geometry` in geodesic metres (WGS84): the straight legs from the start
    /// point onto the network and from the network to the destination included, so a route
    /// is never shorter than the geodesic distance between its ends (docs/routing.md).
    public var lengthMeters: Double
    /// Geodesic metres from the start point to where it joins the network.
    public var startSnapMeters: Double
    /// Geodesic metres from where the route leaves the network to the destination.
    public var endSnapMeters: Double
    /// The route's sections, a step per way name (consecutive sections of one name joined).
    public var steps: [RouteStep]

    /// Travel time at the mode's documented speed (`TravelMode.metersPerSecond`), seconds.
    public var durationSeconds: Double { lengthMeters / mode.metersPerSecond }
}

/// One step of a route: so many metres along a named way, setting off on a bearing.
public struct RouteStep: Sendable, Equatable {
    /// The way's name as Routino gives it (`Mannerheimintie`, or a description of an
    /// unnamed way such as `footway`).
    public var name: String
    /// Metres along it (geodesic).
    public var distanceMeters: Double
    /// Initial bearing, whole degrees clockwise from north.
    public var bearingDegrees: Int

    /// Creates a step.
    public init(name: String, distanceMeters: Double, bearingDegrees: Int) {
        self.name = name
        self.distanceMeters = distanceMeters
        self.bearingDegrees = bearingDegrees
    }

    /// The step in words: `120 m north-east along Mannerheimintie`.
    public var text: String {
        let points = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        let i = Int((Double(bearingDegrees % 360) / 45).rounded()) % 8
        return "\(Int(distanceMeters.rounded())) m \(points[i]) along \(name)"
    }
}

/// Why a destination has no route: it is then ranked by straight-line distance, saying so.
public enum NoRoute: String, Sendable, Equatable {
    /// Routino found no way near the destination that the mode may use.
    case destinationOffNetwork = "no way near the toilet"
    /// The destination's way is not connected to the start's (an island, steps for a wheelchair).
    case unreachable = "no route between the start and the toilet"
}

/// A route, or why there is none.
public enum RouteOutcome: Sendable, Equatable {
    /// The route found.
    case route(Route)
    /// No route; the reason.
    case none(NoRoute)
}
