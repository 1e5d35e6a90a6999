import Contract
public import Foundation
public import Geo
public import Places

/// A contribution's number in the store (`contributions.id`), shown to people as `#12`.
public typealias ContributionID = Int64

/// What a contribution proposes.
public enum ContributionKind: String, Sendable, Codable, CaseIterable {
    /// A toilet the data lacks: becomes a row of the `community` dataset once approved.
    case new
    /// New values for fields of an existing toilet.
    case edit
    /// A report on an existing toilet (`ReportReason`).
    case report
    /// A photo of an existing toilet or of its opening-hours sign.
    case photo
}

/// What a report says about a toilet.
public enum ReportReason: String, Sendable, Codable, CaseIterable {
    /// It is not there any more: approving retires the record.
    case gone
    /// It is there but closed for good: approving retires the record.
    case closedForGood = "closed_for_good"
    /// It stands elsewhere: the report carries the right position, applied like an edit.
    case wrongPosition = "wrong_position"
    /// The hours are wrong: the report may carry the right hours (applied like an edit);
    /// without them, approving marks the hours unknown (they no longer answer "open now").
    case wrongHours = "wrong_hours"
    /// It is still there ("still here"): approving changes nothing but verifies the place.
    case stillThere = "still_there"
    /// Its hours are right: the report names the hours it confirms (the toilet's hours when it
    /// was sent); approving verifies them while the toilet keeps them.
    case hoursRight = "hours_right"

    /// Whether approving retires the record.
    public var retires: Bool { self == .gone || self == .closedForGood }

    /// Whether it confirms what the data says (`still_there`, `hours_right`) rather than
    /// correcting it: approving changes no field, only the verification (`Verification`).
    public var confirms: Bool { self == .stillThere || self == .hoursRight }
}

/// Where a contribution stands, derived from its decisions (the newest one wins).
public enum ContributionStatus: String, Sendable, Codable, CaseIterable {
    /// No decision yet.
    case pending
    /// Approved and applied.
    case approved
    /// Rejected (or dropped after a conflict): nothing of it is applied.
    case rejected
    /// Replaced by a later approved contribution on the same field, or undone by the source
    /// (a retired record the source changed).
    case superseded
}

/// What a photo shows.
public enum PhotoKind: String, Sendable, Codable, CaseIterable {
    /// The toilet.
    case toilet
    /// The sign with the opening hours.
    case hoursSign = "hours_sign"
}

/// A toilet by its global id parts.
public struct PlaceTarget: Sendable, Hashable, Codable {
    /// The dataset (`prague`, `community`).
    public var dataset: String
    /// The id within the dataset.
    public var sourceID: String

    /// Creates a target.
    public init(dataset: String, sourceID: String) {
        self.dataset = dataset
        self.sourceID = sourceID
    }

    /// `DATASET/SOURCE_ID`.
    public var globalID: String { dataset + "/" + sourceID }
}

/// Proposed opening hours: the text as the person wrote it and how it was read (the caller
/// normalises it at once, as ingest does).
public struct ProposedHours: Sendable, Equatable, Codable {
    /// The text as written.
    public var text: String
    /// The hours in OSM `opening_hours` syntax, when they could be read.
    public var osm: String?
    /// How they were read.
    public var status: HoursStatus

    /// Creates proposed hours.
    public init(text: String, osm: String?, status: HoursStatus) {
        self.text = text
        self.osm = osm
        self.status = status
    }

    /// Encodes with every key present (`osm` null when unread).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(osm, forKey: .osm)
        try c.encode(status, forKey: .status)
    }

    enum CodingKeys: String, CodingKey { case text, osm, status }
}

/// A proposed price: the text and what it was read as.
public struct ProposedPrice: Sendable, Equatable, Codable {
    /// The text as written.
    public var text: String
    /// The amount it names.
    public var amount: Double?
    /// ISO 4217 currency of `amount`.
    public var currency: String?
    /// True when free, false when priced, nil when it does not say.
    public var isFree: Bool?

    /// Creates a proposed price.
    public init(text: String, amount: Double?, currency: String?, isFree: Bool?) {
        self.text = text
        self.amount = amount
        self.currency = currency
        self.isFree = isFree
    }

    enum CodingKeys: String, CodingKey { case text, amount, currency, isFree = "is_free" }

    /// Encodes with every key present (null when unknown).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(amount, forKey: .amount)
        try c.encode(currency, forKey: .currency)
        try c.encode(isFree, forKey: .isFree)
    }
}

/// Proposed values, each nil when not proposed. A new toilet needs `coordinate`; an edit at
/// least one field; a `wrong_position` report `coordinate`; a `wrong_hours` report may carry
/// `hours`.
public struct ProposedValues: Sendable, Equatable, Codable {
    /// Position, WGS84.
    public var coordinate: Coordinate?
    /// Display name.
    public var name: String?
    /// Opening hours.
    public var hours: ProposedHours?
    /// Price.
    public var price: ProposedPrice?
    /// Wheelchair access.
    public var wheelchair: WheelchairAccess?
    /// Who may use it.
    public var access: ToiletAccess?

    /// Creates proposed values.
    public init(
        coordinate: Coordinate? = nil, name: String? = nil, hours: ProposedHours? = nil, price: ProposedPrice? = nil,
        wheelchair: WheelchairAccess? = nil, access: ToiletAccess? = nil
    ) {
        self.coordinate = coordinate
        self.name = name
        self.hours = hours
        self.price = price
        self.wheelchair = wheelchair
        self.access = access
    }

    /// Whether nothing is proposed.
    public var isEmpty: Bool { self == ProposedValues() }

    enum CodingKeys: String, CodingKey {
        case lat, lon, name, hoursText = "hours_text", hoursOSM = "hours_osm", hoursStatus = "hours_status"
        case priceText = "price_text", priceAmount = "price_amount", priceCurrency = "price_currency", free
        case wheelchair, access
    }

    /// Decodes the stored form (the encoded one): flat keys of the JSON contract's vocabulary,
    /// hours present when `hours_text` is, price when `price_text` is.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let lat = try c.decodeIfPresent(Double.self, forKey: .lat),
            let lon = try c.decodeIfPresent(Double.self, forKey: .lon)
        {
            coordinate = Coordinate(latitude: lat, longitude: lon)
        }
        name = try c.decodeIfPresent(String.self, forKey: .name)
        if let text = try c.decodeIfPresent(String.self, forKey: .hoursText) {
            hours = ProposedHours(
                text: text, osm: try c.decodeIfPresent(String.self, forKey: .hoursOSM),
                status: try c.decodeIfPresent(HoursStatus.self, forKey: .hoursStatus) ?? .unknown)
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .priceText) {
            price = ProposedPrice(
                text: text, amount: try c.decodeIfPresent(Double.self, forKey: .priceAmount),
                currency: try c.decodeIfPresent(String.self, forKey: .priceCurrency),
                isFree: try c.decodeIfPresent(Bool.self, forKey: .free))
        }
        wheelchair = try c.decodeIfPresent(WheelchairAccess.self, forKey: .wheelchair)
        access = try c.decodeIfPresent(ToiletAccess.self, forKey: .access)
    }

    /// Encodes per the JSON contract: the vocabulary's keys (`lat`, `lon` with at most 7
    /// decimals, `hours_text`, `hours_osm`, `hours_status`, `price_text`, `price_amount`,
    /// `price_currency`, `free`), every key present, null when not proposed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(coordinate.map { JSONNumber.degrees($0.latitude) }, forKey: .lat)
        try c.encode(coordinate.map { JSONNumber.degrees($0.longitude) }, forKey: .lon)
        try c.encode(name, forKey: .name)
        try c.encode(hours?.text, forKey: .hoursText)
        try c.encode(hours?.osm, forKey: .hoursOSM)
        try c.encode(hours?.status, forKey: .hoursStatus)
        try c.encode(price?.text, forKey: .priceText)
        try c.encode(price?.amount, forKey: .priceAmount)
        try c.encode(price?.currency, forKey: .priceCurrency)
        try c.encode(price?.isFree, forKey: .free)
        try c.encode(wheelchair, forKey: .wheelchair)
        try c.encode(access, forKey: .access)
    }
}

/// A stored photo a contribution refers to. The file lies in the photo folder beside the
/// database (`LocateStore.photoFolder(forDatabase:)`), content-addressed by whoever stored it.
public struct PhotoReference: Sendable, Equatable, Codable {
    /// SHA-256 (lower-case hex) of the stored, re-encoded image: its address.
    public var sha256: String
    /// What it shows.
    public var kind: PhotoKind
    /// Its file name inside the photo folder (`<sha256>.jpg`); never a path.
    public var file: String

    /// Creates a reference.
    public init(sha256: String, kind: PhotoKind, file: String) {
        self.sha256 = sha256
        self.kind = kind
        self.file = file
    }
}

/// A contribution as received, before it is stored (`LocateStore.submit(_:)`).
public struct NewContribution: Sendable, Equatable {
    /// What it proposes.
    public var kind: ContributionKind
    /// The toilet it is about (nil for `new`).
    public var target: PlaceTarget?
    /// The report's reason (only for `report`).
    public var report: ReportReason?
    /// Proposed values (see `ProposedValues` for what each kind needs).
    public var proposed: ProposedValues
    /// The photo (only for `photo`).
    public var photo: PhotoReference?
    /// What the sign reader made of the photo (only for a photo of an hours sign).
    public var signReading: SignSuggestion?
    /// The photo of an hours sign whose hours this edit takes (only for `edit`).
    public var fromPhoto: ContributionID?
    /// Free text from the contributor.
    public var note: String?
    /// The contributor's optional contact: for maintainers only, never exported or answered.
    public var contact: String?
    /// A salted hash of the client address, for rate limits: for maintainers only.
    public var clientHash: String?
    /// When it was received.
    public var receivedAt: Date

    /// Creates a contribution.
    public init(
        kind: ContributionKind, target: PlaceTarget? = nil, report: ReportReason? = nil,
        proposed: ProposedValues = ProposedValues(), photo: PhotoReference? = nil, signReading: SignSuggestion? = nil,
        fromPhoto: ContributionID? = nil, note: String? = nil, contact: String? = nil, clientHash: String? = nil,
        receivedAt: Date
    ) {
        self.kind = kind
        self.target = target
        self.report = report
        self.proposed = proposed
        self.photo = photo
        self.signReading = signReading
        self.fromPhoto = fromPhoto
        self.note = note
        self.contact = contact
        self.clientHash = clientHash
        self.receivedAt = receivedAt
    }
}
