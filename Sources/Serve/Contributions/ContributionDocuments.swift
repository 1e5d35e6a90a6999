import Contract
import Contributions
import Foundation
import Geo
import Hours
import Places
import Storage

/// `contribution-receipt/1`: the 202 answer to a submission: its number, `pending`, and how
/// its hours text was read (or its photo stored). Never the contact or the client hash.
struct ReceiptDocument: Encodable {
    var id: ContributionID
    var kind: ContributionKind
    var target: PlaceTarget?
    var report: ReportReason?
    var receivedAt: Date
    var hours: SubmittedHours?
    var photo: Photo?

    /// The stored photo, and for a photo of an hours sign what the sign reader made of it.
    struct Photo: Encodable {
        var sha256: String
        var kind: PhotoKind
        var width: Int
        var height: Int
        @Nullable var signReading: SignSuggestion?

        enum CodingKeys: String, CodingKey { case sha256, kind, width, height, signReading = "sign_reading" }
    }

    func encode(to encoder: any Encoder) throws {
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
struct NearbyDocument: Encodable {
    var message: String
    var nearby: [(toilet: StoredToilet, distanceMeters: Double)]

    func encode(to encoder: any Encoder) throws {
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
