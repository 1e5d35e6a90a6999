/// `error/1`: what a failing command prints on stderr with `--json` (docs/json.md rule 8).
public struct ErrorDocument: Encodable, Sendable {
    /// The failure.
    public struct Failure: Encodable, Sendable {
        /// The text the human form prints after `error:`.
        public var message: String
        /// The process exit code (1, 3, 4, 64).
        public var exitCode: Int

        enum CodingKeys: String, CodingKey {
            case message
            case exitCode = "exit_code"
        }
    }

    /// `error/1`.
    public let schema = "error/1"
    /// The failure.
    public var error: Failure

    /// A document of a failure with this message and exit code.
    public init(message: String, exitCode: Int) {
        error = Failure(message: message, exitCode: exitCode)
    }
}
