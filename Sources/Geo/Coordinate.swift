import Foundation

/// A WGS84 (EPSG:4326) position in degrees. Storage and GeoJSON use lon/lat order;
/// this type names both so no call site depends on an order.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and within the WGS84 degree ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Parses the CLI's `LAT,LON` form (`50.0875,14.4214`); spaces around the parts are
    /// allowed. Nil when the text is not a valid position (`Coordinate(parsingLatLon:)` says why).
    public init?(latLonText text: String) {
        guard let c = try? Coordinate(parsingLatLon: text) else { return nil }
        self = c
    }
}

extension Coordinate: CustomStringConvertible {
    /// `LAT,LON` (each in Swift's shortest round-trip form), the form `--near` accepts.
    public var description: String { "\(latitude),\(longitude)" }
}
