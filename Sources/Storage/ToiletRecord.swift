public import Geo
public import Places

/// A public toilet as the ingest writes it: mapped fields, the source's original
/// attributes, and the position in WGS84.
public struct ToiletRecord: PlaceRecord, Equatable {
    /// Toilets go to `toilets`.
    public static let placeKind = PlaceKind.toilets

    /// The stable id within its dataset (a source key, or a derived key; see docs/pipelines.md, "Stable ids").
    public let sourceID: String
    /// Display name, when the source has one.
    public let name: String?
    /// Address text, trimmed; nil when blank.
    public let address: String?
    /// The original opening-hours text, exactly as the source wrote it.
    public let hoursText: String?
    /// The hours in OSM `opening_hours` syntax (translated from Czech text when needed).
    public let hoursOSM: String?
    /// How the hours were read: `exact`, `interpreted`, `unknown` or `missing`.
    public let hoursStatus: String
    /// ISO 3166-1 country, for public holidays.
    public let country: String?
    /// The original price text, exactly as the source wrote it.
    public let priceText: String?
    /// Price amount parsed from the text, when it names one.
    public let priceAmount: Double?
    /// ISO 4217 currency of `priceAmount` (`CZK`).
    public let priceCurrency: String?
    /// True when the price text says free, false when it names a price, nil when unknown.
    public let isFree: Bool?
    /// Wheelchair access.
    public let wheelchair: WheelchairAccess
    /// Type of toilet (source's code label).
    public let kind: String?
    /// Detailed location (source's code label).
    public let locationDetail: String?
    /// IANA time zone of the place, for opening hours.
    public let timeZone: String
    /// The source feature's properties as compact JSON, members in source order.
    public let propertiesJSON: String
    /// Position, WGS84.
    public let coordinate: Coordinate
    /// Access, changing table, unisex and the other OSM attributes (empty for sources
    /// without them).
    public let details: ToiletDetails
    /// A fingerprint of the properties that ignores member order and number spelling, used
    /// for change detection so that a re-serialised but equal source counts as unchanged.
    public let propertiesFingerprint: String

    /// Creates a record.
    public init(
        sourceID: String, name: String?, address: String?, hoursText: String?, hoursOSM: String?, hoursStatus: String,
        country: String?, priceText: String?,
        priceAmount: Double?, priceCurrency: String?, isFree: Bool?, wheelchair: WheelchairAccess,
        kind: String?, locationDetail: String?, timeZone: String, propertiesJSON: String,
        propertiesFingerprint: String, coordinate: Coordinate, details: ToiletDetails = ToiletDetails()
    ) {
        self.details = details
        self.propertiesFingerprint = propertiesFingerprint
        self.sourceID = sourceID
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
        self.propertiesJSON = propertiesJSON
        self.coordinate = coordinate
    }

    /// A `ContentHash` of everything stored: equal hashes mean "unchanged". Computed when
    /// asked, which an ingest does once per record on its storing thread: the parsing thread
    /// is the busier of the two.
    public var contentHash: String { computeContentHash() }

    /// The toilet's own columns' values, in `ToiletRow.ownColumns` order.
    public var values: [PlaceValue] {
        var out: [PlaceValue] = []
        forEachValue { out.append($0) }
        return out
    }

    /// `values`, one at a time: no array per record on the storing thread.
    public func forEachValue(_ body: (PlaceValue) -> Void) {
        for column in ToiletRecord.ownColumns { body(value(column)) }
        for a in ToiletAttribute.ordered { body(a.columnValue(details.attributes[a])) }
    }

    private func computeContentHash() -> String {
        // The order of the parts is part of the stored data: changing it would count every
        // stored record as updated on the next ingest.
        var h = ContentHash()
        h.addString(sourceID)
        h.addString(name)
        h.addString(address)
        h.addString(hoursText)
        h.addString(hoursOSM)
        h.addString(hoursStatus)
        h.addString(country)
        h.addString(priceText)
        h.addNumber(priceAmount)
        h.addString(priceCurrency)
        h.addBool(isFree)
        h.addString(wheelchair.rawValue)
        h.addString(kind)
        h.addString(locationDetail)
        h.addString(timeZone)
        h.addString(propertiesFingerprint)
        h.addNumber(coordinate.longitude)
        h.addNumber(coordinate.latitude)
        details.addTo(&h)
        return h.hex
    }
}
