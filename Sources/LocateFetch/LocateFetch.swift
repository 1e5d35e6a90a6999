import ArgumentParser
import FetchContract
import Foundation

/// `locate-fetch URL --out FILE`: one HTTP GET with hard limits, the body streamed to FILE,
/// one `fetch-result/1` JSON line on stdout. `locate ingest` runs it for every API request,
/// so that the `locate` binary itself never loads libcurl and its TLS stack (a query starts
/// in half the time), and so that a transfer that hangs can always be killed.
@main
struct LocateFetch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate-fetch",
        abstract: "Fetch one URL into a file, within a size cap and a deadline (run by `locate ingest`).",
        discussion: """
            The body goes to FILE (created; it must not exist). One JSON line (fetch-result/1, \
            docs/json.md) on stdout says what happened: the HTTP status, content type, \
            Retry-After, bytes written and, when the transfer stopped early, why (too_large, \
            deadline, stalled, redirects, output, transport). Exit 0 when a whole answer was \
            received (whatever its status), 1 when not, 64 on a usage error. A header that must \
            stay secret (an API key) comes in the environment variable \
            LOCATE_FETCH_SECRET_HEADER ('NAME: VALUE'), never on the command line.
            """
    )

    @Argument(help: "The http(s) URL to fetch.")
    var url: String

    @Option(help: ArgumentHelp("Write the body to FILE (must not exist).", valueName: "FILE"))
    var out: String

    @Option(help: ArgumentHelp("Stop when the body is larger than N bytes.", valueName: "N"))
    var maxBytes: Int = 512 * 1024 * 1024

    @Option(help: ArgumentHelp("Stop when the whole request takes longer than SECONDS.", valueName: "SECONDS"))
    var deadline: Double = 300

    @Option(help: ArgumentHelp("Stop when no byte arrives for SECONDS.", valueName: "SECONDS"))
    var stall: Double = 30

    @Option(help: ArgumentHelp("Follow at most N redirects.", valueName: "N"))
    var maxRedirects: Int = 5

    @Option(help: ArgumentHelp("Send this request header (repeatable).", valueName: "'NAME: VALUE'"))
    var header: [String] = []

    func validate() throws {
        guard let u = URL(string: url), let scheme = u.scheme?.lowercased(), ["http", "https"].contains(scheme), u.host != nil
        else { throw ValidationError("not an http(s) URL: \(url)") }
        guard maxBytes > 0 else { throw ValidationError("--max-bytes must be positive") }
        guard deadline > 0, deadline.isFinite, stall > 0, stall.isFinite else {
            throw ValidationError("--deadline and --stall must be positive numbers of seconds")
        }
        guard maxRedirects >= 0 else { throw ValidationError("--max-redirects must be 0 or more") }
        for h in header {
            let name = h.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard h.contains(":"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--header needs 'NAME: VALUE', got '\(h)'")
            }
        }
    }

    func run() throws {
        let limits = Transfer.Limits(maxBytes: maxBytes, deadline: deadline, stall: stall, maxRedirects: maxRedirects)
        var headers = header
        // The parent's secret header (an API key): from the environment, which other users
        // of the machine cannot read, unlike the command line.
        if let secret = ProcessInfo.processInfo.environment["LOCATE_FETCH_SECRET_HEADER"], secret.contains(":") {
            headers.append(secret)
        }
        let result = Transfer.run(url: url, headers: headers, out: out, limits: limits)
        print(result.jsonLine())
        fflush(nil)  // every C stream, stdout among them
        // Ends at once: the body file is closed and the line written, and URLSession's threads
        // (possibly still inside a transfer the limits stopped) must not hold the exit up.
        _exit(result.error == nil ? 0 : 1)
    }
}
