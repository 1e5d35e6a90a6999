import Hours
import Storage

/// How submitted hours text was read, at once, as ingest reads a source's hours: OSM
/// `opening_hours` syntax (tolerated variants read with a warning each), else Czech text
/// (`CzechHours`), else not understood (`unknown`: kept as text for a maintainer).
struct HoursReading: Encodable {
    var text: String
    var osm: String?
    var status: HoursStatus
    var reason: String?
    var warnings: [HoursWarning]

    init(_ text: String) {
        self.text = text
        if let parsed = try? OpeningHours.parse(text, mode: .lenient) {
            osm = parsed.hours.canonical
            status = .exact
            reason = nil
            warnings = parsed.warnings
            return
        }
        let czech = CzechHours(czech: text)
        osm = czech.status == .exact || czech.status == .interpreted ? czech.expression : nil
        status = czech.status
        reason = czech.status == .exact ? nil : (czech.reason ?? "not understood")
        warnings = []
    }

    /// As the store keeps it.
    var proposed: ProposedHours { ProposedHours(text: text, osm: osm, status: status) }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(text, forKey: .hoursText)
        try c.encode(osm, forKey: .hoursOSM)
        try c.encode(status.rawValue, forKey: .hoursStatus)
        try c.encode(reason, forKey: .reason)
        try c.encode(warnings.map(Warning.init), forKey: .warnings)
    }

    private enum Keys: String, CodingKey {
        case hoursText = "hours_text", hoursOSM = "hours_osm", hoursStatus = "hours_status", reason, warnings
    }

    /// A warning as `hours-normalize/1` writes it.
    private struct Warning: Encodable {
        var atCharacter: Int
        var found: String
        var canonical: String
        var reason: String

        init(_ w: HoursWarning) {
            atCharacter = w.offset + 1
            found = w.found
            canonical = w.canonical
            reason = w.reason
        }

        enum CodingKeys: String, CodingKey { case atCharacter = "at_character", found, canonical, reason }
    }
}
