import Contract
import Foundation
public import Geo
public import Routing
import Storage

/// How a toilet is reached by `--by foot|wheelchair` (`by=`): the route over the street
/// network, or why there is none, in which case it is ranked by the straight line and says so.
public struct ToiletRoute: Sendable, Equatable {
    /// The mode asked for.
    public var mode: TravelMode
    /// The route; nil when there is none (`noRoute` says why).
    public var route: Route?
    /// Why there is no route.
    public var noRoute: NoRoute?
    /// The distance the result is ranked by: the route's length, else the straight line (metres).
    public var rankMeters: Double

    /// A result reached by `route`.
    public init(_ route: Route) {
        mode = route.mode
        self.route = route
        noRoute = nil
        rankMeters = route.lengthMeters
    }

    /// A result with no route (`why`), ranked by its straight-line distance.
    public init(mode: TravelMode, noRoute why: NoRoute, straightMeters: Double) {
        self.mode = mode
        route = nil
        noRoute = why
        rankMeters = straightMeters
    }

    /// Travel time over `rankMeters` at the mode's documented speed, seconds.
    public var seconds: Double { rankMeters / mode.metersPerSecond }

    /// The per-result note of a result without a route: `no route between the start and the
    /// toilet: straight-line distance`.
    public var note: String? { noRoute.map { "\($0.rawValue): straight-line distance" } }
}

/// `route` in a toilet answer's result (docs/json.md): the line as a GeoJSON LineString
/// (RFC 7946, [lon, lat] positions), the steps and the straight legs onto the network.
public struct RouteJSON: Encodable {
    /// The route written.
    public var route: Route

    /// The JSON form of `route`.
    public init(_ route: Route) { self.route = route }

    /// Encodes per the JSON contract (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(RouteJSON.geometry(route.geometry), forKey: .geometry)
        try c.encode(route.steps.map(StepJSON.init), forKey: .steps)
        try c.encode(JSONNumber.rounded(route.startSnapMeters, places: 1), forKey: .startSnapM)
        try c.encode(JSONNumber.rounded(route.endSnapMeters, places: 1), forKey: .endSnapM)
    }

    /// `{"type": "LineString", "coordinates": [[lon, lat], …]}`, degrees to 7 places.
    static func geometry(_ line: [Coordinate]) -> LineString {
        LineString(coordinates: line.map { [JSONNumber.degrees($0.longitude), JSONNumber.degrees($0.latitude)] })
    }

    struct LineString: Encodable {
        var type = "LineString"
        var coordinates: [[Double]]
    }

    /// A step as the contract writes it: `{name, distance_m, bearing_deg, text}` (the steps
    /// of `route` in `toilet-answer/1` and of a route feature in `toilet-geojson/1`).
    public struct StepJSON: Encodable {
        /// The step written.
        public var step: RouteStep
        /// The JSON form of `s`.
        public init(_ s: RouteStep) { step = s }
        /// Encodes per the JSON contract (docs/json.md).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(step.name, forKey: .name)
            try c.encode(JSONNumber.rounded(step.distanceMeters, places: 1), forKey: .distanceM)
            try c.encode(step.bearingDegrees, forKey: .bearingDeg)
            try c.encode(step.text, forKey: .text)
        }
        enum Keys: String, CodingKey { case name, distanceM = "distance_m", bearingDeg = "bearing_deg", text }
    }

    enum Keys: String, CodingKey { case geometry, steps, startSnapM = "start_snap_m", endSnapM = "end_snap_m" }
}
