/// An ellipsoid of revolution, the Earth model geodesics and Earth-centred positions are
/// computed on. The one place the WGS84 constants live (EPSG:7030).
public struct Ellipsoid: Sendable, Hashable {
    /// Equatorial radius, metres.
    public let semiMajorAxisMeters: Double
    /// Flattening `(a − b) / a`.
    public let flattening: Double

    /// Creates an ellipsoid from its equatorial radius in metres and its flattening.
    public init(semiMajorAxisMeters: Double, flattening: Double) {
        self.semiMajorAxisMeters = semiMajorAxisMeters
        self.flattening = flattening
    }

    /// WGS84 (EPSG:7030): a = 6 378 137 m, 1/f = 298.257 223 563.
    public static let wgs84 = Ellipsoid(semiMajorAxisMeters: 6_378_137, flattening: 1 / 298.257_223_563)

    /// Polar radius `a (1 − f)`, metres.
    public var semiMinorAxisMeters: Double { semiMajorAxisMeters * (1 - flattening) }

    /// First eccentricity squared, `f (2 − f)`.
    public var eccentricitySquared: Double { flattening * (2 - flattening) }
}
