import ArgumentParser
import Files
import Foundation
import Ingest
import Storage

/// `locate ingest PIPELINE`: runs a pipeline into the database (async: API sources are fetched).
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Run a pipeline: read, validate, reproject and store a dataset.",
        // Written out: ArgumentParser shortens a synopsis this long to `[<options>]`.
        usage: """
            locate ingest <PIPELINE> [--source <PATH|URL>] [--changes <FILE> ... [--sequence <N>]] [--report <FILE>]
                          [--replay <DIR> | --save-responses <DIR> [--keep-responses <N>]] [--max-download-mb <MB>]
                          [--http-deadline <SECONDS>] [--http-stall <SECONDS>] [--max-retire-share <SHARE>]
                          [--max-reject-share <SHARE>] [--allow-mass-retire] [--allow-older] [--update-foreign] [--json] [--wait <SECONDS>] [--db <PATH>]
            """,
        discussion: """
            The whole run is one transaction: on any error the database is left exactly as it was. \
            Records that cannot be used are rejected with a reason; re-running the same input \
            reports 0 added, 0 updated, 0 retired. A summary goes to stderr; --report FILE \
            writes the report (ingest-report/1: the run, every rejected record and warning) as JSON; \
            --json prints it on stdout. --changes applies OSM replication diffs (OsmChange .osc or \
            .osc.gz) to the dataset of an osm-pbf pipeline, in order, after a full read of its \
            extract; each diff's sequence number comes from its state file beside it \
            (NNN.state.txt), its name (NNN.osc.gz) or --sequence, and a diff applied already or out \
            of order is refused. A pipeline with a source.changes folder applies, without --changes, \
            every diff in that folder newer than the dataset (after a full read of its extract when \
            the dataset has no replication sequence yet; --source reads the extract instead). A full \
            read of an extract older than the dataset's sequence is refused unless --allow-older. \
            A live OpenAQ pipeline (format: openaq) reads its API key from the environment variable \
            OPENAQ_API_KEY, never from the pipeline; the key is neither printed nor saved.
            """
    )

    @Argument(help: ArgumentHelp("Pipeline file (pipelines/*.yml).", valueName: "PIPELINE"))
    var pipeline: String

    @Option(
        help: ArgumentHelp(
            "Read this file (air: folder of API answers) or http(s) URL (air: the API's base URL) instead of the pipeline's source.",
            valueName: "PATH|URL"))
    var source: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "osm-pbf pipelines: apply these OSM replication diffs (.osc or .osc.gz), in order, instead of reading the source.",
            valueName: "FILE"))
    var changes: [String] = []

    @Option(
        help: ArgumentHelp(
            "With one --changes FILE: its replication sequence number (else from NNN.state.txt beside it or its name).",
            valueName: "N"))
    var sequence: Int64?

    @Option(help: ArgumentHelp("Write the full report (rejects, warnings, counts) as JSON to FILE.", valueName: "FILE"))
    var report: String?

    @Option(
        help: ArgumentHelp(
            "Air pipelines, station lists and Overpass pipelines: read the API answers saved by an earlier run instead of the API.",
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

    // Optional, with the default in the help text once: ArgumentParser would add its own
    // "(default: 300.0)" to a property with an initial value.
    @Option(
        name: .customLong("max-download-mb"),
        help: ArgumentHelp("HTTP: refuse an answer larger than MB megabytes (default 512).", valueName: "MB"))
    var maxDownloadMbGiven: Int?
    var maxDownloadMb: Int { maxDownloadMbGiven ?? 512 }

    @Option(
        name: .customLong("http-deadline"),
        help: ArgumentHelp(
            "HTTP: give up a request (redirects and body included) after SECONDS (default 300).", valueName: "SECONDS"))
    var httpDeadlineGiven: Double?
    var httpDeadline: Double { httpDeadlineGiven ?? 300 }

    @Option(
        name: .customLong("http-stall"),
        help: ArgumentHelp(
            "HTTP: give up a request when no byte arrives for SECONDS (default 30); it is retried.", valueName: "SECONDS"))
    var httpStallGiven: Double?
    var httpStall: Double { httpStallGiven ?? 30 }

    @Option(
        help: ArgumentHelp(
            "Refuse a run that would retire more than this share (0 to 1) of the dataset's active records (default: the pipeline's max_retire_share, else 0.5).",
            valueName: "SHARE"))
    var maxRetireShare: Double?

    @Option(
        help: ArgumentHelp(
            "Refuse a full read or an air run that rejects more than this share (0 to 1) of the records it read (default 0.5; from 10 records read on; a run that rejects all fails unless 1; diffs are exempt).",
            valueName: "SHARE"))
    var maxRejectShare: Double?

    @Flag(help: "Accept a run that retires more than --max-retire-share of the dataset, or an input with no records.")
    var allowMassRetire = false

    @Flag(
        help:
            "osm-pbf: read an extract whose replication sequence is older than the dataset's (diffs applied after it are rolled back)."
    )
    var allowOlder = false

    @Flag(
        help:
            "Add locate's tables to an existing SQLite file that holds another program's tables (else such a file is refused, unchanged)."
    )
    var updateForeign = false

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var wait: WaitOptions

    func validate() throws {
        if let k = keepResponses, k < 1 { throw ValidationError("--keep-responses must be at least 1") }
        guard (1...1_048_576).contains(maxDownloadMb) else {
            throw ValidationError("--max-download-mb must be between 1 and 1048576")
        }
        guard httpDeadline > 0, httpDeadline <= 86_400 else {
            throw ValidationError("--http-deadline must be more than 0 and at most 86400 seconds")
        }
        guard httpStall > 0, httpStall <= 86_400 else {
            throw ValidationError("--http-stall must be more than 0 and at most 86400 seconds")
        }
        if !changes.isEmpty, source != nil || replay != nil || saveResponses != nil {
            throw ValidationError("--changes reads diffs only: leave out --source, --replay and --save-responses")
        }
        if let sequence {
            guard changes.count == 1 else { throw ValidationError("--sequence names the sequence of one --changes FILE") }
            guard sequence >= 0 else { throw ValidationError("--sequence must be 0 or more") }
        }
        if let s = maxRejectShare, !(0...1).contains(s) {
            throw ValidationError("--max-reject-share must be a share from 0 to 1 (0.5 is half)")
        }
        if let s = maxRetireShare, !(0...1).contains(s) {
            throw ValidationError("--max-retire-share must be a share from 0 to 1 (0.5 is half)")
        }
    }

    func run() async throws {
        if let found = DataFileSniffer.sniff(path: pipeline) {
            // A data file where the pipeline belongs: name the shipped pipeline that fits.
            var fitting: [PipelineSpec] = []
            if case .data(let format, _) = found { fitting = DataFileSniffer.fitting(format, path: pipeline, pipelines: shipped) }
            throw IngestError.invalidPipeline(
                path: pipeline, line: nil, reason: DataFileSniffer.message(found, path: pipeline, fitting: fitting))
        }
        let spec = try PipelineDecoder.load(path: pipeline)
        // Output paths are checked before anything changes: a bad one fails the run first.
        if let report { try OutputPath.checkWritableFile(report, option: "--report") }
        if let saveResponses { try OutputPath.checkFolder(saveResponses, option: "--save-responses") }
        // SIGINT and SIGTERM from here on stop the run cleanly (`IngestInterrupt`).
        let interrupt = IngestInterrupt(path: store.path, json: output.json)
        var access = wait.access
        access.updatesForeign = updateForeign
        access.commitGate = interrupt.gate
        let db = try LocateStore(path: store.path, access: access)
        interrupt.opened(creating: !FileManager.default.fileExists(atPath: store.path))
        defer { interrupt.closed() }
        let tty = Console.stderrIsTerminal
        let fromAPI = replay == nil && IngestRunner.readsAPI(spec, sourceOverride: source)
        let save = fromAPI ? (saveResponses ?? ResponseArchive.folder(for: store.path, at: Date())) : nil
        var runner = IngestRunner(store: db, clock: { Date() })
        runner.httpLimits.maxBytes = maxDownloadMb * 1024 * 1024
        runner.httpLimits.deadlineSeconds = httpDeadline
        runner.httpLimits.stallSeconds = httpStall
        runner.maxRetireShare = maxRetireShare
        runner.maxRejectShare = maxRejectShare
        runner.allowMassRetire = allowMassRetire
        runner.allowOlder = allowOlder
        // The OpenAQ key comes from the environment only: never from the pipeline, never printed.
        runner.openAQKey = ProcessInfo.processInfo.environment[IngestRunner.openAQKeyVariable]
        let progress: (Int) -> Void = { n in
            if tty { FileHandle.standardError.write(Data("\r\(n) features read…".utf8)) }
        }
        // On a terminal, the answers of a network ingest as they come (at most ten lines a
        // second, each over the last); piped, nothing.
        if tty {
            runner.meter = FetchMeter(ProgressLine().fetch)
        }
        // An error, too, starts on a clean line.
        defer { if tty { ProgressLine.clear() } }
        var earlier: [IngestReport] = []
        var folderNote: String? = nil
        let result: IngestReport
        if !changes.isEmpty {
            result = try runner.applyChanges(spec, files: changes, sequence: sequence, progress: progress)
        } else if spec.changesFolder != nil, source == nil, replay == nil {
            // A changes folder: a full read first when the dataset has no sequence, then the
            // folder's newer diffs; the report (--report, --json) is the last run's.
            let outcome = try await runner.runChangesFolder(spec, progress: progress)
            if tty { ProgressLine.clear() }
            guard let last = outcome.reports.last else {
                try db.close()
                interrupt.closed()
                if let note = outcome.note { Console.note(note) }
                return
            }
            earlier = outcome.reports.dropLast()
            result = last
            folderNote = outcome.note
        } else {
            result = try await runner.run(
                spec, sourceOverride: source, replay: replay, saveResponses: save, progress: progress)
        }
        if tty { ProgressLine.clear() }
        let document = IngestReportDocument(result)
        // The report is written in full beside its place before the database is closed, and
        // put in place only once the database is: a report never describes a run whose
        // database did not appear, and a full disk is found before the data is published.
        let staged = try report.map { path in
            let file = try CheckedFile(replacing: path)
            try file.write(try compactJSONText(document) + "\n")
            return file
        }
        // A database this run created appears only now (a failed run leaves none).
        do {
            try db.close()
            interrupt.closed()
        } catch {
            staged?.abandon()
            throw error
        }
        try staged?.commit()
        for run in earlier {
            for line in IngestSummary.lines(run, path: store.path, hasReportFile: false) { Console.note(line) }
        }
        for line in IngestSummary.lines(result, path: store.path, hasReportFile: report != nil) { Console.note(line) }
        if let folderNote { Console.note(folderNote) }
        if let keep = keepResponses {
            let removed = try ResponseArchive.prune(db: store.path, keep: keep)
            if !removed.isEmpty {
                Console.note("removed \(removed.count) older response folder(s) from \(ResponseArchive.root(for: store.path))")
            }
        }
        if output.json { Console.out(try jsonText(document)) }
    }

    /// The pipelines in `pipelines/` of the working folder (those that decode), for the
    /// suggestion when a data file is given where a pipeline is expected.
    private var shipped: [PipelineSpec] {
        let folder = "pipelines"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yml") }.sorted().compactMap { try? PipelineDecoder.load(path: "\(folder)/\($0)") }
    }
}
