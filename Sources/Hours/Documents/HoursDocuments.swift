import Contract
public import Foundation
import Places

// The documents of `locate hours` (docs/json.md), defined beside what they describe.

/// `hours-eval/1`: `locate hours eval --json`.
public struct HoursEvalDocument: Encodable {
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
    var warnings: [HoursWarningObject]

    enum CodingKeys: String, CodingKey {
        case schema, state, comment, warnings
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
        case stateAt = "state_at"
        case nextChange = "next_change"
        case timeZone = "time_zone"
    }

    /// The answer for `text` (read as `reading`, evaluated as `osm`) at `instant` in `zone`.
    public init(reading: HoursReading, osm: String, text: String, answer: HoursAnswer, at instant: Date, zone: TimeZone) {
        hoursText = text
        hoursOSM = osm
        hoursStatus = reading.status.rawValue
        state = answer.state.rawValue
        stateAt = InstantText.text(instant, in: zone)
        nextChange = answer.nextChange.map { InstantText.text($0, in: zone) }
        timeZone = zone.identifier
        comment = answer.comment
        warnings = reading.warnings.map(HoursWarningObject.init)
    }
}

/// `hours-eval-line/1`: one answer line of `locate hours eval --batch` (a fixed key set:
/// either the state members or `error` are null).
public struct HoursEvalLine: Encodable {
    /// The input line's `id`: a string, a number, or null.
    public enum LineID: Encodable {
        case text(String)
        case number(Double)
        case none

        /// Encodes the id as it was given (or null).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let n): try c.encode(n)
            case .none: try c.encodeNil()
            }
        }
    }

    /// The document's name, `hours-eval-line/1`.
    public static let schemaName = "hours-eval-line/1"
    let schema = HoursEvalLine.schemaName
    var id: LineID
    @Nullable var state: String? = nil
    @Nullable var stateAt: String? = nil
    @Nullable var nextChange: String? = nil
    @Nullable var timeZone: String? = nil
    /// The tolerated variants of the expression; null on an error line.
    @Nullable var warnings: [HoursWarningObject]? = nil
    @Nullable var error: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, id, state, error, warnings
        case stateAt = "state_at"
        case nextChange = "next_change"
        case timeZone = "time_zone"
    }

    /// A failed line.
    public init(id: LineID, error: String) {
        self.id = id
        self.error = error
    }

    /// An answered line.
    public init(id: LineID, answer: HoursAnswer, warnings: [HoursWarning], at instant: Date, zone: TimeZone) {
        self.id = id
        self.warnings = warnings.map(HoursWarningObject.init)
        state = answer.state.rawValue
        stateAt = InstantText.text(instant, in: zone)
        nextChange = answer.nextChange.map { InstantText.text($0, in: zone) }
        timeZone = zone.identifier
    }
}

/// `hours-normalize/1`: `locate hours normalize --json`.
public struct HoursNormalizeDocument: Encodable {
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
    var warnings: [HoursWarningObject]

    enum CodingKeys: String, CodingKey {
        case schema, reason, warnings
        case hoursText = "hours_text"
        case hoursOSM = "hours_osm"
        case hoursStatus = "hours_status"
    }

    /// The document of `reading`.
    public init(_ reading: HoursReading) {
        hoursText = reading.text ?? ""
        hoursOSM = reading.osm
        hoursStatus = reading.status.rawValue
        reason = reading.reason
        warnings = reading.warnings.map(HoursWarningObject.init)
    }
}
