public import ArgumentParser
import Foundation

/// The options of `locate serve`, declared once: `locate serve` shows them in `--help` (and
/// the CLI reference) before it execs `locate-serve`, which parses them for real. A target
/// of its own so that `locate` shares them without linking the server's NIO stack.
public struct ServeOptions: ParsableArguments {
    /// The one-line description both commands show.
    public static let abstract = "Answer nearest-place questions over HTTP (JSON API under /v1); take contributions."

    /// `--db`.
    @Option(
        name: .customLong("db"), help: ArgumentHelp("Database file (default: $LOCATE_DB or ./locate.sqlite).", valueName: "PATH"))
    public var db: String?

    /// `--host`.
    @Option(help: "Address to listen on.")
    public var host = "127.0.0.1"

    /// `--port`.
    @Option(help: "Port to listen on (0: any free port; the port is printed on stderr).")
    public var port = 8080

    /// `--cors-origin`, repeatable.
    @Option(
        help: ArgumentHelp("Allow browser pages from this origin to read answers (* for any); repeatable.", valueName: "ORIGIN"))
    public var corsOrigin: [String] = []

    /// `--rate`.
    @Option(help: ArgumentHelp("Requests per second each client IP may make on average (token bucket).", valueName: "N"))
    public var rate = 50.0

    /// `--burst`.
    @Option(help: ArgumentHelp("Requests a client may make at once before --rate applies.", valueName: "N"))
    public var burst = 100

    /// `--timeout`.
    @Option(
        help: ArgumentHelp(
            "Seconds a read may take before the request gets 503 (writes are answered once done).",
            valueName: "SECONDS"))
    public var timeout = 10.0

    /// `--header-timeout`.
    @Option(
        help: ArgumentHelp(
            "Seconds a connection may take to send a request's headers (after opening, or after its previous answer) before it is closed.",
            valueName: "SECONDS"))
    public var headerTimeout = 10.0

    /// `--max-connections`.
    @Option(
        help: ArgumentHelp(
            "Connections held at once; past it the oldest one still waiting for its request makes room (keep it below ulimit -n).",
            valueName: "N"))
    public var maxConnections = 512

    /// `--max-limit`.
    @Option(help: ArgumentHelp("Largest limit a query may ask for.", valueName: "N"))
    public var maxLimit = 100

    // Behind a proxy, and the log (issue 13's throughput work).

    /// `--trusted-proxy`, repeatable.
    @Option(
        help: ArgumentHelp(
            "A reverse proxy's address or CIDR range (repeatable): for requests from it, the client (rate limit, log) is the last address in X-Forwarded-For that is not a trusted proxy.",
            valueName: "ADDR"))
    public var trustedProxy: [String] = []

    /// `--cache-places`.
    @Option(
        help: ArgumentHelp(
            "Toilet records kept in memory for answers (about 1 KB each; emptied when an ingest changes the data; 0: none).",
            valueName: "N"))
    public var cachePlaces = 200_000

    /// `--log-level`.
    @Option(help: ArgumentHelp("Lowest level logged on stderr (info: one line per request).", valueName: "LEVEL"))
    public var logLevel = LogLevel.info

    /// The levels `--log-level` takes (swift-log's).
    public enum LogLevel: String, CaseIterable, ExpressibleByArgument, Sendable {
        /// swift-log's levels, lowest first.
        case trace, debug, info, notice, warning, error, critical
    }

    /// `--basemap`.
    @Option(
        help: ArgumentHelp(
            "An OpenStreetMap extract the preview map draws its own streets from (no tile server needed).",
            valueName: "EXTRACT.osm.pbf"))
    public var basemap: String?

    // Contributions (Sources/Serve/Contributions): submissions, photos, maintainers.

    /// `--photos`.
    @Option(help: ArgumentHelp("Folder of uploaded photos (default: the database path + .photos).", valueName: "DIR"))
    public var photos: String?

    /// `--region`.
    @Option(
        help: ArgumentHelp(
            "Where submitted positions must lie, a box W,S,E,N as --bbox (default: within 10 km of a toilet of any dataset).",
            valueName: "BOX"))
    public var region: String?

    /// `--submissions-per-hour`.
    @Option(
        help: ArgumentHelp("Submissions (new toilets, edits, reports, photos) each client may make per hour.", valueName: "N"))
    public var submissionsPerHour = 20

    /// `--sign-seconds`.
    @Option(
        help: ArgumentHelp(
            "How long reading the hours on an uploaded photo of an hours sign may take, in seconds (locate-read; 0: no reading).",
            valueName: "SECONDS"))
    public var signSeconds = 8.0

    /// Options with their defaults.
    public init() {}

    /// The database to serve: `--db`, then `LOCATE_DB`, then `locate.sqlite`.
    public var databasePath: String {
        db ?? ProcessInfo.processInfo.environment["LOCATE_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "locate.sqlite"
    }
}
