import Digests
public import Foundation
import Geo
public import Storage

/// Runs a pipeline into a store: streams the input, validates and reprojects each record,
/// stages it, and merges in one transaction. Never prints; progress goes to `progress`.
/// API sources are fetched asynchronously (`async run`); files are read synchronously.
public struct IngestRunner {
    let store: LocateStore
    let clock: @Sendable () -> Date
    /// HTTP: the bounds on every request (size, total deadline, stall, redirects, longest
    /// `Retry-After` honoured).
    public var httpLimits = HTTPLimits()
    /// HTTP: seconds to wait before the first retry; each further retry waits twice as long
    /// (a `Retry-After` answer sets the wait instead, up to `httpLimits.maxRetryAfterSeconds`).
    public var retryBackoffSeconds: TimeInterval = 0.5
    /// Counts the HTTP answers of a network ingest, and the stations an air ingest has
    /// fetched, for a progress display (nil: not counted).
    public var meter: FetchMeter?
    /// The largest share (0...1) of a dataset's active records one run may retire; nil: the
    /// pipeline's `max_retire_share`, else 0.5.
    public var maxRetireShare: Double? = nil
    /// The largest share (0...1) of the records a full read or an air run may reject
    /// (`RejectLimit`); nil: 0.5.
    public var maxRejectShare: Double? = nil
    /// Accept a run that retires more than the share, or an empty input.
    public var allowMassRetire = false
    /// Read an OSM extract whose replication sequence is older than the dataset's.
    public var allowOlder = false
    /// The OpenAQ API key (the CLI reads `OPENAQ_API_KEY`): sent as `X-API-Key` to
    /// `locate-fetch` through its environment, never on a command line, in a saved answer or
    /// in a message. A live `openaq` run without it fails before any request.
    public var openAQKey: String? = nil

    /// The environment variable the CLI reads the OpenAQ key from.
    public static let openAQKeyVariable = "OPENAQ_API_KEY"

    /// Creates a runner writing to `store`, reading the time from `clock` (the CLI passes
    /// `Date.init`; tests pass fixed times).
    public init(store: LocateStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// Runs `spec`, reading `sourceOverride` instead of the pipeline's source when given: a
    /// file, a folder of API answers (air), an http(s) URL (fetched with retries, every answer
    /// saved in the folder `saveResponses` when given) or the answers an earlier run saved
    /// (`replay`). Only the HTTP requests are awaited: reading and storing run synchronously
    /// in the calling task. `progress` is called every 10,000 features with the count so far.
    public func run(
        _ spec: PipelineSpec, sourceOverride: String? = nil, replay: String? = nil, saveResponses: String? = nil,
        progress: (Int) -> Void = { _ in }
    ) async throws -> IngestReport {
        let source = sourceOverride ?? spec.source
        let remote = IngestRunner.isURL(source)
        if spec.kind == .toilets, replay != nil, spec.format != .overpass || !remote {
            throw IngestError.unsupported(
                path: source,
                reason: "--replay reads saved API answers: air pipelines, station lists and Overpass pipelines with a url")
        }
        guard spec.kind == .air || remote || replay != nil else {
            return try ingestFile(spec, path: source, progress: progress)
        }
        // API answers: live (retrying, each saved when asked), a replay folder, or, for air
        // pipelines, a folder of answer files.
        func answers() throws -> any ResponseSource {
            if let replay { return try ReplaySource(folder: replay) }
            if remote {
                var http = HTTPSource(
                    limits: httpLimits, backoffSeconds: retryBackoffSeconds,
                    record: try saveResponses.map { try ResponseRecorder(folder: $0) }, clock: clock, meter: meter)
                guard spec.format == .openaq else { return http }
                guard let key = openAQKey, !key.isEmpty else {
                    throw IngestError.missingKey(variable: IngestRunner.openAQKeyVariable, api: "OpenAQ API")
                }
                http.secretHeader = "X-API-Key: \(key)"
                http.refusalHint = "the API refused the key in \(IngestRunner.openAQKeyVariable)"
                return PacedSource(http, requestsPerMinute: spec.openAQ.requestsPerMinute)
            }
            return try FolderSource(folder: source)
        }
        let label = replay.map { "replay:\($0)" } ?? source
        do {
            switch spec.kind {
            case .stations where spec.format == .openaq:
                var client = OpenAQClient(base: source, source: try answers(), options: spec.openAQ)
                let items = try await client.list("locations", query: OpenAQClient.locationQuery(spec))
                return try ingestStations(spec, items: items, sha256: client.hasher.finalize().hexString, label: label)
            case .air:
                var s = spec
                s.source = source
                let limit = rejectLimit(s)
                if spec.format == .openaq {
                    return try await OpenAQAirIngest(spec: s, store: store, clock: clock, meter: meter, rejectLimit: limit)
                        .run(source: try answers(), label: label)
                }
                return try await AirIngest(spec: s, store: store, clock: clock, meter: meter, rejectLimit: limit)
                    .run(source: try answers(), label: label)
            case .stations:
                // Every page of a v1 list (by totalPages); a legacy list is one answer.
                var client = GIOSClient(base: source, source: try answers())
                let items = try await client.list("", shape: StationListReader.shape(spec.format))
                return try ingestStations(spec, items: items, sha256: client.hasher.finalize().hexString, label: label)
            case .toilets where spec.format == .overpass:
                return try await ingestOverpass(
                    spec, endpoint: source, replay: replay, saveResponses: saveResponses, progress: progress)
            case .toilets:
                let local = try await download(source)
                defer { try? FileManager.default.removeItem(atPath: local) }
                return try ingestToilets(spec, path: local, label: source, progress: progress)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
    }

    /// Runs `spec` from a local file, synchronously: a toilet GeoJSON file or a station list
    /// file (`sourceOverride` instead of the pipeline's source when given). Air pipelines and
    /// http(s) sources are read by the asynchronous `run`, the overload async callers get.
    public func run(_ spec: PipelineSpec, sourceOverride: String? = nil, progress: (Int) -> Void = { _ in }) throws
        -> IngestReport
    {
        let source = sourceOverride ?? spec.source
        guard !IngestRunner.isURL(source) else {
            throw IngestError.unsupported(path: source, reason: "http(s) sources are read by the asynchronous run")
        }
        return try ingestFile(spec, path: source, progress: progress)
    }

    /// Applies OSM replication diffs (OsmChange, `.osc` or `.osc.gz`) to the dataset of an
    /// `osm-pbf` pipeline, in order, in one transaction, with the usual report
    /// (docs/pipelines.md, "Replication diffs"). `sequence` names the sequence number of a
    /// single diff (else its state file or its name: `ChangeFile`).
    public func applyChanges(
        _ spec: PipelineSpec, files: [String], sequence: Int64? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> IngestReport {
        guard spec.kind == .toilets, spec.format == .osmPBF else {
            throw IngestError.unsupported(
                path: spec.origin ?? spec.name, reason: "--changes applies OSM replication diffs to osm-pbf pipelines only")
        }
        let resolved = try ChangeFile.resolve(files, sequence: sequence)
        do {
            return try ingestToilets(
                spec, path: files.joined(separator: " "), label: files.joined(separator: " "), changes: resolved,
                progress: progress)
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
    }

    /// Whether running `spec` (with `sourceOverride`) reads a remote API whose answers can
    /// be saved for `--replay`: air pipelines and station lists with an http(s) source.
    public static func readsAPI(_ spec: PipelineSpec, sourceOverride: String? = nil) -> Bool {
        (spec.kind != .toilets || spec.format == .overpass) && isURL(sourceOverride ?? spec.source)
    }

    static func isURL(_ s: String) -> Bool { s.hasPrefix("http://") || s.hasPrefix("https://") }

    /// A toilet GeoJSON file or a station list file, read and stored synchronously.
    private func ingestFile(_ spec: PipelineSpec, path: String, progress: (Int) -> Void) throws -> IngestReport {
        do {
            switch spec.kind {
            case .stations:
                let (items, sha) = try StationListReader(path: path, format: spec.format).read()
                return try ingestStations(spec, items: items, sha256: sha, label: path)
            case .toilets:
                return try ingestToilets(spec, path: path, label: path, progress: progress)
            case .air:
                throw IngestError.unsupported(path: path, reason: "air pipelines are read by the asynchronous run")
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
    }

    /// Fetches an http(s) source with the shared HTTP client (timeout, retries, user agent)
    /// into a temporary file that the ingest then reads like a local one.
    private func download(_ url: String) async throws -> String {
        let path = HTTPSource.temporaryPath()
        do {
            try await HTTPSource(limits: httpLimits, backoffSeconds: retryBackoffSeconds, clock: clock, meter: meter)
                .download(url, into: path)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return path
    }

    /// Outcome of staging one accepted record: a duplicate id is a rejection, otherwise its
    /// warnings count. Shared by every record kind.
    private static func stage(
        _ record: some PlaceRecord, index: Int, matchKey: String?, sourceRef: String? = nil, warnings w: [IngestIssue],
        unit: String, stager: PlaceStager,
        rejected: inout [IngestIssue], warnings: inout [IngestIssue]
    ) throws {
        if let first = try stager.stage(record, index: index, matchKey: matchKey) {
            rejected.append(
                IngestIssue(
                    index: index, id: record.sourceID, sourceRef: sourceRef, field: "id",
                    reason: "duplicate id, first seen at \(unit) \(first + 1)"))
        } else {
            warnings += w
        }
    }

    func rejectLimit(_ spec: PipelineSpec) -> RejectLimit {
        RejectLimit(maxShare: maxRejectShare ?? RejectLimit.defaultMaxShare, spec: spec)
    }

    private func checks(_ spec: PipelineSpec, input: String) -> RunChecks {
        RunChecks(
            spec: spec, input: input,
            maxRetireShare: maxRetireShare ?? spec.maxRetireShare ?? RunChecks.defaultMaxRetireShare,
            allowMassRetire: allowMassRetire)
    }

    /// Station lists are small (hundreds of stations): read whole, mapped, staged.
    private func ingestStations(_ spec: PipelineSpec, items: [JSONValue], sha256 sha: String, label: String) throws
        -> IngestReport
    {
        let started = clock()
        let gios = StationMapper(spec: spec)
        let openAQ = OpenAQStationMapper(spec: spec)
        func map(_ item: JSONValue, _ index: Int) -> StationMapper.Outcome {
            spec.format == .openaq ? openAQ.map(item, index: index) : gios.map(item, index: index)
        }
        var skipped: [String: Int] = [:]
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence, attribution: spec.attribution,
            startedAt: started, released: spec.released)
        let run: IngestRunRecord
        let checks = self.checks(spec, input: label)
        var notices: [String] = []
        do {
            let limit = rejectLimit(spec)
            let check: (MergePreview) throws -> Void = { p in
                try limit.check(read: p.read, rejected: rejected, input: label)
                notices += try checks.check(p)
            }
            run = try store.ingest(.stations, start: start, clock: clock, check: check) { stager in
                for (index, item) in items.enumerated() {
                    switch map(item, index) {
                    case .skipped(let reason):
                        skipped[reason, default: 0] += 1
                    case .rejected(let issue):
                        rejected.append(issue)
                    case .accepted(let record, let w):
                        try IngestRunner.stage(
                            record, index: index, matchKey: nil, warnings: w, unit: "station", stager: stager,
                            rejected: &rejected, warnings: &warnings)
                    }
                }
                return StagingTotals(
                    read: items.count - skipped.values.reduce(0, +), rejected: rejected.count, warnings: warnings.count,
                    sourceCRS: .wgs84, operation: nil,
                    sourceSHA256: sha)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        if !skipped.isEmpty {
            let parts = skipped.sorted { $0.key < $1.key }.map { "\($0.value) by \($0.key)" }
            notices.append(
                "\(skipped.values.reduce(0, +)) location(s) not selected (\(parts.joined(separator: ", "))): source.select")
        }
        return IngestReport(
            run: run, rejected: rejected, warnings: warnings + run.ambiguities.map(IngestIssue.init(ambiguity:)),
            notices: notices)
    }

    func ingestToilets(
        _ spec: PipelineSpec, path: String, label: String, changes: [ChangeFile]? = nil, progress: (Int) -> Void
    ) throws -> IngestReport {
        let started = clock()
        // Fail on a missing or unreadable file before a run row is written.
        if changes == nil { try GeoJSONFeatureReader.checkReadable(path) }
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        var start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence,
            attribution: spec.attribution, startedAt: started, released: spec.released)
        start.releaseVerifies = spec.profile != .osm && spec.format != .osmPBF && spec.format != .overpass
        var run: IngestRunRecord
        let checks = self.checks(spec, input: label)
        var notices: [String] = []
        var pending: [PendingObject] = []
        do {
            // A run of diffs is exempt from the reject limit (`RejectLimit`): a few objects, one
            // moved out of the region, are edits to report.
            let limit = changes == nil ? rejectLimit(spec) : nil
            let check: (MergePreview) throws -> Void = { p in
                try limit?.check(read: p.read, rejected: rejected, input: label)
                notices += try checks.check(p)
            }
            run = try store.ingest(.toilets, start: start, clock: clock, check: check) { stager in
                if changes == nil, spec.format == .osmPBF {
                    notices += try checkExtractSequence(spec, path: path, label: label, stager: stager)
                }
                let diffs = try changes.map { try ChangeRun($0, spec: spec, stager: stager) }
                if let touched = diffs?.touched { try stager.keepUnstaged(retiringUnlessStaged: touched) }
                let stream = MappedFeatureStream(spec: spec, path: path, label: label, objects: diffs?.objects)
                var seen = 0
                let summary = try stream.forEach { item in
                    switch item {
                    case .rejected(let issue):
                        rejected.append(issue)
                    case .accepted(let record, let matchKey, let sourceRef, let w, let index):
                        try IngestRunner.stage(
                            record, index: index, matchKey: matchKey, sourceRef: sourceRef, warnings: w, unit: "feature",
                            stager: stager,
                            rejected: &rejected, warnings: &warnings)
                    }
                    seen += 1
                    if seen % 10_000 == 0 { progress(seen) }
                }
                do {
                    // A diff run staging only what it touched is no sample of the mapping.
                    if diffs?.touched == nil {
                        try checks.checkMapping(unmatched: summary.unmatched, seen: summary.seen, count: summary.count)
                    }
                } catch let e as IngestError where spec.format.isOSM {
                    // OSM tags are sparse: an answer for a small region may lack a mapped tag.
                    notices.append(e.description)
                }
                notices += summary.notes
                var totals = StagingTotals(
                    read: summary.count, rejected: rejected.count, warnings: warnings.count, sourceCRS: summary.crs,
                    operation: summary.operation, sourceSHA256: summary.sha256)
                // The OSM state replication diffs start from: stored by a full read of an
                // extract and by each run of diffs; any other source clears it.
                if let diffs {
                    notices = diffs.notes + notices
                    pending = diffs.pending
                    try stager.updateOSMState(diffs.stateChanges(dataset: spec.dataset), pending: pending)
                    if diffs.touched != nil {
                        totals.read = diffs.selectedCount
                        totals.carriesEarlierRejects = true
                    }
                    totals.replicationSequence = diffs.sequence
                    totals.replicationTimestamp = diffs.timestamp
                } else if let osm = summary.osm {
                    let rows = try osm.state.records(dataset: spec.dataset)
                    try stager.replaceOSMState(objects: rows.objects, wayNodes: rows.wayNodes, pending: [])
                    totals.replicationSequence = osm.sequence
                    totals.replicationTimestamp = osm.timestamp
                } else {
                    try stager.replaceOSMState(objects: [], wayNodes: [], pending: [])
                }
                return totals
            }
            run.pending = pending
            if run.rejected > rejected.count {
                notices.append(
                    "\(run.rejected - rejected.count) selected object(s) the diffs did not touch are not places "
                        + "(rejected by an earlier run, or retired by a report): counted as rejected again")
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        // The derived files of the new state (nearest index and rows) were written by the
        // ingest's own write (`LocateStore.write`), so the first query is as fast as the next.
        return IngestReport(
            run: run, rejected: rejected, warnings: warnings + run.ambiguities.map(IngestIssue.init(ambiguity:)),
            notices: notices)
    }
}
