/// A tolerated variant of the OSM syntax that the default (lenient) mode reads anyway, as
/// the reference evaluators do: where it is, what was written and the canonical form it was
/// read as (`Mo-FR` → `Fr`). Not an error: the expression evaluates; strict mode rejects it.
public struct HoursWarning: Sendable, Equatable, CustomStringConvertible {
    /// Character offset (0-based) of the variant in the input.
    public var offset: Int
    /// The text as written (`FR`, `6:00`).
    public var found: String
    /// The canonical form it was read as (`Fr`, `06:00`).
    public var canonical: String
    /// Why it is not the specification's syntax (`weekday names are written Mo…Su`).
    public var reason: String

    /// Creates a warning.
    public init(offset: Int, found: String, canonical: String, reason: String) {
        self.offset = offset
        self.found = found
        self.canonical = canonical
        self.reason = reason
    }

    /// `at character 4: 'FR' read as 'Fr' (weekday names are written Mo…Su)`.
    public var description: String { "at character \(offset + 1): '\(found)' read as '\(canonical)' (\(reason))" }
}

/// Which syntax the parser accepts.
public enum HoursSyntaxMode: Sendable, Equatable {
    /// The specification plus the variants the reference evaluators tolerate (wrong letter
    /// case, one-digit hours and days, a missing space, …), each reported as a `HoursWarning`.
    case lenient
    /// The specification's syntax only: every tolerated variant is an error naming it.
    case strict
}

/// A parsed expression with the warnings its tolerated variants raised.
public struct ParsedHours: Sendable, Equatable {
    /// The syntax tree.
    public var hours: OpeningHours
    /// The tolerated variants, in input order (always empty in strict mode).
    public var warnings: [HoursWarning]
}
