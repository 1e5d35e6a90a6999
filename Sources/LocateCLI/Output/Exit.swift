import ArgumentParser
import Foundation

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
    /// Usage error (ArgumentParser's `ValidationError` exits with 64 too).
    static let usage = ExitCode(64)
}

/// Diagnostics go to stderr, results to stdout.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}

/// Runs a command body, turning thrown errors into `error: …` on stderr and exit 1.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as ExitCode {
        throw e
    } catch let e as any CustomStringConvertible & Error {
        Console.error(e.description)
        throw Exit.failure
    }
}

/// Deterministic pretty JSON with sorted keys.
func jsonText<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
