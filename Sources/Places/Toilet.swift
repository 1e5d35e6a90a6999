public import Geo

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
    /// The day the source published the release that last carried the record
    /// (`YYYY-MM-DD`, the run's `released`), when stated.
    public var sourceReleased: String? = nil
    /// When the place was last verified (`Verification`): an RFC 3339 instant in UTC, or nil
    /// when nothing ever verified it.
    public var verifiedAt: String? = nil
    /// What verified it last: a `VerificationSource` word, nil with `verifiedAt`.
    public var verifiedBy: String? = nil
    /// When its opening hours were last verified; nil when nothing verified them.
    public var hoursVerifiedAt: String? = nil
    /// What verified the hours last, nil with `hoursVerifiedAt`.
    public var hoursVerifiedBy: String? = nil

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
    package init(at coordinate: Coordinate) {
        self.init(
            name: nil, address: nil, hoursText: nil, hoursOSM: nil, hoursStatus: .unknown, country: nil, priceText: nil,
            priceAmount: nil, priceCurrency: nil, isFree: nil, wheelchair: .unknown, kind: nil, locationDetail: nil,
            timeZone: "", coordinate: coordinate)
    }

    /// The value of a fixed field as its column stores it.
    package func value(_ column: ToiletColumn) -> PlaceValue {
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
        case .sourceReleased: return .text(sourceReleased)
        case .verifiedAt: return .text(verifiedAt)
        case .verifiedBy: return .text(verifiedBy)
        case .hoursVerifiedAt: return .text(hoursVerifiedAt)
        case .hoursVerifiedBy: return .text(hoursVerifiedBy)
        }
    }

    /// Sets a fixed field from its column's value (a value of another type than the
    /// column's reads as unknown; a word a choice does not have as `unknown`).
    package mutating func set(_ column: ToiletColumn, _ v: PlaceValue) {
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
        case .sourceReleased: sourceReleased = v.text
        case .verifiedAt: verifiedAt = v.text
        case .verifiedBy: verifiedBy = v.text
        case .hoursVerifiedAt: hoursVerifiedAt = v.text
        case .hoursVerifiedBy: hoursVerifiedBy = v.text
        }
    }
}
