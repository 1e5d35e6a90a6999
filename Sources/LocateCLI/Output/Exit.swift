import ArgumentParser
import Contract
import Files
import Foundation
import Ingest
import Query

/// The documented exit codes.
enum Exit {
    /// Success.
    static let success = ExitCode(0)
    /// Bad input, storage or network error.
    static let failure = ExitCode(1)
    /// The query ran but found nothing.
    static let noResult = ExitCode(3)
    /// `locate station --alert`: a threshold was exceeded.
    static let alert = ExitCode(4)
    /// `locate station --alert`: no rule fired, but a rule could not be judged (no value,
    /// a value older than `--fresh-within`, too few hours for a norm).
    static let unjudged = ExitCode(5)
    /// `--near-file`: more bad input rows than `--max-bad-rows`.
    static let badRows = ExitCode(6)
    /// Usage error (ArgumentParser's `ValidationError` exits with 64 too).
    static let usage = ExitCode(64)
}

/// Why a command ended without success; `LocateMain` prints it (as text, or as one
/// `error/1` object with `--json`) and exits with its code.
enum CLIError: Error, CustomStringConvertible {
    /// Bad input, storage or network (exit 1); printed as `error: …`.
    case failed(String)
    /// The command ran but found nothing (exit 3); printed as a plain note.
    case noResult(String)
    /// A threshold of `locate station --alert` was exceeded (exit 4); the alerts are
    /// already in the output, so the text form prints nothing more.
    case alert(String)
    /// No rule fired but some could not be judged (exit 5); the warnings are already on
    /// stderr, so the text form prints nothing more.
    case unjudged(String)
    /// `--near-file`: more bad input rows than `--max-bad-rows` (exit 6); printed as `error: …`.
    case badRows(String)

    /// The message, without the `error: ` prefix.
    var description: String {
        switch self {
        case .failed(let m), .noResult(let m), .alert(let m), .unjudged(let m), .badRows(let m): m
        }
    }

    /// The exit code this ending maps to.
    var exitCode: ExitCode {
        switch self {
        case .failed: Exit.failure
        case .noResult: Exit.noResult
        case .alert: Exit.alert
        case .unjudged: Exit.unjudged
        case .badRows: Exit.badRows
        }
    }

    /// What the text form prints on stderr, or nil.
    var text: String? {
        switch self {
        case .failed(let m), .badRows(let m): "error: \(m)"
        case .noResult(let m): m
        case .alert, .unjudged: nil
        }
    }
}

/// Diagnostics go to stderr, results to stdout.
enum Console {
    static func error(_ message: String) {
        note("error: \(message)")
    }

    /// Writes a line of text to stderr, escaped for the terminal (`TextEscape.quoted`, line
    /// breaks kept: a message quoting data cannot carry an escape sequence); a failure there
    /// has nowhere to be reported and is ignored.
    static func note(_ message: String) {
        raw(TextEscape.quoted(message, keepingLineBreaks: true))
    }

    /// Writes a JSON document (`error/1`) to stderr as it is: its strings are already escaped
    /// as JSON escapes them, and the document stays the data it is.
    static func noteJSON(_ document: String) { raw(document) }

    private static func raw(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data("\(line)\n".utf8))
    }

    /// Writes a text result (a table, `review show`, a station's detail) to stdout, escaped
    /// for the terminal as `note` escapes (`TextEscape.quoted`, line breaks kept). JSON, CSV and
    /// GeoJSON go through `out`, unchanged.
    static func text(_ text: String) { out(TextEscape.quoted(text, keepingLineBreaks: true)) }

    /// Whether failures are reported as one `error/1` object (`--json` among the arguments,
    /// before any `--`, as `LocateMain` reads them): a constant of the process, so no
    /// unsafe mutable global is needed.
    static let jsonErrors = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")

    /// Writes a result to stdout, ended by a line break (added unless its last byte is one:
    /// `hasSuffix("\n")` is false for CSV's CRLF, one `Character`), checked: a failed write (a
    /// full disk) ends the run with exit 1, said as every failure is (`error/1` with `--json`).
    static func out(_ text: String) {
        do {
            try CheckedFile.standardOutput().write(text.utf8.last == 10 ? text : text + "\n")
        } catch {
            if jsonErrors {
                let document = ErrorDocument(message: "\(error)", exitCode: Int(Exit.failure.rawValue))
                noteJSON((try? compactJSONText(document)) ?? "{\"schema\":\"error/1\"}")
            } else {
                note("error: \(error)")
            }
            Foundation.exit(Exit.failure.rawValue)
        }
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}

/// Deterministic pretty JSON with sorted keys (docs/json.md rule 9: command answers).
func jsonText<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONText.encoded(value, pretty: true), as: UTF8.self)
}

/// `toilet-answer/1` as the server writes it (`ToiletAnswerJSON`), indented.
func jsonText(_ answer: ToiletAnswer) -> String {
    var compact = ToiletAnswerJSON.encode(answer)
    if compact.last == UInt8(ascii: "\n") { compact.removeLast() }
    return String(decoding: ContractJSON.indented(compact), as: UTF8.self)
}

/// Deterministic one-line JSON with sorted keys (batch lines, error objects, files).
func compactJSONText<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONText.encoded(value), as: UTF8.self)
}

/// Objects a short-lived command keeps until the process exits: the system reclaims their
/// memory, mappings and read-only connections at exit faster than their `deinit`s would.
/// Only read-side objects belong here (nothing that must flush or commit).
enum ProcessEnd {
    private static let keptLock = NSLock()
    // Safe: appended to only while `keptLock` is held; never read (it only keeps objects alive).
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `object` alive until the process exits.
    static func keep(_ object: AnyObject) { keptLock.withLock { kept.append(object) } }
}
