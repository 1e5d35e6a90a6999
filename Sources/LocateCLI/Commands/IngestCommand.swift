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
            writes the report (ingest-report/1: the run, every rejected record and warning) as JSON; \
            --json prints it on stdout.
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

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var wait: WaitOptions

    func validate() throws {
        if let k = keepResponses, k < 1 { throw ValidationError("--keep-responses must be at least 1") }
    }

    func run() async throws {
        let spec = try PipelineDecoder.load(path: pipeline)
        let db = try LocateStore(path: store.path, access: wait.access)
        let tty = Console.stderrIsTerminal
        let fromAPI = replay == nil && IngestRunner.readsAPI(spec, sourceOverride: source)
        let save = fromAPI ? (saveResponses ?? ResponseArchive.folder(for: store.path, at: Date())) : nil
        let result = try await IngestRunner(store: db, clock: { Date() }).run(
            spec, sourceOverride: source, replay: replay, saveResponses: save
        ) { n in
            if tty { FileHandle.standardError.write(Data("\r\(n) features read…".utf8)) }
        }
        if tty { FileHandle.standardError.write(Data("\r".utf8)) }
        let document = IngestReportDocument(result)
        if let report {
            guard FileManager.default.createFile(atPath: report, contents: Data((try compactJSONText(document) + "\n").utf8))
            else {
                throw CLIError.failed("\(report): cannot write the report")
            }
        }
        // A database this run created appears only now (a failed run leaves none).
        try db.close()
        for line in IngestSummary.lines(result, path: store.path, hasReportFile: report != nil) { Console.note(line) }
        if let keep = keepResponses {
            let removed = try ResponseArchive.prune(db: store.path, keep: keep)
            if !removed.isEmpty {
                Console.note("removed \(removed.count) older response folder(s) from \(ResponseArchive.root(for: store.path))")
            }
        }
        if output.json { Console.out(try jsonText(document)) }
    }
}
