import Contract
import Foundation
import Geo
import Hours
import Places
import Query
import Storage

/// `toilet-detail/1`: one toilet (`GET /v1/toilets/{dataset}/{id}`) with its state at the
/// query instant, its opening times over the next 7 days and where its data came from.
struct ToiletDetail: Encodable {
    var toilet: StoredToilet
    var at: Date
    var state: HoursAnswer
    var openingTimes: [Span]
    var reference: PlaceReference
    var source: IngestRunRecord?
    /// Its approved photos, oldest first (Sources/Serve/Contributions).
    var photos: [ToiletPhoto]

    /// A stretch of time with one state, in the place's offset.
    struct Span: Encodable {
        var state: HoursState
        var from: String
        var until: String
    }

    func encode(to encoder: any Encoder) throws {
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

/// `health/1`: the database is readable, and how old each dataset's newest data is.
struct HealthDocument: Encodable {
    var at: Date
    var version: String
    var datasets: [IngestRunRecord]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("health/1", forKey: .schema)
        try c.encode("ok", forKey: .status)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(version, forKey: .dataVersion)
        try c.encode(datasets.map { Age(run: $0, at: at) }, forKey: .datasets)
    }

    private enum Keys: String, CodingKey { case schema, status, at, dataVersion = "data_version", datasets }

    private struct Age: Encodable {
        var run: IngestRunRecord
        var at: Date

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(run.dataset, forKey: .dataset)
            try c.encode(run.kind, forKey: .kind)
            try c.encode(run.id, forKey: .run)
            try c.encode(run.finishedAt, forKey: .finishedAt)
            let finished = DataSource.instant(run.finishedAt) ?? at
            try c.encode(max(0, Int(at.timeIntervalSince(finished) / 60)), forKey: .ageMinutes)
        }

        private enum Keys: String, CodingKey {
            case dataset, kind, run, finishedAt = "finished_at", ageMinutes = "age_minutes"
        }
    }
}

/// `http-error/1`: every error answer of the server, in one shape.
struct HTTPErrorDocument: Encodable {
    var status: Int
    var message: String
    var parameter: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("http-error/1", forKey: .schema)
        var e = c.nestedContainer(keyedBy: Keys.self, forKey: .error)
        try e.encode(status, forKey: .status)
        try e.encode(message, forKey: .message)
        try e.encode(parameter, forKey: .parameter)
    }

    private enum Keys: String, CodingKey { case schema, error, status, message, parameter }
}
