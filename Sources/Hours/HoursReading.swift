public import Places

/// Hours text as a source or a person wrote it, read once and the same way everywhere
/// (ingest, contributions, `locate hours eval` and `normalize`): OSM `opening_hours` syntax
/// (OSM wiki "Key:opening_hours/specification"), else Czech free text, else not understood.
///
/// Lenient mode (the default) also reads what signs and people type (`8-16`, `8.30`,
/// `8:30h`, `8–16`, `Po–Pá`, `denně`, `non-stop`), each correction a warning naming its
/// canonical form. Strict mode reads the specification's syntax only: no variant, no Czech.
public struct HoursReading: Sendable, Equatable {
    /// The longest text read, in characters. OSM keeps tag values to 255 characters; longer
    /// text is not understood (`unknown`), which keeps parsing and evaluation bounded.
    public static let maxLength = 1_000

    /// The text, exactly as given.
    public let text: String?
    /// The canonical OSM form; nil when the text is missing or not understood.
    public let osm: String?
    /// The parsed expression; nil exactly when `osm` is.
    public let hours: OpeningHours?
    /// How the text was read: `exact` (OSM syntax, or Czech text that maps directly),
    /// `interpreted` (a reading was chosen: `reason`), `unknown` or `missing`.
    public let status: HoursStatus
    /// Why the status is not `exact`: the reading chosen, or why the text is not understood
    /// (the OSM parser's reason when the text looks like OSM syntax, else the Czech reader's).
    public let reason: String?
    /// The corrections made on the way (`'8' read as '08:00'`), in input order.
    public let warnings: [HoursWarning]

    /// Reads `text`; never throws: what cannot be read is `unknown` (or `missing` when
    /// blank) with a reason.
    public init(_ text: String?, mode: HoursSyntaxMode = .lenient) {
        guard let text, !text.trimmingSpaces.isEmpty, text.contains(where: { !$0.isWhitespace }) else {
            self.init(text: text, status: .missing, reason: "no opening hours given")
            return
        }
        if text.utf8.count > HoursReading.maxLength, text.count > HoursReading.maxLength {
            self.init(
                text: text, status: .unknown,
                reason: "a text of \(text.count) characters, longer than the limit of \(HoursReading.maxLength)")
            return
        }
        let osmError: HoursSyntaxError
        do throws(HoursSyntaxError) {
            let parsed = try OpeningHours.parse(text, mode: mode)
            self.init(text: text, hours: parsed.hours, status: .exact, reason: nil, warnings: parsed.warnings)
            return
        } catch {
            osmError = error
        }
        let notOSM = "not valid opening_hours (\(osmError))"
        guard mode == .lenient else {
            self.init(text: text, status: .unknown, reason: notOSM)
            return
        }
        switch CzechHours.translate(text) {
        case .success(let t):
            self.init(
                text: text, hours: t.hours, status: t.notes.isEmpty ? .exact : .interpreted,
                reason: t.notes.isEmpty ? nil : t.notes.joined(separator: "; "), warnings: t.warnings)
        case .failure(let failure):
            self.init(text: text, status: .unknown, reason: HoursReading.looksLikeOSM(text) ? notOSM : failure.message)
        }
    }

    private init(
        text: String?, hours: OpeningHours? = nil, status: HoursStatus, reason: String?, warnings: [HoursWarning] = []
    ) {
        self.text = text
        self.hours = hours
        osm = hours?.canonical
        self.status = status
        self.reason = reason
        self.warnings = warnings
    }

    /// Words of OSM syntax (any letter case) that are no Czech word.
    private static let osmDayWords: Set<String> = ["mo", "tu", "we", "th", "fr", "sa", "su", "ph", "sh"]
    private static let osmWords: Set<String> = osmDayWords.union([
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "off", "closed", "open",
        "unknown", "week", "sunrise", "sunset", "dawn", "dusk", "easter", "day", "days",
    ])

    /// Whether text that neither reader understood was meant as OSM syntax: it names an
    /// English weekday or a holiday (`Mo-Fr`, `PH`), says `24/7`, or separates rules with
    /// `;` using only OSM words. Comments (`"…"`) are not looked at.
    static func looksLikeOSM(_ text: String) -> Bool {
        if text.contains("24/7") { return true }
        var words: [String] = []
        var word = ""
        var inComment = false
        for c in text {
            if c == "\"" { inComment.toggle() }
            if !inComment, c.isLetter {
                word.append(c)
            } else if !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        if words.contains(where: osmDayWords.contains) { return true }
        return text.contains(";") && words.allSatisfy(osmWords.contains)
    }
}
