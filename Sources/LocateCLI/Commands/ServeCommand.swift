import ArgumentParser
import Foundation
import ServeOptions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locate serve`: replaces this process with `locate-serve` (the HTTP server, a separate
/// executable so that `locate` never links NIO and Hummingbird, whose conformance records
/// every query's startup would scan). Same arguments, same process id, signals and exit code.
/// The options (`ServeOptions`, shared with `locate-serve`) are parsed here for `--help`, the
/// CLI reference and early usage errors; `locate-serve` parses them again.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: ServeOptions.abstract,
        // Written out: ArgumentParser shortens a synopsis this long to `<options>`.
        usage: """
            locate serve [--db <PATH>] [--host <host>] [--port <port>] [--cors-origin <ORIGIN>] [--rate <N>] [--burst <N>]
                         [--timeout <SECONDS>] [--header-timeout <SECONDS>] [--max-connections <N>] [--max-limit <N>]
                         [--trusted-proxy <ADDR> ...] [--cache-places <N>] [--log-level <LEVEL>] [--photos <DIR>]
                         [--region <BOX>] [--submissions-per-hour <N>]
            """,
        discussion: """
            Serves GET /v1/toilets/nearest, /v1/toilets/{dataset}/{id}, /v1/stations/nearest, /v1/stations/{id}, \
            /v1/stations?name=, /v1/updates?since=, /v1/runs, /v1/health, /v1/status, /metrics (Prometheus text) and \
            /v1/openapi.yaml (the contract, docs/openapi.yaml; docs/http.md). Answers are the documents the CLI prints with --json; errors are http-error/1 objects. \
            Each request is answered from a committed state of the database and never waits for a write: an ingest \
            that commits is seen once the server has opened its state, on a thread of its own (until then requests \
            get the state before). One log line per request on stderr. SIGINT or SIGTERM: requests in flight finish, \
            then exit 0. Contributions: POST /v1/toilets, /v1/toilets/{dataset}/{id}/edits, /reports and /photos are \
            stored pending until a maintainer approves them; maintainers list and decide them at /v1/contributions \
            with a bearer token (locate token create); approved photos are at /v1/photos/{sha256} (docs/guide.md, \
            "Contributions over HTTP"). Runs locate-serve from beside locate (or $LOCATE_SERVE).
            """
    )

    @OptionGroup var options: ServeOptions

    /// `$LOCATE_SERVE`, else `locate-serve` beside the running executable.
    static func serverPath() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LOCATE_SERVE"], !path.isEmpty { return path }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        let path = (exe as NSString).deletingLastPathComponent + "/locate-serve"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLIError.failed(
                "locate-serve, which runs the HTTP server, is missing at \(path): build it (`swift build`) or set LOCATE_SERVE")
        }
        return path
    }

    func run() throws {
        let path = try ServeCommand.serverPath()
        let rest = Array(CommandLine.arguments.dropFirst().drop { $0 != "serve" }.dropFirst())
        let argv = ([path] + rest).map { strdup($0) } + [nil]
        // glibc gives threads that allocate at once arenas of their own: the freed pixels of a
        // burst of photo decodes stayed resident as fragments across them (4 parallel
        // 40-megapixel PNGs: +51 MB after, growing each burst; with two arenas +33 MB, then
        // stable). Set before the server starts any thread; a value the user set is kept.
        setenv("MALLOC_ARENA_MAX", "2", 0)
        execv(path, argv)
        throw CLIError.failed("cannot run \(path): \(String(cString: strerror(errno)))")
    }
}
