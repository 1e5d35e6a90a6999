public import Geo
public import Places

/// A stored toilet as the store reads it back for queries and exports: the toilet
/// (`Toilet`, whose fields read as this value's own) with its row id, dataset and id.
@dynamicMemberLookup
public struct StoredToilet: Sendable, Equatable {
    /// Row id in the store (stable within this database; ties are broken by it).
    public var rowID: Int64
    /// Dataset it came from.
    public var dataset: String
    /// Stable id within the dataset.
    public var sourceID: String
    /// The toilet.
    public var toilet: Toilet

    /// The global id `DATASET/SOURCE_ID`.
    public var globalID: String { dataset + "/" + sourceID }

    /// A field of the toilet (`stored.name` is `stored.toilet.name`).
    @inlinable public subscript<T>(dynamicMember field: WritableKeyPath<Toilet, T>) -> T {
        get { toilet[keyPath: field] }
        set { toilet[keyPath: field] = newValue }
    }

    /// A computed property of the toilet (`stored.title`).
    @inlinable public subscript<T>(dynamicMember property: KeyPath<Toilet, T>) -> T { toilet[keyPath: property] }

    /// A stored toilet.
    public init(rowID: Int64, dataset: String, sourceID: String, toilet: Toilet) {
        self.rowID = rowID
        self.dataset = dataset
        self.sourceID = sourceID
        self.toilet = toilet
    }

    /// A stored toilet with its fields given one by one (tests compare against them).
    public init(
        rowID: Int64, dataset: String, sourceID: String, name: String?, address: String?, hoursText: String?, hoursOSM: String?,
        hoursStatus: HoursStatus, country: String?, priceText: String?, priceAmount: Double?, priceCurrency: String?,
        isFree: Bool?, wheelchair: WheelchairAccess, kind: String?, locationDetail: String?, timeZone: String,
        coordinate: Coordinate, details: ToiletDetails = ToiletDetails()
    ) {
        self.init(
            rowID: rowID, dataset: dataset, sourceID: sourceID,
            toilet: Toilet(
                name: name, address: address, hoursText: hoursText, hoursOSM: hoursOSM, hoursStatus: hoursStatus,
                country: country, priceText: priceText, priceAmount: priceAmount, priceCurrency: priceCurrency,
                isFree: isFree, wheelchair: wheelchair, kind: kind, locationDetail: locationDetail, timeZone: timeZone,
                coordinate: coordinate, details: details))
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
