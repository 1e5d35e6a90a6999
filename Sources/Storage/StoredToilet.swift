public import Geo
public import Places

/// A stored toilet as the store reads it back for queries and exports.
public struct StoredToilet: Sendable, Equatable {
    /// Row id in the store (stable within this database; ties are broken by it).
    public var rowID: Int64
    /// Dataset it came from.
    public var dataset: String
    /// Stable id within the dataset.
    public var sourceID: String
    /// Display name, when the source has one.
    public var name: String?
    /// Address text.
    public var address: String?
    /// The opening hours exactly as the source wrote them.
    public var hoursText: String?
    /// The hours in OSM `opening_hours` syntax, when they could be read.
    public var hoursOSM: String?
    /// How the hours were read.
    public var hoursStatus: HoursStatus
    /// ISO 3166-1 country, for public holidays.
    public var country: String?
    /// The original price text.
    public var priceText: String?
    /// Price amount parsed from the text.
    public var priceAmount: Double?
    /// ISO 4217 currency of `priceAmount`.
    public var priceCurrency: String?
    /// True when free, false when priced, nil when unknown.
    public var isFree: Bool?
    /// Wheelchair access.
    public var wheelchair: WheelchairAccess
    /// The source's type label.
    public var toiletType: String?
    /// The source's detailed-location label.
    public var locationDetail: String?
    /// IANA time zone of the place.
    public var timeZone: String
    /// Position, WGS84.
    public var coordinate: Coordinate
    /// Access, changing table, unisex and the other OSM attributes.
    public var details: ToiletDetails

    /// The global id `DATASET/SOURCE_ID`.
    public var globalID: String { dataset + "/" + sourceID }

    /// Creates a value (the store makes them; tests compare against them).
    public init(
        rowID: Int64, dataset: String, sourceID: String, name: String?, address: String?, hoursText: String?, hoursOSM: String?,
        hoursStatus: HoursStatus, country: String?, priceText: String?, priceAmount: Double?, priceCurrency: String?,
        isFree: Bool?, wheelchair: WheelchairAccess, toiletType: String?, locationDetail: String?, timeZone: String,
        coordinate: Coordinate, details: ToiletDetails = ToiletDetails()
    ) {
        self.details = details
        self.rowID = rowID
        self.dataset = dataset
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
        self.toiletType = toiletType
        self.locationDetail = locationDetail
        self.timeZone = timeZone
        self.coordinate = coordinate
    }
}

/// A stored air-quality station as the store reads it back.
public struct StoredStation: Sendable, Equatable {
    /// Row id in the store.
    public var rowID: Int64
    /// Dataset it came from.
    public var dataset: String
    /// The GIOŚ station id.
    public var sourceID: String
    /// Station name.
    public var name: String
    /// Station code, when known.
    public var code: String?
    /// City.
    public var city: String?
    /// Commune (gmina).
    public var commune: String?
    /// District (powiat).
    public var district: String?
    /// Province (województwo).
    public var province: String?
    /// Street address.
    public var street: String?
    /// IANA time zone of the station's timestamps.
    public var timeZone: String
    /// Position, WGS84.
    public var coordinate: Coordinate

    /// The global id `DATASET/SOURCE_ID`.
    public var globalID: String { dataset + "/" + sourceID }
}

/// How many active places a table has and the box around them.
public struct ActiveExtent: Sendable, Equatable {
    /// Active places.
    public var count: Int
    /// The smallest box around them (nil when there are none).
    public var box: BoundingBox?

    /// Creates a value (the store makes them; tests compare against them).
    public init(count: Int, box: BoundingBox?) {
        self.count = count
        self.box = box
    }
}

/// The order `forEachActiveToilet` streams toilets in.
public enum ToiletOrder: Sendable, Equatable {
    /// By global id (dataset, then source id).
    case id
    /// By grid cell of this many degrees (row = ⌊(lat + 90) / g⌋, column = ⌊(lon + 180) / g⌋),
    /// then by global id within a cell.
    case gridCell(degrees: Double)
}
