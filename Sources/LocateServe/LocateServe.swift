import ArgumentParser
import Foundation
import Logging
import Serve
import ServeOptions

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
        abstract: ServeOptions.abstract,
        discussion: """
            Serves GET /v1/toilets/nearest, /v1/toilets/{dataset}/{id}, /v1/stations/nearest, /v1/stations/{id}, \
            /v1/stations?name=, /v1/updates?since=, /v1/runs, /v1/health, /v1/status, /metrics and /v1/openapi.yaml (the \
            contract). Answers are the documents the CLI prints with --json; errors are http-error/1 objects. Each request is answered from the \
            newest committed state of the database: an ingest that commits is seen by the next request. One log line per \
            request on stderr. SIGINT or SIGTERM: requests in flight finish, then exit 0. Contributions: POST \
            /v1/toilets, /v1/toilets/{dataset}/{id}/edits, /reports and /photos are stored pending until a maintainer \
            approves them; maintainers list and decide them at /v1/contributions with a bearer token (locate token \
            create); approved photos are at /v1/photos/{sha256} (docs/guide.md, "Contributions over HTTP").
            """
    )

    @OptionGroup var options: ServeOptions

    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The sign reader: `$LOCATE_READ`, else `locate-read` beside this executable; nil when
    /// there is none (photos of signs are then stored without a reading, saying why).
    static var signReader: String? {
        if let path = ProcessInfo.processInfo.environment["LOCATE_READ"], !path.isEmpty { return path }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        let path = (exe as NSString).deletingLastPathComponent + "/locate-read"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    var serveConfiguration: ServeConfiguration {
        let o = options
        var c = ServeConfiguration(databasePath: o.databasePath)
        c.host = o.host
        c.port = o.port
        c.corsOrigins = o.corsOrigin
        c.ratePerSecond = o.rate
        c.burst = o.burst
        c.requestTimeoutSeconds = o.timeout
        c.headerTimeoutSeconds = o.headerTimeout
        c.maxConnections = o.maxConnections
        c.maxLimit = o.maxLimit
        c.trustedProxies = o.trustedProxy
        c.cachedPlaces = o.cachePlaces
        c.basemapPath = o.basemap
        c.contributions.photosFolder = o.photos
        c.contributions.region = o.region.flatMap { try? ContributionSettings.region($0) }
        c.contributions.submissionsPerHour = o.submissionsPerHour
        c.contributions.signSeconds = o.signSeconds
        c.contributions.signReaderPath = LocateServe.signReader
        return c
    }

    func validate() throws {
        do {
            if let region = options.region { _ = try ContributionSettings.region(region) }
            try serveConfiguration.check()
        } catch let e as ServeError {
            throw ValidationError(e.description)
        }
    }

    func run() async throws {
        let sink = LogSink()
        let level = Logger.Level(rawValue: options.logLevel.rawValue) ?? .info
        LoggingSystem.bootstrap { label in BufferedLogHandler(label: label, sink: sink, logLevel: level) }
        defer { sink.flush() }
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
                sink.flush()
                FileHandle.standardError.write(Data(line.utf8))
            }
        } catch let e as ServeError {
            sink.flush()
            FileHandle.standardError.write(Data("error: \(e.description)\n".utf8))
            Foundation.exit(1)
        }
    }
}
