import Foundation

/// The per-field length limits of an ingest (docs/pipeline.md, "What the ingest checks"): an
/// id longer than `maxIDLength` rejects its record; a descriptive text field longer than
/// `maxTextLength` is cut to that length with a warning, and NUL characters are removed with
/// one. Lengths count Unicode code points.
/// The hours text has its own rule (Hours).
extension ToiletMapper {
    /// The most characters an id may have (OSM's `node/12345678901` has 16).
    static let maxIDLength = 200
    /// The most characters kept of a name, address, price text, kind, location or other
    /// descriptive field.
    static let maxTextLength = 1_000

    /// `value` without NUL characters (SQLite stores text up to the first: `a\u{0}b` would be
    /// `a`) and cut to `maxTextLength` characters, with the reason noted in `notes` when
    /// changed; the id field and the hours field are returned whole (the id is checked on its
    /// own, its control characters rejected).
    func limited(_ value: String?, field: String, notes: inout [String: String]) -> String? {
        guard var text = value, field != spec.fields.hours else { return value }
        if case .field(let idField) = spec.id, idField == field { return value }
        var reasons: [String] = []
        if text.utf8.contains(0) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" }))
            reasons.append("text contains NUL characters: removed")
        }
        if text.utf8.count > ToiletMapper.maxTextLength {
            let count = text.unicodeScalars.count
            if count > ToiletMapper.maxTextLength {
                text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(ToiletMapper.maxTextLength)))
                reasons.append(ToiletMapper.textLengthReason(count))
            }
        }
        if !reasons.isEmpty { notes[field] = reasons.joined(separator: "; ") }
        return text
    }

    /// The warning for a field cut to `maxTextLength`.
    static func textLengthReason(_ count: Int) -> String {
        "text has \(count) characters; only the first \(maxTextLength) are stored"
    }

    /// Why `id` is refused for its length, or nil.
    static func idLengthReason(_ id: String) -> String? {
        let count = id.unicodeScalars.count
        return count > maxIDLength ? "id has \(count) characters; at most \(maxIDLength) are accepted" : nil
    }

    /// The warning for a Point with a third (elevation) or further coordinate, which locate
    /// does not store (RFC 7946 §3.1.1 allows an altitude), or nil.
    static func droppedCoordinatesReason(_ geometry: JSONValue?) -> String? {
        guard case .array(let parts)? = geometry?["coordinates"], parts.count > 2 else { return nil }
        let extra = parts.dropFirst(2).map { $0.doubleValue.map { String($0) } ?? $0.kindName }.joined(separator: ", ")
        return "coordinates have \(parts.count) values; locate stores 2D positions and drops the rest (\(extra))"
    }
}
