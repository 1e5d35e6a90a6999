import Contract
public import Contributions
public import Foundation
import Geo
public import Hours
public import Places
public import Storage

/// `toilet-detail/1`: one toilet (`GET /v1/toilets/{dataset}/{id}`) with its state at the
/// query instant, its opening times over the next 7 days and where its data came from.
public struct ToiletDetail: Encodable, Sendable {
    /// The toilet as stored.
    public var toilet: StoredToilet
    /// The instant its state is for.
    public var at: Date
    /// Its state then, and when that changes next.
    public var state: HoursAnswer
    /// The stretches of the next `ToiletDetailRequest.days` days.
    public var openingTimes: [Span]
    /// The runs that added it and last changed it.
    public var reference: PlaceReference
    /// The newest run of its dataset.
    public var source: IngestRunRecord?
    /// Its approved photos, oldest first.
    public var photos: [ToiletPhoto]

    /// A stretch of time with one state, in the place's offset.
    public struct Span: Encodable, Sendable {
        /// Open, closed or unknown.
        public var state: HoursState
        /// Its start, RFC 3339 in the place's offset.
        public var from: String
        /// Its end, RFC 3339 in the place's offset.
        public var until: String
    }

    /// Writes the document, its schema name first.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("toilet-detail/1", forKey: .schema)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(Place(toilet: toilet, state: state, at: at, reference: reference), forKey: .toilet)
        try c.encode(openingTimes, forKey: .openingTimes)
        try c.encode(source, forKey: .source)
        try c.encode(photos.map(PhotoLink.init), forKey: .photos)
    }

    private enum Keys: String, CodingKey { case schema, at, toilet, openingTimes = "opening_times", source, photos }

    /// The toilet's members: the answers' keys (docs/json.md), without distance and bearing;
    /// the fields of the toilet's tables come from `ToiletDetails.encodeFields`.
    private struct Place: Encodable {
        var toilet: StoredToilet
        var state: HoursAnswer
        var at: Date
        var reference: PlaceReference

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            let t = toilet
            let zone = TimeZone(identifier: t.timeZone) ?? .gmt
            try c.encode(t.globalID, forKey: .id)
            try c.encode(t.dataset, forKey: .dataset)
            try c.encode(t.sourceID, forKey: .sourceID)
            try c.encode(t.title, forKey: .title)
            try c.encode(JSONNumber.degrees(t.coordinate.latitude), forKey: .lat)
            try c.encode(JSONNumber.degrees(t.coordinate.longitude), forKey: .lon)
            try c.encode(state.state, forKey: .state)
            try c.encode(InstantText.text(at, in: zone), forKey: .stateAt)
            try c.encode(state.nextChange.map { InstantText.text($0, in: zone) }, forKey: .nextChange)
            try c.encode(reference.firstRun, forKey: .firstRun)
            try c.encode(reference.changedRun, forKey: .changedRun)
            // The fields of the toilet's tables (the fixed ones, access and the OSM attributes),
            // as in `toilet-answer/1`.
            try ToiletDetails.encodeFields(of: t.toilet, to: encoder)
        }

        private enum Keys: String, CodingKey {
            case id, dataset, sourceID = "source_id", title, lat, lon, state, stateAt = "state_at"
            case nextChange = "next_change", firstRun = "first_run", changedRun = "changed_run"
        }
    }

    /// The states from `start` for `days` days, as `evaluator` decides them, merged where
    /// one state continues (at most 200 spans: hours that change more often are cut there).
    static func spans(
        of t: StoredToilet, from start: Date, days: Int, evaluator: OpenStateEvaluator
    ) -> [Span] {
        let zone = TimeZone(identifier: t.timeZone) ?? .gmt
        let end = start.addingTimeInterval(Double(days) * 86400)
        var spans: [Span] = []
        var from = start
        while from < end, spans.count < 200 {
            let answer = evaluator.state(
                hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: t.coordinate.latitude,
                longitude: t.coordinate.longitude, at: from)
            let until = min(answer.nextChange.map { max($0, from.addingTimeInterval(60)) } ?? end, end)
            if let last = spans.last, last.state == answer.state {
                spans[spans.count - 1].until = InstantText.text(until, in: zone)
            } else {
                spans.append(
                    Span(state: answer.state, from: InstantText.text(from, in: zone), until: InstantText.text(until, in: zone)))
            }
            from = until
        }
        return spans
    }
}

/// An approved photo as `toilet-detail/1` lists it: where the server gives it and its thumbnail.
struct PhotoLink: Encodable {
    var photo: ToiletPhoto

    init(_ photo: ToiletPhoto) { self.photo = photo }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let sha = photo.photo.sha256
        try c.encode(sha, forKey: .sha256)
        try c.encode(photo.photo.kind.rawValue, forKey: .kind)
        try c.encode("/v1/photos/\(sha)", forKey: .url)
        try c.encode("/v1/photos/\(sha)/thumbnail", forKey: .thumbnailURL)
        try c.encode(photo.approvedAt, forKey: .approvedAt)
    }

    private enum Keys: String, CodingKey {
        case sha256, kind, url, thumbnailURL = "thumbnail_url", approvedAt = "approved_at"
    }
}
