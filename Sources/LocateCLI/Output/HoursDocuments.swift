import Foundation
import Hours

/// `hours-eval/1`: `locate hours eval --json`.
struct HoursEvalDocument: Encodable {
    let schema = "hours-eval/1"
    /// The expression as given.
    var hoursText: String
    /// Its OSM form.
    var hoursOSM: String
    /// How it was read: `exact`, `interpreted`, `unknown`, `missing`.
    var hoursStatus: String
    var state: String
    var stateAt: String
    @Nullable var nextChange: String? = nil
    var timeZone: String
    @Nullable var comment: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, state, comment
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
        case stateAt = "state_at"
        case nextChange = "next_change"
        case timeZone = "time_zone"
    }

    init(input: HoursInput, text: String, answer: HoursAnswer, at instant: Date, zone: TimeZone) {
        hoursText = text
        hoursOSM = input.normalized
        hoursStatus = input.status.rawValue
        state = answer.state.rawValue
        stateAt = InstantText.text(instant, in: zone)
        nextChange = answer.nextChange.map { InstantText.text($0, in: zone) }
        timeZone = zone.identifier
        comment = answer.comment
    }
}

/// `hours-eval-line/1`: one answer line of `locate hours eval --batch` (a fixed key set:
/// either the state members or `error` are null).
struct HoursEvalLine: Encodable {
    /// The input line's `id`: a string, a number, or null.
    enum LineID: Encodable {
        case text(String)
        case number(Double)
        case none

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let n): try c.encode(n)
            case .none: try c.encodeNil()
            }
        }
    }

    let schema = "hours-eval-line/1"
    var id: LineID
    @Nullable var state: String? = nil
    @Nullable var stateAt: String? = nil
    @Nullable var nextChange: String? = nil
    @Nullable var timeZone: String? = nil
    @Nullable var error: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, id, state, error
        case stateAt = "state_at"
        case nextChange = "next_change"
        case timeZone = "time_zone"
    }

    /// A failed line.
    init(id: LineID, error: String) {
        self.id = id
        self.error = error
    }

    /// An answered line.
    init(id: LineID, answer: HoursAnswer, at instant: Date, zone: TimeZone) {
        self.id = id
        state = answer.state.rawValue
        stateAt = InstantText.text(instant, in: zone)
        nextChange = answer.nextChange.map { InstantText.text($0, in: zone) }
        timeZone = zone.identifier
    }
}

/// `hours-normalize/1`: `locate hours normalize --json`.
struct HoursNormalizeDocument: Encodable {
    let schema = "hours-normalize/1"
    /// The text as given.
    var hoursText: String
    /// The OSM form, or null when the text is not a schedule.
    @Nullable var hoursOSM: String? = nil
    /// `exact`, `interpreted`, `unknown`, `missing`.
    var hoursStatus: String
    /// How it was read (interpreted) or why not (unknown, missing).
    @Nullable var reason: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, reason
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
    }

    init(text: String, hours: CzechHours) {
        hoursText = text
        hoursOSM = hours.status == .unknown || hours.status == .missing ? nil : hours.expression
        hoursStatus = hours.status.rawValue
        reason = hours.reason
    }
}
