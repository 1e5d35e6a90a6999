/// An expression given by a user or a dataset: OSM syntax, or else Czech free text.
public struct HoursInput: Sendable {
    /// The parsed expression.
    public let hours: OpeningHours
    /// Its canonical OSM form.
    public let normalized: String
    /// How it was read: `exact` for OSM syntax, else the Czech translation's status.
    public let status: CzechHours.Status
    /// The tolerated OSM variants the text used, each with its canonical form (lenient mode).
    public let warnings: [HoursWarning]

    /// Reads `text` as OSM `opening_hours`, or failing that as Czech hours text. Throws a
    /// message naming both problems when it is neither. In `.strict` mode only the
    /// specification's syntax is read: no tolerated variant, no Czech.
    public init(_ text: String, mode: HoursSyntaxMode = .lenient) throws(HoursInputError) {
        do {
            let parsed = try OpeningHours.parse(text, mode: mode)
            hours = parsed.hours
            warnings = parsed.warnings
            normalized = hours.canonical
            status = .exact
            return
        } catch {
            if mode == .strict { throw HoursInputError(message: "not valid opening_hours (\(error))") }
            warnings = []
            let czech = CzechHours(czech: text)
            switch czech.status {
            case .exact, .interpreted:
                guard let expr = czech.expression, let tree = try? OpeningHours(parsing: expr) else {
                    throw HoursInputError(message: "not valid opening_hours (\(error))")
                }
                hours = tree
                normalized = tree.canonical
                status = czech.status
            case .unknown, .missing:
                throw HoursInputError(
                    message: "not valid opening_hours (\(error)) nor Czech hours text (\(czech.reason ?? "empty"))")
            }
        }
    }
}

/// Why a text is neither OSM `opening_hours` nor readable Czech hours.
public struct HoursInputError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public let message: String
    /// The message.
    public var description: String { message }
}
