import Geo
import Storage

/// One toilet in a query answer.
public struct ToiletResult: Sendable, Equatable, Encodable {
    /// Row id (stable within a database; ties are broken by it). Not in `--json`: it means
    /// nothing outside this database; `dataset` and `id` name the place.
    public var rowID: Int64
    /// Dataset it came from.
    public var dataset: String
    /// Stable id within the dataset.
    public var id: String
    /// Name, when the source has one.
    public var name: String?
    /// Address.
    public var address: String?
    /// Original opening-hours text.
    public var hours: String?
    /// The hours in OSM syntax, when they could be read.
    public var hoursNormalized: String?
    /// How the hours were read: exact, interpreted, unknown, missing.
    public var hoursStatus: String
    /// With an open filter: the state at its instant (`open`, `unknown`).
    public var state: String?
    /// With an open filter: when that state next changes, wall-clock in the place's time zone
    /// (`2026-11-21T20:00`), or nil when it never does.
    public var nextChange: String?
    /// With an open filter and an arrival: the arrival time, wall-clock.
    public var arrival: String?
    /// With an open filter: the query instant, wall-clock in the place's time zone.
    public var queryTime: String?
    /// The place's time zone.
    public var timeZone: String
    /// Original price text.
    public var price: String?
    /// Parsed price amount.
    public var priceAmount: Double?
    /// Currency of `priceAmount`.
    public var priceCurrency: String?
    /// Free for everybody (nil: unknown).
    public var isFree: Bool?
    /// Wheelchair access.
    public var wheelchair: String
    /// Position.
    public var coordinate: Coordinate
    /// Geodesic distance from the query point, metres.
    public var distanceMeters: Double
    /// Initial bearing from the query point, degrees clockwise from north.
    public var bearingDegrees: Double

    private enum CodingKeys: String, CodingKey {
        case dataset, id, name, address, hours, hoursNormalized, hoursStatus, state, nextChange, arrival, queryTime, timeZone,
            price, priceAmount, priceCurrency, isFree, wheelchair, coordinate, distanceMeters, bearingDegrees
    }
}
