public import Foundation
public import Geo
public import Hours
public import Storage

/// One toilet in a query answer. Encodes per the JSON contract (docs/json.md, schema
/// `toilet-answer/1`): snake_case keys, a fixed key set with explicit nulls, instants in
/// the place's offset beside `time_zone`.
public struct ToiletResult: Sendable, Equatable, Encodable {
    /// Row id (stable within a database; ties are broken by it). Not in JSON: it means
    /// nothing outside this database; `id` names the place.
    public var rowID: Int64
    /// The global id `DATASET/SOURCE_ID`.
    public var id: String
    /// Dataset it came from.
    public var dataset: String
    /// Stable id within the dataset.
    public var sourceID: String
    /// Name, when the source has one.
    public var name: String?
    /// Address.
    public var address: String?
    /// Original opening-hours text (JSON `hours_text`).
    public var hours: String?
    /// The hours in OSM syntax, when they could be read (JSON `hours_osm`).
    public var hoursOSM: String?
    /// How the hours were read.
    public var hoursStatus: HoursStatus
    /// ISO 3166-1 country for public holidays.
    public var country: String?
    /// With an open filter: the state at its instant (`open`, or `unknown` when asked for).
    public var state: HoursState?
    /// With an open filter: the instant the state is for.
    public var stateAt: Date?
    /// With an open filter: when that state next changes (nil: never, or not asked).
    public var nextChangeAt: Date?
    /// With an open filter and an arrival: the arrival instant.
    public var arrivalAt: Date?
    /// The place's time zone.
    public var timeZone: String
    /// Original price text (JSON `price_text`).
    public var price: String?
    /// Parsed price amount.
    public var priceAmount: Double?
    /// Currency of `priceAmount`.
    public var priceCurrency: String?
    /// Free for everybody (nil: unknown; JSON `free`).
    public var isFree: Bool?
    /// Wheelchair access.
    public var wheelchair: WheelchairAccess
    /// The source's type label.
    public var toiletType: String?
    /// The source's detailed-location label.
    public var locationDetail: String?
    /// Position.
    public var coordinate: Coordinate
    /// Geodesic distance from the query point, metres.
    public var distanceMeters: Double
    /// Initial bearing from the query point, degrees clockwise from north.
    public var bearingDegrees: Double

    /// A result for a stored toilet found at `distanceMeters` and `bearingDegrees`.
    public init(_ t: StoredToilet, distanceMeters: Double, bearingDegrees: Double) {
        rowID = t.rowID
        id = t.globalID
        dataset = t.dataset
        sourceID = t.sourceID
        name = t.name
        address = t.address
        hours = t.hoursText
        hoursOSM = t.hoursOSM
        hoursStatus = t.hoursStatus
        country = t.country
        timeZone = t.timeZone
        price = t.priceText
        priceAmount = t.priceAmount
        priceCurrency = t.priceCurrency
        isFree = t.isFree
        wheelchair = t.wheelchair
        toiletType = t.toiletType
        locationDetail = t.locationDetail
        coordinate = t.coordinate
        self.distanceMeters = distanceMeters
        self.bearingDegrees = bearingDegrees
    }

    /// The next change as wall-clock text in the place's zone (`2026-11-21T20:00`), for tables.
    public var nextChange: String? { nextChangeAt.map { WallClock.text($0, in: zone) } }
    /// The query instant as wall-clock text in the place's zone, for tables.
    public var queryTime: String? { stateAt.map { WallClock.text($0, in: zone) } }
    /// The arrival as wall-clock text in the place's zone, for tables.
    public var arrival: String? { arrivalAt.map { WallClock.text($0, in: zone) } }

    private var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        func instant(_ d: Date?) -> String? { d.map { InstantText.text($0, in: zone) } }
        try c.encode(id, forKey: .id)
        try c.encode(dataset, forKey: .dataset)
        try c.encode(sourceID, forKey: .sourceID)
        try c.encode(name, forKey: .name)
        try c.encode(address, forKey: .address)
        try c.encode(JSONNumber.degrees(coordinate.latitude), forKey: .lat)
        try c.encode(JSONNumber.degrees(coordinate.longitude), forKey: .lon)
        try c.encode(JSONNumber.rounded(distanceMeters, places: 1), forKey: .distanceM)
        try c.encode(JSONNumber.rounded(bearingDegrees, places: 1), forKey: .bearingDeg)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(country, forKey: .country)
        try c.encode(hours, forKey: .hoursText)
        try c.encode(hoursOSM, forKey: .hoursOSM)
        try c.encode(hoursStatus, forKey: .hoursStatus)
        try c.encode(state, forKey: .state)
        try c.encode(instant(stateAt), forKey: .stateAt)
        try c.encode(instant(nextChangeAt), forKey: .nextChange)
        try c.encode(instant(arrivalAt), forKey: .arrivalAt)
        try c.encode(price, forKey: .priceText)
        try c.encode(priceAmount, forKey: .priceAmount)
        try c.encode(priceCurrency, forKey: .priceCurrency)
        try c.encode(isFree, forKey: .free)
        try c.encode(wheelchair, forKey: .wheelchair)
        try c.encode(toiletType, forKey: .toiletType)
        try c.encode(locationDetail, forKey: .locationDetail)
    }

    private enum Keys: String, CodingKey {
        case id, dataset, sourceID = "source_id", name, address, lat, lon, distanceM = "distance_m"
        case bearingDeg = "bearing_deg", timeZone = "time_zone", country, hoursText = "hours_text", hoursOSM = "hours_osm"
        case hoursStatus = "hours_status", state, stateAt = "state_at", nextChange = "next_change"
        case arrivalAt = "arrival_at", priceText = "price_text", priceAmount = "price_amount"
        case priceCurrency = "price_currency", free, wheelchair, toiletType = "toilet_type"
        case locationDetail = "location_detail"
    }
}

/// Numbers as the JSON contract writes them.
enum JSONNumber {
    /// Degrees with at most 7 decimals (about 1 cm).
    static func degrees(_ v: Double) -> Double { rounded(v, places: 7) }

    /// `v` rounded to `places` decimals.
    static func rounded(_ v: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (v * scale).rounded() / scale
    }
}
