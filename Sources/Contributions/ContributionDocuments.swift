public import Contract
public import Foundation
import Geo
import Hours
public import Places

/// `contribution-receipt/1`: the 202 answer to a submission: its number, `pending`, and how
/// its hours text was read (or its photo stored). Never the contact or the client hash.
public struct ContributionReceipt: Encodable, Sendable {
    /// The contribution's number.
    public var id: ContributionID
    /// What it proposes.
    public var kind: ContributionKind
    /// The toilet it is about (nil for `new`).
    public var target: PlaceTarget?
    /// A report's reason.
    public var report: ReportReason?
    /// When it was received.
    public var receivedAt: Date
    /// Its hours text as read.
    public var hours: SubmittedHours?
    /// Its photo as stored.
    public var photo: Photo?

    /// The receipt of a stored contribution.
    public init(
        id: ContributionID, kind: ContributionKind, target: PlaceTarget?, report: ReportReason?, receivedAt: Date,
        hours: SubmittedHours?, photo: Photo?
    ) {
        self.id = id
        self.kind = kind
        self.target = target
        self.report = report
        self.receivedAt = receivedAt
        self.hours = hours
        self.photo = photo
    }

    /// The stored photo, and for a photo of an hours sign what the sign reader made of it.
    public struct Photo: Encodable, Sendable {
        /// Its SHA-256, lower-case hex.
        public var sha256: String
        /// What it shows.
        public var kind: PhotoKind
        /// Its size as stored, in pixels.
        public var width: Int
        /// Its height as stored, in pixels.
        public var height: Int
        /// What the sign reader made of a photo of an hours sign.
        @Nullable public var signReading: SignSuggestion?

        /// A stored photo, as the receipt names it.
        public init(sha256: String, kind: PhotoKind, width: Int, height: Int, signReading: SignSuggestion?) {
            self.sha256 = sha256
            self.kind = kind
            self.width = width
            self.height = height
            self.signReading = signReading
        }

        enum CodingKeys: String, CodingKey { case sha256, kind, width, height, signReading = "sign_reading" }
    }

    /// Writes the document, its schema first.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("contribution-receipt/1", forKey: .schema)
        try c.encode(id, forKey: .id)
        try c.encode(kind.rawValue, forKey: .kind)
        try c.encode(ContributionStatus.pending.rawValue, forKey: .status)
        try c.encode(target?.globalID, forKey: .target)
        try c.encode(report?.rawValue, forKey: .report)
        try c.encode(InstantText.utc(receivedAt), forKey: .receivedAt)
        try c.encode(hours, forKey: .hours)
        try c.encode(photo, forKey: .photo)
        try c.encode("received: a maintainer reviews it before it changes the data", forKey: .message)
    }

    private enum Keys: String, CodingKey {
        case schema, id, kind, status, target, report, receivedAt = "received_at", hours, photo, message
    }
}

/// `contribution-nearby/1`: the 409 answer to a new toilet within the duplicate radius of
/// active ones: the error (as `http-error/1` writes it, naming `confirm`) and those toilets,
/// nearest first. Send the toilet again with `"confirm": true` when it is another one.
public struct ContributionNearby: Encodable, Sendable {
    /// The error's message.
    public var message: String
    /// The toilets within the radius, nearest first, with their distances in metres.
    public var nearby: [(toilet: StoredToilet, distanceMeters: Double)]

    /// The answer naming `nearby`.
    public init(message: String, nearby: [(toilet: StoredToilet, distanceMeters: Double)]) {
        self.message = message
        self.nearby = nearby
    }

    /// Writes the document, its schema first.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("contribution-nearby/1", forKey: .schema)
        var e = c.nestedContainer(keyedBy: Keys.self, forKey: .error)
        try e.encode(409, forKey: .status)
        try e.encode(message, forKey: .message)
        try e.encode("confirm", forKey: .parameter)
        var list = c.nestedUnkeyedContainer(forKey: .nearby)
        for (t, d) in nearby {
            var item = list.nestedContainer(keyedBy: Keys.self)
            try item.encode(t.globalID, forKey: .id)
            try item.encode(t.dataset, forKey: .dataset)
            try item.encode(t.sourceID, forKey: .sourceID)
            try item.encode(t.name, forKey: .name)
            try item.encode(t.address, forKey: .address)
            try item.encode(JSONNumber.degrees(t.coordinate.latitude), forKey: .lat)
            try item.encode(JSONNumber.degrees(t.coordinate.longitude), forKey: .lon)
            try item.encode((d * 10).rounded() / 10, forKey: .distanceMeters)
        }
    }

    private enum Keys: String, CodingKey {
        case schema, error, status, message, parameter, nearby, id, dataset, sourceID = "source_id", name, address, lat
        case lon
        case distanceMeters = "distance_m"
    }
}
