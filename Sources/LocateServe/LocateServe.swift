import ArgumentParser
import Foundation
import Logging
import Serve

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locate-serve`: the HTTP query API. `locate serve` execs it with its own arguments, so
/// the `locate` binary never links NIO and Hummingbird.
@main
struct LocateServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate serve",
        abstract: "Answer nearest-place questions over HTTP (read-only JSON API under /v1).",
        discussion: """
            Serves GET /v1/toilets/nearest, /v1/toilets/{dataset}/{id}, /v1/stations/nearest, /v1/stations/{id}, \
            /v1/stations?name=, /v1/updates?since=, /v1/runs, /v1/health and /v1/openapi.yaml (the contract). Answers are \
            the documents the CLI prints with --json; errors are http-error/1 objects. Each request is answered from the \
            newest committed state of the database: an ingest that commits is seen by the next request. One log line per \
            request on stderr. SIGINT or SIGTERM: requests in flight finish, then exit 0.
            """
    )

    @Option(
        name: .customLong("db"), help: ArgumentHelp("Database file (default: $LOCATE_DB or ./locate.sqlite).", valueName: "PATH"))
    var db: String?

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port; the port is printed on stderr).")
    var port = 8080

    @Option(
        help: ArgumentHelp("Allow browser pages from this origin to read answers (* for any); repeatable.", valueName: "ORIGIN"))
    var corsOrigin: [String] = []

    @Option(help: ArgumentHelp("Requests per second each client IP may make on average (token bucket).", valueName: "N"))
    var rate = 50.0

    @Option(help: ArgumentHelp("Requests a client may make at once before --rate applies.", valueName: "N"))
    var burst = 100

    @Option(help: ArgumentHelp("Seconds an answer may take before the request gets 503.", valueName: "SECONDS"))
    var timeout = 10.0

    @Option(help: ArgumentHelp("Largest limit a query may ask for.", valueName: "N"))
    var maxLimit = 100

    var serveConfiguration: ServeConfiguration {
        let path = db ?? ProcessInfo.processInfo.environment["LOCATE_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "locate.sqlite"
        var c = ServeConfiguration(databasePath: path)
        c.host = host
        c.port = port
        c.corsOrigins = corsOrigin
        c.ratePerSecond = rate
        c.burst = burst
        c.requestTimeoutSeconds = timeout
        c.maxLimit = maxLimit
        return c
    }

    func validate() throws {
        do {
            try serveConfiguration.check()
        } catch let e as ServeError {
            throw ValidationError(e.description)
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "locate-serve")
        let configuration = serveConfiguration
        let clock = ContinuousClock()
        let start = clock.now
        let server = Server(
            configuration: configuration, openAPI: OpenAPIDocument.text, logger: logger, now: { Date() },
            ticks: {
                let d = start.duration(to: clock.now).components
                return Double(d.seconds) + Double(d.attoseconds) / 1e18
            })
        do {
            try await server.run { port in
                let line =
                    "locate serve: listening on http://\(configuration.host):\(port) (database \(configuration.databasePath))\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        } catch let e as ServeError {
            FileHandle.standardError.write(Data("error: \(e.description)\n".utf8))
            Foundation.exit(1)
        }
    }
}
