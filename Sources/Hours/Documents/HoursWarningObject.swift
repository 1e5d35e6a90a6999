/// A tolerated variant as the JSON contract writes it in `warnings` (`hours-eval/1`,
/// `hours-eval-line/1`, `hours-normalize/1`, and the hours of a contribution): one
/// definition for the CLI and the server.
public struct HoursWarningObject: Encodable, Sendable, Equatable {
    /// 1-based character position in the expression.
    public var atCharacter: Int
    /// The text as written.
    public var found: String
    /// The canonical form it was read as.
    public var canonical: String
    /// Why it is not the specification's syntax.
    public var reason: String

    /// The object of `warning`.
    public init(_ warning: HoursWarning) {
        atCharacter = warning.offset + 1
        found = warning.found
        canonical = warning.canonical
        reason = warning.reason
    }

    enum CodingKeys: String, CodingKey {
        case atCharacter = "at_character", found, canonical, reason
    }
}
