/// `error/1`: what a failing command prints on stderr with `--json` (docs/json.md rule 8).
struct ErrorDocument: Encodable {
    /// The failure.
    struct Failure: Encodable {
        /// The text the human form prints after `error:`.
        var message: String
        /// The process exit code (1, 3, 4, 64).
        var exitCode: Int

        enum CodingKeys: String, CodingKey {
            case message
            case exitCode = "exit_code"
        }
    }

    let schema = "error/1"
    var error: Failure

    init(message: String, exitCode: Int) {
        error = Failure(message: message, exitCode: exitCode)
    }
}
