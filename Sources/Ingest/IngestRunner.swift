import Foundation
import Geo
import Storage

/// Runs a pipeline into a store: streams the input, validates and reprojects each record,
/// stages it, and merges in one transaction. Never prints; progress goes to `progress`.
public struct IngestRunner {
    let store: LocateStore
    let clock: () -> Date

    /// Creates a runner writing to `store`, reading the time from `clock` (the CLI passes
    /// `Date.init`; tests pass fixed times).
    public init(store: LocateStore, clock: @escaping () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// Runs `spec`, reading `sourceOverride` instead of the pipeline's source when given.
    /// `progress` is called every 10,000 features with the count so far.
    public func run(
        _ spec: PipelineSpec, sourceOverride: String? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> IngestReport {
        let source = sourceOverride ?? spec.source
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            let local = try Downloader.fetch(source)
            defer { try? FileManager.default.removeItem(atPath: local) }
            return try ingest(spec, path: local, label: source, progress: progress)
        }
        return try ingest(spec, path: source, label: source, progress: progress)
    }

    private func ingest(_ spec: PipelineSpec, path: String, label: String, progress: (Int) -> Void) throws -> IngestReport {
        let started = clock()
        let reader = try GeoJSONFeatureReader(path: path)
        let mapper = ToiletMapper(spec: spec)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        var operation: ProjOperation? = nil
        var usedCRS: CRS? = nil
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence,
            attribution: spec.attribution, startedAt: started)
        let run: IngestRunRecord
        do {
            run = try store.ingestToilets(start: start, clock: clock) { stager in
                var reprojector: Reprojector? = nil
                let (count, digest) = try reader.forEachFeature { index, feature in
                    if reprojector == nil {
                        let crs = try resolveCRS(spec: spec, declared: reader.declaredCRS, path: path)
                        usedCRS = crs
                        do {
                            reprojector = try Reprojector(from: crs, area: spec.region)
                        } catch let e as GeoError {
                            throw IngestError.crs(path: path, e)
                        }
                    }
                    guard let reprojector else { return }
                    switch mapper.map(feature, index: index, reprojector: reprojector) {
                    case .rejected(let issue):
                        rejected.append(issue)
                    case .accepted(let record, let matchKey, let w):
                        if let first = try stager.stage(record, index: index, matchKey: matchKey) {
                            rejected.append(
                                IngestIssue(index: index, id: record.sourceID, field: "id", reason: "duplicate id, first seen at feature \(first)"))
                        } else {
                            warnings += w
                            if operation == nil, !reprojector.isIdentity { operation = reprojector.lastUsedOperation() }
                        }
                    }
                    if (index + 1) % 10_000 == 0 { progress(index + 1) }
                }
                if let declared = reader.declaredCRS, let used = usedCRS, declared != used {
                    throw IngestError.crsConflict(path: path, pipeline: used, input: declared)
                }
                let crs = try usedCRS ?? resolveCRS(spec: spec, declared: reader.declaredCRS, path: path)
                return StagingTotals(
                    read: count, rejected: rejected.count, warnings: warnings.count, sourceCRS: crs,
                    operation: crs == .wgs84 ? nil : operation, sourceSHA256: digest)
            }
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        // Refresh the derived nearest-search index now, so the first query is fast. It is a
        // cache: when it cannot be written, queries rebuild it in memory.
        _ = try? NearestIndex.open(for: store)
        return IngestReport(run: run, rejected: rejected, warnings: warnings)
    }

    /// The pipeline's CRS wins; otherwise the input's `crs` member; otherwise WGS84
    /// (RFC 7946). A conflict between the two is an error.
    private func resolveCRS(spec: PipelineSpec, declared: CRS?, path: String) throws -> CRS {
        switch (spec.crs, declared) {
        case (let p?, let d?) where p != d: throw IngestError.crsConflict(path: path, pipeline: p, input: d)
        case (let p?, _): return p
        case (nil, let d?): return d
        case (nil, nil): return .wgs84
        }
    }
}
