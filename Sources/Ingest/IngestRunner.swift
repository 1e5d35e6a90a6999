import Foundation
import Geo
import Storage

/// Runs a pipeline into a store: streams the input, validates and reprojects each record,
/// stages it, and merges in one transaction. Never prints; progress goes to `progress`.
public struct IngestRunner {
    let store: LocateStore
    let clock: @Sendable () -> Date
    /// HTTP: seconds per request before it times out, and the first retry's wait (doubling).
    public var timeoutSeconds: TimeInterval = 30
    public var retryBackoffSeconds: TimeInterval = 0.5

    /// Creates a runner writing to `store`, reading the time from `clock` (the CLI passes
    /// `Date.init`; tests pass fixed times).
    public init(store: LocateStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// Runs `spec`, reading `sourceOverride` instead of the pipeline's source when given.
    /// `progress` is called every 10,000 features with the count so far.
    public func run(
        _ spec: PipelineSpec, sourceOverride: String? = nil, replay: String? = nil, saveResponses: String? = nil,
        progress: (Int) -> Void = { _ in }
    ) throws -> IngestReport {
        let source = sourceOverride ?? spec.source
        let remote = IngestRunner.isURL(source)
        if spec.kind == .toilets, replay != nil {
            throw IngestError.unsupported(
                path: source, reason: "--replay reads saved API answers: air pipelines and station lists")
        }
        // API answers: live (retrying, each saved when asked), a replay folder, or, for air
        // pipelines, a folder of answer files.
        func answers() throws -> any ResponseSource {
            if let replay { return try ReplaySource(folder: replay) }
            if remote {
                return HTTPSource(
                    timeoutSeconds: timeoutSeconds, backoffSeconds: retryBackoffSeconds,
                    record: try saveResponses.map { try ResponseRecorder(folder: $0) }, clock: clock)
            }
            return try FolderSource(folder: source)
        }
        let label = replay.map { "replay:\($0)" } ?? source
        do {
            switch spec.kind {
            case .air:
                var s = spec
                s.source = source
                return try AirIngest(spec: s, store: store, clock: clock).run(source: try answers(), label: label)
            case .stations where remote || replay != nil:
                // Every page of a v1 list (by totalPages); a legacy list is one answer.
                var client = GIOSClient(base: source, source: try answers())
                let items = try client.list("", shape: StationListReader.shape(spec.format))
                return try ingestStations(spec, items: items, sha256: client.hasher.finalize().hexString, label: label)
            case .stations:
                let (items, sha) = try StationListReader(path: source, format: spec.format).read()
                return try ingestStations(spec, items: items, sha256: sha, label: source)
            case .toilets:
                guard remote else { return try ingestToilets(spec, path: source, label: source, progress: progress) }
                let local = try download(source)
                defer { try? FileManager.default.removeItem(atPath: local) }
                return try ingestToilets(spec, path: local, label: source, progress: progress)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
    }

    /// Whether running `spec` (with `sourceOverride`) reads a remote API whose answers can
    /// be saved for `--replay`: air pipelines and station lists with an http(s) source.
    public static func readsAPI(_ spec: PipelineSpec, sourceOverride: String? = nil) -> Bool {
        spec.kind != .toilets && isURL(sourceOverride ?? spec.source)
    }

    static func isURL(_ s: String) -> Bool { s.hasPrefix("http://") || s.hasPrefix("https://") }

    /// Fetches an http(s) source with the shared HTTP client (timeout, retries, user agent)
    /// into a temporary file that the ingest then reads like a local one.
    private func download(_ url: String) throws -> String {
        let body = try HTTPSource(timeoutSeconds: timeoutSeconds, backoffSeconds: retryBackoffSeconds, clock: clock).get(url)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locate-\(UUID().uuidString).json").path
        guard FileManager.default.createFile(atPath: path, contents: Data(body)) else {
            throw IngestError.unreadable(path: url, reason: "cannot save the download to \(path)")
        }
        return path
    }

    /// Outcome of staging one accepted record: a duplicate id is a rejection, otherwise its
    /// warnings count. Shared by every record kind.
    private static func stage(
        _ record: some PlaceRecord, index: Int, matchKey: String?, warnings w: [IngestIssue], unit: String, stager: PlaceStager,
        rejected: inout [IngestIssue], warnings: inout [IngestIssue]
    ) throws {
        if let first = try stager.stage(record, index: index, matchKey: matchKey) {
            rejected.append(
                IngestIssue(
                    index: index, id: record.sourceID, field: "id", reason: "duplicate id, first seen at \(unit) \(first)"))
        } else {
            warnings += w
        }
    }

    /// Station lists are small (hundreds of stations): read whole, mapped, staged.
    private func ingestStations(_ spec: PipelineSpec, items: [JSONValue], sha256 sha: String, label: String) throws
        -> IngestReport
    {
        let started = clock()
        let mapper = StationMapper(spec: spec)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence, attribution: spec.attribution,
            startedAt: started)
        let run: IngestRunRecord
        do {
            run = try store.ingest(.stations, start: start, clock: clock) { stager in
                for (index, item) in items.enumerated() {
                    switch mapper.map(item, index: index) {
                    case .rejected(let issue):
                        rejected.append(issue)
                    case .accepted(let record, let w):
                        try IngestRunner.stage(
                            record, index: index, matchKey: nil, warnings: w, unit: "station", stager: stager,
                            rejected: &rejected, warnings: &warnings)
                    }
                }
                return StagingTotals(
                    read: items.count, rejected: rejected.count, warnings: warnings.count, sourceCRS: .wgs84, operation: nil,
                    sourceSHA256: sha)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        _ = try? NearestIndex.open(for: store, kind: .stations)
        return IngestReport(run: run, rejected: rejected, warnings: warnings)
    }

    private func ingestToilets(_ spec: PipelineSpec, path: String, label: String, progress: (Int) -> Void) throws -> IngestReport
    {
        let started = clock()
        // Fail on a missing or unreadable file before a run row is written.
        try GeoJSONFeatureReader.checkReadable(path)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence,
            attribution: spec.attribution, startedAt: started)
        let run: IngestRunRecord
        do {
            run = try store.ingest(.toilets, start: start, clock: clock) { stager in
                let stream = MappedFeatureStream(spec: spec, path: path)
                var seen = 0
                let summary = try stream.forEach { item in
                    switch item {
                    case .rejected(let issue):
                        rejected.append(issue)
                    case .accepted(let record, let matchKey, let w, let index):
                        try IngestRunner.stage(
                            record, index: index, matchKey: matchKey, warnings: w, unit: "feature", stager: stager,
                            rejected: &rejected, warnings: &warnings)
                    }
                    seen += 1
                    if seen % 10_000 == 0 { progress(seen) }
                }
                return StagingTotals(
                    read: summary.count, rejected: rejected.count, warnings: warnings.count, sourceCRS: summary.crs,
                    operation: summary.operation, sourceSHA256: summary.sha256)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        // Refresh the derived nearest-search index now, so the first query is fast. It is a
        // cache: when it cannot be written, queries rebuild it in memory.
        _ = try? NearestIndex.open(for: store, kind: .toilets)
        return IngestReport(run: run, rejected: rejected, warnings: warnings)
    }
}
