import Contract
import Foundation
import Hours
public import Places

/// What the sign reader (`locate-read`, the reader of `locate hours read`) made of a photo
/// of an hours sign when it was uploaded, stored with its contribution (table
/// `sign_readings`, migration `v14-sign-readings`): the suggested `opening_hours`, the text
/// it read and how sure it was, or why no reading was made. A suggestion only: the hours
/// change when a maintainer accepts or edits it (`HoursFromSign`).
public struct SignSuggestion: Sendable, Equatable, Codable {
    /// The suggested `opening_hours` (canonical OSM syntax), or nil when the photo did not read
    /// as hours or no reading was made.
    public var suggestion: String?
    /// How the used lines were read (`exact`, `interpreted`), nil without a suggestion.
    public var hoursStatus: HoursStatus?
    /// What an interpreted reading assumed, or why the photo is not readable.
    public var reason: String?
    /// 0…1 (0 without a suggestion).
    public var confidence: Double
    /// Whether `confidence` reached the reader's threshold.
    public var confident: Bool
    /// The recognised lines joined by line breaks.
    public var text: String
    /// The recognised lines, each with its confidence and whether the suggestion uses it.
    public var lines: [Line]
    /// The tesseract languages read (`ces+pol+eng+deu`).
    public var languages: String
    /// Why no reading was made (the reader missing, past its time budget, failed), or nil.
    public var failure: String?

    /// A recognised line.
    public struct Line: Sendable, Equatable, Codable {
        /// The text.
        public var text: String
        /// Its recognition confidence, 0…1.
        public var confidence: Double
        /// Whether the suggestion uses it.
        public var used: Bool

        /// A line.
        public init(text: String, confidence: Double, used: Bool) {
            self.text = text
            self.confidence = confidence
            self.used = used
        }
    }

    /// A reading (`failure` nil) or a failure.
    public init(
        suggestion: String?, hoursStatus: HoursStatus?, reason: String?, confidence: Double, confident: Bool,
        text: String, lines: [Line], languages: String, failure: String? = nil
    ) {
        self.suggestion = suggestion
        self.hoursStatus = hoursStatus
        self.reason = reason
        self.confidence = confidence
        self.confident = confident
        self.text = text
        self.lines = lines
        self.languages = languages
        self.failure = failure
    }

    /// No reading was made, for `why` (a short lower-case fragment).
    public static func failed(_ why: String, languages: String) -> SignSuggestion {
        SignSuggestion(
            suggestion: nil, hoursStatus: nil, reason: nil, confidence: 0, confident: false, text: "", lines: [],
            languages: languages, failure: why)
    }

    /// The longest text kept (recognised text and each line), in characters.
    public static let maxText = 4_000
    /// The most lines kept.
    public static let maxLines = 100

    enum CodingKeys: String, CodingKey {
        case suggestion, hoursStatus = "hours_status", reason, confidence, confident, text, lines, languages, failure
    }

    /// Decodes `hours-sign/1` (what `locate-read --json` prints; `languages` there is a list)
    /// or the stored form; bounded: text and lines are cut at `maxText` and `maxLines`, a
    /// confidence outside 0…1 is refused.
    ///
    /// What it decodes always fits `sign_readings` (a reader's answer is untrusted): a
    /// suggestion counts only with the status `exact` or `interpreted` (else there is none,
    /// and no status), nothing without a suggestion or beside a failure is confident, and a
    /// failure leaves no suggestion. So a lying or broken reader can never make the upload's
    /// insert fail (review of issue 40: the whole upload was rolled back).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let said = try c.decodeIfPresent(String.self, forKey: .suggestion).map { String($0.prefix(Self.maxText)) }
        let status = try? c.decodeIfPresent(HoursStatus.self, forKey: .hoursStatus)
        let failed = try c.decodeIfPresent(String.self, forKey: .failure).map { String($0.prefix(Self.maxText)) }
        let kept = failed == nil && said != nil && (status == .exact || status == .interpreted)
        suggestion = kept ? said : nil
        hoursStatus = kept ? status : nil
        // A suggestion dropped for want of a schedule status is said, never silently lost.
        failure = failed ?? (said != nil && !kept ? "the reader's suggestion has no schedule status" : nil)
        reason = try c.decodeIfPresent(String.self, forKey: .reason).map { String($0.prefix(Self.maxText)) }
        confidence = try c.decode(Double.self, forKey: .confidence)
        guard (0...1).contains(confidence) else {
            throw DecodingError.dataCorruptedError(
                forKey: .confidence, in: c, debugDescription: "confidence \(confidence) is not within 0…1")
        }
        confident = try c.decode(Bool.self, forKey: .confident) && kept
        text = String(try c.decode(String.self, forKey: .text).prefix(Self.maxText))
        lines = Array(try c.decode([Line].self, forKey: .lines).prefix(Self.maxLines)).map {
            Line(text: String($0.text.prefix(Self.maxText)), confidence: max(0, min(1, $0.confidence)), used: $0.used)
        }
        if let list = try? c.decode([String].self, forKey: .languages) {
            languages = String(list.prefix(Self.maxLines).joined(separator: "+").prefix(Self.maxLanguages))
        } else {
            languages = String(try c.decode(String.self, forKey: .languages).prefix(Self.maxLanguages))
        }
    }

    /// The longest language list kept (`ces+pol+eng+deu` is 15), in characters.
    public static let maxLanguages = 200

    /// Encodes every key (null when absent): `sign_reading` of `review-show/1` and of the
    /// photo receipt.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(suggestion, forKey: .suggestion)
        try c.encode(hoursStatus, forKey: .hoursStatus)
        try c.encode(reason, forKey: .reason)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(confident, forKey: .confident)
        try c.encode(text, forKey: .text)
        try c.encode(lines, forKey: .lines)
        try c.encode(languages, forKey: .languages)
        try c.encode(failure, forKey: .failure)
    }
}

/// How a maintainer takes the hours of a photo of an hours sign when approving it
/// (`locate review approve --accept-hours | --hours TEXT`): the photo is approved, and the
/// hours become an edit of the toilet's hours of their own (a contribution that names the
/// photo, approved at once by the same maintainer).
public enum HoursFromSign: Sendable, Equatable {
    /// The photo's suggestion as read.
    case accept
    /// These hours instead (the suggestion edited, or typed from the photo), read as any
    /// submitted hours text.
    case edit(String)
}

extension ProposedHours {
    /// `text` read as submitted hours are (`HoursReading`: OSM syntax, else the words of signs).
    public init(reading text: String) {
        let reading = HoursReading(text)
        self.init(text: text, osm: reading.osm, status: reading.status)
    }
}
