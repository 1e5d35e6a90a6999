/// An axis-aligned box in WGS84 degrees (no antimeridian crossing: the datasets here are
/// European cities).
public struct BoundingBox: Sendable, Hashable, Codable {
    /// Western edge, degrees of longitude.
    public var minLongitude: Double
    /// Southern edge, degrees of latitude.
    public var minLatitude: Double
    /// Eastern edge, degrees of longitude.
    public var maxLongitude: Double
    /// Northern edge, degrees of latitude.
    public var maxLatitude: Double

    /// Creates a box from its edges in degrees.
    public init(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    /// True when the coordinate lies inside or on the edge of the box.
    public func contains(_ c: Coordinate) -> Bool {
        c.longitude >= minLongitude && c.longitude <= maxLongitude
            && c.latitude >= minLatitude && c.latitude <= maxLatitude
    }
}
