import Contract
import Hours
import Places

/// `hours-sign/1`: `locate hours read --json`, what a photo of a sign says about opening
/// hours (docs/json.md, docs/schemas/hours-sign.schema.json).
public struct HoursSignDocument: Encodable {
    let schema = "hours-sign/1"
    /// Whether the photo reads as hours.
    var readable: Bool
    /// The suggested `opening_hours`, or null when not readable.
    @Nullable var suggestion: String? = nil
    /// How the used lines were read: `exact`, `interpreted`, or null when not readable.
    @Nullable var hoursStatus: String? = nil
    /// What the reading assumed (interpreted), or why nothing was read.
    @Nullable var reason: String? = nil
    /// 0…1, and whether it reaches the threshold of a confident suggestion.
    var confidence: Double
    var confident: Bool
    /// The recognised text, its lines joined by line breaks.
    var text: String
    var lines: [Line]
    /// The corrections made in reading the used lines (joined by line breaks).
    var warnings: [HoursWarningObject]
    var languages: [String]
    var imageWidth: Int
    var imageHeight: Int

    /// A recognised line: its text, confidence and whether the suggestion uses it.
    struct Line: Encodable {
        var text: String
        var confidence: Double
        var used: Bool
    }

    enum CodingKeys: String, CodingKey {
        case schema, readable, suggestion, reason, confidence, confident, text, lines, warnings, languages
        case hoursStatus = "hours_status"
        case imageWidth = "image_width"
        case imageHeight = "image_height"
    }

    /// The document of `reading`, recognised in `languages`.
    public init(_ reading: SignReading, languages: String) {
        readable = reading.suggestion != nil
        suggestion = reading.suggestion
        hoursStatus = reading.hours.reading.map(\.status.rawValue)
        reason = SignReading.reason(reading)
        confidence = reading.confidence
        confident = reading.confident
        text = reading.lines.map(\.text).joined(separator: "\n")
        lines = reading.lines.enumerated().map { i, line in
            Line(text: line.text, confidence: (line.confidence * 1000).rounded() / 1000, used: reading.hours.used.contains(i))
        }
        warnings = reading.hours.warnings.map(HoursWarningObject.init)
        self.languages = languages.split(separator: "+").map(String.init)
        imageWidth = reading.width
        imageHeight = reading.height
    }
}

extension SignReading {
    /// What the reading assumed, or why the photo is not readable as hours.
    public static func reason(_ reading: SignReading) -> String? {
        if let r = reading.hours.reading { return r.reason }
        return reading.lines.isEmpty ? "no text found on the photo" : "no line of the text reads as opening hours"
    }
}
