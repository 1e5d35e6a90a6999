import ArgumentParser
import Foundation
import Ingest
import Storage

/// `locate ingest PIPELINE`: runs a pipeline into the database (async: API sources are fetched).
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Run a pipeline: read, validate, reproject and store a dataset.",
        discussion: """
            The whole run is one transaction: on any error the database is left exactly as it was. \
            Records that cannot be used are rejected with a reason; re-running the same input \
            reports 0 added, 0 updated, 0 retired. A summary goes to stderr; --report FILE \
            writes every rejected record and warning as JSON; --json prints the report on stdout.
            """
    )

    @Argument(help: ArgumentHelp("Pipeline file (pipelines/*.yml).", valueName: "PIPELINE"))
    var pipeline: String

    @Option(
        help: ArgumentHelp(
            "Read this file (air: folder of API answers) or http(s) URL (air: the API's base URL) instead of the pipeline's source.",
            valueName: "PATH|URL"))
    var source: String?

    @Option(help: ArgumentHelp("Write the full report (rejects, warnings, counts) as JSON to FILE.", valueName: "FILE"))
    var report: String?

    @Flag(help: "Print the report as JSON on stdout.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Air pipelines and station lists: read the API answers saved by an earlier run instead of the API.",
            valueName: "DIR"))
    var replay: String?

    @Option(
        help: ArgumentHelp(
            "When reading an API URL: save every answer here (default: <db>.responses/<UTC time>).", valueName: "DIR"))
    var saveResponses: String?

    @Option(
        help: ArgumentHelp(
            "After a successful run, keep only the newest N run folders in <db>.responses (default: keep all).",
            valueName: "N"))
    var keepResponses: Int?

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if let k = keepResponses, k < 1 { throw ValidationError("--keep-responses must be at least 1") }
    }

    func run() async throws {
        do {
            let spec = try PipelineDecoder.load(path: pipeline)
            let db = try LocateStore(path: store.path)
            let tty = Console.stderrIsTerminal
            let fromAPI = replay == nil && IngestRunner.readsAPI(spec, sourceOverride: source)
            let save = fromAPI ? (saveResponses ?? ResponseArchive.folder(for: store.path, at: Date())) : nil
            let result = try await IngestRunner(store: db, clock: { Date() }).run(
                spec, sourceOverride: source, replay: replay, saveResponses: save
            ) { n in
                if tty { FileHandle.standardError.write(Data("\r\(n) features read…".utf8)) }
            }
            if tty { FileHandle.standardError.write(Data("\r".utf8)) }
            if let report {
                guard FileManager.default.createFile(atPath: report, contents: Data(try jsonText(result).utf8)) else {
                    throw CLIError("\(report): cannot write the report")
                }
            }
            summarize(result)
            if let keep = keepResponses {
                let removed = try ResponseArchive.prune(db: store.path, keep: keep)
                if !removed.isEmpty {
                    Console.note(
                        "removed \(removed.count) older response folder(s) from \(ResponseArchive.root(for: store.path))")
                }
            }
            if json { Console.out(try jsonText(result)) }
        } catch {
            // Reported like every command's errors (`error: …`, exit 1).
            try reportingErrors { throw error }
        }
    }

    private func summarize(_ r: IngestReport) {
        let run = r.run
        let c = run.counts
        Console.note(
            "ingested \(run.pipeline) into \(store.path) (run \(run.id), dataset \(run.dataset)): read \(run.read), "
                + "accepted \(run.accepted), rejected \(run.rejected), warnings \(run.warnings)")
        Console.note("changes: \(c.added) added, \(c.updated) updated, \(c.unchanged) unchanged, \(c.retired) retired")
        if let op = run.projOperation {
            Console.note(
                "reprojected \(run.sourceCRS) → EPSG:4326 with: \(op)\(run.projAccuracyMeters.map { " (accuracy \($0) m)" } ?? "")"
            )
        }
        let shown = 20
        for issue in r.rejected.prefix(shown) {
            Console.note(
                "rejected \(["stations": "station", "air": "station"][run.kind] ?? "feature") \(issue.index)\(issue.id.map { " (\($0))" } ?? ""): \(issue.field): \(issue.reason)"
            )
        }
        if r.rejected.count > shown { Console.note("… \(r.rejected.count - shown) more rejected; see --report FILE") }
        if !r.warnings.isEmpty {
            var byReason: [String: Int] = [:]
            // Group by the kind of warning: the reason up to its first ':'.
            for w in r.warnings {
                let kind = w.reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? w.reason
                byReason["\(w.field): \(kind)", default: 0] += 1
            }
            let top = byReason.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5)
            Console.note(
                "warnings: " + top.map { "\($0.value)× \($0.key)" }.joined(separator: "; ")
                    + (report == nil ? " (all in --report FILE)" : ""))
        }
    }
}

/// An error the CLI itself raises.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
