public import Geo
public import Places

/// A public toilet: the one domain value of the toilets table, which the ingest writes
/// (`ToiletRecord`) and the store reads back (`StoredToilet`). Its fixed fields are those of
/// `ToiletColumn`, its attributes those of `ToiletAttribute` (in `details`).
public struct Toilet: Sendable, Equatable {
    /// Display name, when the source has one.
    public var name: String?
    /// Address text, trimmed; nil when blank.
    public var address: String?
    /// The original opening-hours text, exactly as the source wrote it.
    public var hoursText: String?
    /// The hours in OSM `opening_hours` syntax (translated from free text when needed).
    public var hoursOSM: String?
    /// How the hours were read.
    public var hoursStatus: HoursStatus
    /// ISO 3166-1 country, for public holidays.
    public var country: String?
    /// The original price text, exactly as the source wrote it.
    public var priceText: String?
    /// Price amount parsed from the text, when it names one.
    public var priceAmount: Double?
    /// ISO 4217 currency of `priceAmount` (`CZK`).
    public var priceCurrency: String?
    /// True when the price text says free, false when it names a price, nil when unknown.
    public var isFree: Bool?
    /// Wheelchair access.
    public var wheelchair: WheelchairAccess
    /// Type of toilet (the source's code label).
    public var kind: String?
    /// Detailed location (the source's code label).
    public var locationDetail: String?
    /// IANA time zone of the place, for opening hours.
    public var timeZone: String
    /// Position, WGS84.
    public var coordinate: Coordinate
    /// Access, changing table, unisex and the other attributes (empty for sources without them).
    public var details: ToiletDetails

    /// A toilet with every fixed field given.
    public init(
        name: String?, address: String?, hoursText: String?, hoursOSM: String?, hoursStatus: HoursStatus,
        country: String?, priceText: String?, priceAmount: Double?, priceCurrency: String?, isFree: Bool?,
        wheelchair: WheelchairAccess, kind: String?, locationDetail: String?, timeZone: String, coordinate: Coordinate,
        details: ToiletDetails = ToiletDetails()
    ) {
        self.name = name
        self.address = address
        self.hoursText = hoursText
        self.hoursOSM = hoursOSM
        self.hoursStatus = hoursStatus
        self.country = country
        self.priceText = priceText
        self.priceAmount = priceAmount
        self.priceCurrency = priceCurrency
        self.isFree = isFree
        self.wheelchair = wheelchair
        self.kind = kind
        self.locationDetail = locationDetail
        self.timeZone = timeZone
        self.coordinate = coordinate
        self.details = details
    }

    /// A toilet at `coordinate` with every field unknown, to be filled field by field
    /// (`set(_:_:)`).
    init(at coordinate: Coordinate) {
        self.init(
            name: nil, address: nil, hoursText: nil, hoursOSM: nil, hoursStatus: .unknown, country: nil, priceText: nil,
            priceAmount: nil, priceCurrency: nil, isFree: nil, wheelchair: .unknown, kind: nil, locationDetail: nil,
            timeZone: "", coordinate: coordinate)
    }

    /// The value of a fixed field as its column stores it.
    func value(_ column: ToiletColumn) -> PlaceValue {
        switch column {
        case .name: return .text(name)
        case .address: return .text(address)
        case .hoursText: return .text(hoursText)
        case .hoursOSM: return .text(hoursOSM)
        case .hoursStatus: return .text(hoursStatus.rawValue)
        case .country: return .text(country)
        case .priceText: return .text(priceText)
        case .priceAmount: return .real(priceAmount)
        case .priceCurrency: return .text(priceCurrency)
        case .isFree: return .integer(isFree.map { $0 ? 1 : 0 })
        case .wheelchair: return .text(wheelchair.rawValue)
        case .kind: return .text(kind)
        case .locationDetail: return .text(locationDetail)
        case .timezone: return .text(timeZone)
        }
    }

    /// Sets a fixed field from its column's value (a value of another type than the
    /// column's reads as unknown; a word a choice does not have as `unknown`).
    mutating func set(_ column: ToiletColumn, _ v: PlaceValue) {
        switch column {
        case .name: name = v.text
        case .address: address = v.text
        case .hoursText: hoursText = v.text
        case .hoursOSM: hoursOSM = v.text
        case .hoursStatus: hoursStatus = v.text.flatMap(HoursStatus.init(rawValue:)) ?? .unknown
        case .country: country = v.text
        case .priceText: priceText = v.text
        case .priceAmount: priceAmount = v.real
        case .priceCurrency: priceCurrency = v.text
        case .isFree: isFree = v.integer.map { $0 != 0 }
        case .wheelchair: wheelchair = v.text.flatMap(WheelchairAccess.init(rawValue:)) ?? .unknown
        case .kind: kind = v.text
        case .locationDetail: locationDetail = v.text
        case .timezone: timeZone = v.text ?? ""
        }
    }
}

extension PlaceValue {
    /// Whether the value is NULL.
    var isNull: Bool {
        switch self {
        case .text(let s): return s == nil
        case .real(let d): return d == nil
        case .integer(let i): return i == nil
        }
    }

    /// The text, nil for NULL or another type.
    var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The real number (an integer converted), nil for NULL or another type.
    var real: Double? {
        switch self {
        case .real(let d): return d
        case .integer(let i): return i.map(Double.init)
        case .text: return nil
        }
    }

    /// The integer, nil for NULL or another type.
    var integer: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }
}
