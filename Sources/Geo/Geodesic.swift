internal import CSpatial

/// Distance and bearing on the WGS84 ellipsoid, from GeographicLib's algorithms as shipped
/// inside PROJ (`geod_inverse`, Karney 2013). Accurate to nanometres.
public struct Geodesic: Sendable {
    private var geod = geod_geodesic()

    /// WGS84 semi-major axis, metres.
    public static let semiMajorAxis = 6_378_137.0
    /// WGS84 flattening.
    public static let flattening = 1 / 298.257_223_563

    /// Creates a WGS84 geodesic solver.
    public init() {
        geod_init(&geod, Geodesic.semiMajorAxis, Geodesic.flattening)
    }

    /// The inverse problem: geodesic distance in metres from `a` to `b`, and the initial
    /// bearing at `a` in degrees clockwise from north (0…360).
    public func inverse(from a: Coordinate, to b: Coordinate) -> (distanceMeters: Double, bearingDegrees: Double) {
        var s12 = 0.0
        var azi1 = 0.0
        var azi2 = 0.0
        withUnsafePointer(to: geod) { g in
            geod_inverse(g, a.latitude, a.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
        }
        let bearing = azi1 < 0 ? azi1 + 360 : azi1
        return (s12, bearing)
    }

    /// Geodesic distance in metres.
    public func distance(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).distanceMeters
    }
}
