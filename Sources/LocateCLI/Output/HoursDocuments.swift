import Contract
import Foundation
import Hours
import Places
import Storage

/// One tolerated variant in `warnings` (hours-eval/1, hours-eval-line/1, hours-normalize/1).
struct HoursWarningDocument: Encodable {
    /// 1-based character position in the expression.
    var atCharacter: Int
    var found: String
    var canonical: String
    var reason: String

    enum CodingKeys: String, CodingKey {
        case found, canonical, reason
        case atCharacter = "at_character"
    }

    init(_ w: HoursWarning) {
        atCharacter = w.offset + 1
        found = w.found
        canonical = w.canonical
        reason = w.reason
    }
}

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
    /// The tolerated variants the expression used (empty when none).
    var warnings: [HoursWarningDocument]

    enum CodingKeys: String, CodingKey {
        case schema, state, comment, warnings
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
        case stateAt = "state_at"
        case nextChange = "next_change"
        case timeZone = "time_zone"
    }

    init(reading: HoursReading, osm: String, text: String, answer: HoursAnswer, at instant: Date, zone: TimeZone) {
        hoursText = text
        hoursOSM = osm
        hoursStatus = reading.status.rawValue
        state = answer.state.rawValue
        stateAt = InstantText.text(instant, in: zone)
        nextChange = answer.nextChange.map { InstantText.text($0, in: zone) }
        timeZone = zone.identifier
        comment = answer.comment
        warnings = reading.warnings.map(HoursWarningDocument.init)
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
    /// The tolerated variants of the expression; null on an error line.
    @Nullable var warnings: [HoursWarningDocument]? = nil
    @Nullable var error: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, id, state, error, warnings
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
    init(id: LineID, answer: HoursAnswer, warnings: [HoursWarning], at instant: Date, zone: TimeZone) {
        self.id = id
        self.warnings = warnings.map(HoursWarningDocument.init)
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
    /// The corrections made in reading the text (empty when none).
    var warnings: [HoursWarningDocument]

    enum CodingKeys: String, CodingKey {
        case schema, reason, warnings
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
    }

    init(_ reading: HoursReading) {
        hoursText = reading.text ?? ""
        hoursOSM = reading.osm
        hoursStatus = reading.status.rawValue
        reason = reading.reason
        warnings = reading.warnings.map(HoursWarningDocument.init)
    }
}
