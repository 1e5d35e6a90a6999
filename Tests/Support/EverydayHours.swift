/// Issue 22 step 4 and issue 23 item 5: hours text as signs and people write it, with the one
/// answer every reader of hours text must give (ingest, contributions, `locate hours eval`
/// and `normalize`). Each target's test sends these texts through its own entry point.
public enum EverydayHours {
    /// One text and its reading.
    public struct Case: Sendable, CustomStringConvertible {
        /// The text as written.
        public let text: String
        /// The canonical OSM form, or nil.
        public let osm: String?
        /// `exact`, `interpreted`, `unknown` or `missing`.
        public let status: String
        /// Why the status is not `exact` (or nil).
        public let reason: String?
        /// The corrections, as `HoursWarning.description` prints them.
        public let warnings: [String]

        /// The text, cut after 40 characters (test names).
        /// The text, cut after 40 characters (test names).
        public var description: String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
    }

    static func minutes(_ found: String, _ canonical: String, at c: Int) -> String {
        "at character \(c): '\(found)' read as '\(canonical)' (times are written hh:mm, with minutes)"
    }

    /// `"00:00-24:00 "` 10,000 times (issue 27 item 5): 120,000 characters.
    public static let huge = String(repeating: "00:00-24:00 ", count: 10_000)

    /// The texts: Czech and OSM-looking everyday forms, then texts no reader understands.
    public static let cases: [Case] = [
        Case(
            text: "po-pá 8-16, so 9-12", osm: "Mo-Fr 08:00-16:00; Sa 09:00-12:00", status: "exact", reason: nil,
            warnings: [
                minutes("8", "08:00", at: 7), minutes("16", "16:00", at: 9), minutes("9", "09:00", at: 16),
                minutes("12", "12:00", at: 18),
            ]),
        Case(
            text: "po-ne 6-22", osm: "Mo-Su 06:00-22:00", status: "exact", reason: nil,
            warnings: [minutes("6", "06:00", at: 7), minutes("22", "22:00", at: 9)]),
        Case(
            text: "Mo-Su 8-20", osm: "Mo-Su 08:00-20:00", status: "exact", reason: nil,
            warnings: [minutes("8", "08:00", at: 7), minutes("20", "20:00", at: 9)]),
        Case(
            text: "Mo-Fr 8.30-16:00", osm: "Mo-Fr 08:30-16:00", status: "exact", reason: nil,
            warnings: ["at character 7: '8.30' read as '08:30' (hours and minutes are separated by ':')"]),
        Case(
            text: "Mo-Fr 8:30h-16h", osm: "Mo-Fr 08:30-16:00", status: "exact", reason: nil,
            warnings: [
                "at character 7: '8:30h' read as '08:30' (times are written hh:mm, without 'h')",
                "at character 13: '16h' read as '16:00' (times are written hh:mm, without 'h')",
            ]),
        Case(
            text: "Mo-Fr 8–16", osm: "Mo-Fr 08:00-16:00", status: "exact", reason: nil,
            warnings: [
                minutes("8", "08:00", at: 7), "at character 8: '–' read as '-' (ranges are written with '-')",
                minutes("16", "16:00", at: 9),
            ]),
        Case(
            text: "Mo-Fr 8:00 - 16:00", osm: "Mo-Fr 08:00-16:00", status: "exact", reason: nil,
            warnings: [
                "at character 7: '8:00' read as '08:00' (hours have two digits)",
                "at character 11: ' - ' read as '-' (a time range is written without spaces)",
            ]),
        Case(
            text: "Po–Pá 8.30–16", osm: "Mo-Fr 08:30-16:00", status: "exact", reason: nil,
            warnings: [minutes("16", "16:00", at: 12)]),
        Case(
            text: "denně 8-16", osm: "08:00-16:00", status: "exact", reason: nil,
            warnings: [minutes("8", "08:00", at: 7), minutes("16", "16:00", at: 9)]),
        Case(text: "non-stop", osm: "24/7", status: "exact", reason: nil, warnings: []),
        Case(
            text: "po-ne 9-21 h (léto)", osm: "Apr-Sep Mo-Su 09:00-21:00", status: "interpreted",
            reason: "léto read as Apr-Sep", warnings: [minutes("9", "09:00", at: 7), minutes("21", "21:00", at: 9)]),
        Case(text: "Mo-Fr 08:00-18:00; PH off", osm: "Mo-Fr 08:00-18:00; PH off", status: "exact", reason: nil, warnings: []),
        Case(
            text: "2030-2500 Mo-Fr 08:00-12:00", osm: "2030-2500 Mo-Fr 08:00-12:00", status: "exact", reason: nil,
            warnings: []),
        Case(
            text: "Mo-Fr 10:60-12:00", osm: nil, status: "unknown",
            reason: "not valid opening_hours (at character 10: minutes 60 are out of range (00-59))", warnings: []),
        // Issue 40: the words of German signs (`Uhr`) are read since.
        Case(
            text: "Mo-Su 8-20 Uhr", osm: "Mo-Su 08:00-20:00", status: "exact", reason: nil,
            warnings: [minutes("8", "08:00", at: 7), minutes("20", "20:00", at: 9)]),
        Case(
            text: "Mo-Su 8-20 Uhr abends", osm: nil, status: "unknown",
            reason: "not valid opening_hours (at character 12: expected ';', ',' or '||' between rules)", warnings: []),
        Case(
            text: "po dohodě", osm: nil, status: "unknown", reason: "not a schedule: 'dohodě' in 'po dohodě'", warnings: []),
        Case(
            text: huge, osm: nil, status: "unknown", reason: "a text of 120000 characters, longer than the limit of 1000",
            warnings: []),
    ]
}
