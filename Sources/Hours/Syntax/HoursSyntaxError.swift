/// Why an `opening_hours` expression was rejected: where (character offset, 0-based) and
/// what was expected. The input is at fault, never a guess.
public struct HoursSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Character offset of the offending token in the input.
    public var offset: Int
    /// What was wrong, such as `expected ':' after the hour`.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `at character 8: expected ':' after the hour`.
    public var description: String { "at character \(offset + 1): \(reason)" }
}
