public import Hours
import Places

/// Submitted hours text, read at once as ingest reads a source's hours (`HoursReading`:
/// OSM syntax, else Czech text, else `unknown`, kept as text for a maintainer).
public struct SubmittedHours: Encodable, Sendable {
    /// How it was read.
    public var reading: HoursReading
    /// The text as submitted.
    public var text: String

    /// Reads `text`.
    public init(_ text: String) {
        self.text = text
        reading = HoursReading(text)
    }

    /// As the store keeps it.
    public var proposed: ProposedHours { ProposedHours(text: text, osm: reading.osm, status: reading.status) }

    /// Writes `hours_text`, `hours_osm`, `hours_status`, `reason` and `warnings`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(text, forKey: .hoursText)
        try c.encode(reading.osm, forKey: .hoursOSM)
        try c.encode(reading.status.rawValue, forKey: .hoursStatus)
        try c.encode(reading.reason, forKey: .reason)
        try c.encode(reading.warnings.map(HoursWarningObject.init), forKey: .warnings)
    }

    private enum Keys: String, CodingKey {
        case hoursText = "hours_text", hoursOSM = "hours_osm", hoursStatus = "hours_status", reason, warnings
    }
}
