import Geo
import Storage

/// One station in a query answer.
public struct StationResult: Sendable, Equatable, Encodable {
    /// Row id in `stations`.
    public var rowID: Int64
    /// Dataset it came from.
    public var dataset: String
    /// The GIOŚ station id.
    public var id: String
    /// Station name.
    public var name: String
    /// Station code, when known.
    public var code: String?
    /// City.
    public var city: String?
    /// Province.
    public var province: String?
    /// Street address.
    public var street: String?
    /// Position.
    public var coordinate: Coordinate
    /// Geodesic distance from the query point, metres (`--near` only).
    public var distanceMeters: Double?
    /// Initial bearing from the query point, degrees (`--near` only).
    public var bearingDegrees: Double?
    /// Name-search rank: 0 exact, 1 prefix, 2 word prefix, 3 substring (`--name` only).
    public var match: Int?
    /// The latest index and values (nil when the store has no air data for the station).
    public var air: StationAir?

    private enum CodingKeys: String, CodingKey {
        case dataset, id, name, code, city, province, street, coordinate, distanceMeters, bearingDegrees, match, air
    }
}
