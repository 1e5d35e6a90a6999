import Foundation
import Geo
import OSMPBF
import Storage

/// Objects a run of replication diffs selected, with the digest of the diff files.
struct SelectedObjects: Sendable {
    var objects: [SelectedObject]
    var sha256: String
}

/// Reads, validates and reprojects the features of a GeoJSON file on a thread of its own,
/// handing batches of mapped records to the caller (who writes them to SQLite), so parsing
/// and storage run on two cores. A bounded queue keeps memory flat.
// Safe: `messages`, `cancelled` and `finished` are read and written only while `condition` is held.
final class MappedFeatureStream: @unchecked Sendable {
    /// One feature's outcome.
    enum Item: Sendable {
        case accepted(ToiletRecord, matchKey: String?, sourceRef: String?, warnings: [IngestIssue], index: Int)
        case rejected(IngestIssue)
    }

    /// What the producer knows at the end of the input.
    struct Summary: Sendable {
        var count: Int
        var sha256: String
        var crs: CRS
        var operation: ProjOperation?
        /// Mapped properties no feature had (the pipeline's names, in pipeline order).
        var unmatched: [String]
        /// Property names seen while some mapped property was still unmatched (for
        /// suggestions; capped).
        var seen: Set<String>
        /// Notes about the input for the report (an Overpass remark that is not an error).
        var notes: [String] = []
        /// After a full read of a PBF extract: the state replication diffs start from.
        var osm: OSMReadState? = nil
    }

    private enum Message {
        case batch([Item])
        case end(Summary)
        case failure(any Error)
    }

    private let condition = NSCondition()
    private var messages: [Message] = []
    private var cancelled = false
    private var finished = false
    private static let capacity = 8
    private static let batchSize = 512

    /// Starts reading `path` for `spec` at once; `label` names the input in messages (the
    /// URL a downloaded answer came from).
    /// `objects`: objects already selected (a run of replication diffs) instead of the file.
    init(spec: PipelineSpec, path: String, label: String? = nil, objects: SelectedObjects? = nil) {
        let thread = Thread { [self] in
            produce(spec: spec, path: path, label: label, objects: objects)
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Calls `body` with every item in input order; returns the summary. Rethrows the
    /// producer's error (file, JSON, CRS) or the body's (after stopping the producer).
    func forEach(_ body: (Item) throws -> Void) throws -> Summary {
        defer { stop() }
        while true {
            condition.lock()
            while messages.isEmpty { condition.wait() }
            let m = messages.removeFirst()
            condition.broadcast()
            condition.unlock()
            switch m {
            case .batch(let items): for item in items { try body(item) }
            case .end(let summary): return summary
            case .failure(let error): throw error
            }
        }
    }

    /// Stops the producer and waits until it has ended.
    private func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private struct Cancelled: Error {}

    private func send(_ m: Message) throws {
        condition.lock()
        defer { condition.unlock() }
        while messages.count >= MappedFeatureStream.capacity && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        messages.append(m)
        condition.broadcast()
    }

    private func produce(spec: PipelineSpec, path: String, label: String?, objects: SelectedObjects?) {
        do {
            let reader = try FeatureReaders.open(
                path: path, format: spec.format, label: label, filters: spec.overpass.filters, objects: objects)
            let mapper = ToiletMapper(spec: spec)
            var reprojector: Reprojector? = nil
            var crs: CRS? = nil
            var operation: ProjOperation? = nil
            var batch: [Item] = []
            batch.reserveCapacity(MappedFeatureStream.batchSize)
            // Which mapped properties no feature has had yet; names seen meanwhile.
            var unmatched = Set(spec.mappedProperties.map(\.property))
            var seen = Set<String>()
            let (count, digest) = try reader.forEachFeature { index, item in
                let feature: JSONValue
                switch MappedFeatureStream.osmFeature(item, format: spec.format, index: index) {
                case .feature(let f): feature = f
                case .rejected(let issue):
                    batch.append(.rejected(issue))
                    if batch.count >= MappedFeatureStream.batchSize {
                        try send(.batch(batch))
                        batch.removeAll(keepingCapacity: true)
                    }
                    return
                }
                if !unmatched.isEmpty, case .object(let members)? = feature["properties"] {
                    for (name, _) in members {
                        unmatched.remove(name)
                        if seen.count < 1000 { seen.insert(name) }
                    }
                }
                if reprojector == nil {
                    let c = try MappedFeatureStream.resolveCRS(spec: spec, declared: reader.declaredCRS, path: path)
                    crs = c
                    do {
                        reprojector = try Reprojector(from: c, area: spec.region)
                    } catch let e as GeoError {
                        throw MappedFeatureStream.crsError(e, crs: c, spec: spec, path: path)
                    }
                }
                guard let reprojector else { return }
                switch mapper.map(feature, index: index, reprojector: reprojector) {
                case .rejected(let issue):
                    batch.append(.rejected(issue))
                case .accepted(let record, let matchKey, let sourceRef, let warnings):
                    if operation == nil, !reprojector.isIdentity { operation = reprojector.lastUsedOperation() }
                    batch.append(
                        .accepted(record, matchKey: matchKey, sourceRef: sourceRef, warnings: warnings, index: index))
                }
                if batch.count >= MappedFeatureStream.batchSize {
                    try send(.batch(batch))
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try send(.batch(batch)) }
            if let declared = reader.declaredCRS, let used = crs, declared != used {
                throw IngestError.crsConflict(path: path, pipeline: used, input: declared)
            }
            let used = try crs ?? MappedFeatureStream.resolveCRS(spec: spec, declared: reader.declaredCRS, path: path)
            let missing = spec.mappedProperties.map(\.property).filter { unmatched.contains($0) }
            try send(
                .end(
                    Summary(
                        count: count, sha256: digest, crs: used, operation: used == .wgs84 ? nil : operation,
                        unmatched: missing, seen: seen, notes: reader.notes, osm: reader.osm)))
        } catch is Cancelled {
            return
        } catch {
            try? send(.failure(error))
        }
    }

    /// An item of an OSM format as the feature the mapper reads (`OSMFeature`); other
    /// formats' features as they are.
    static func osmFeature(_ item: JSONValue, format: PipelineSpec.Format, index: Int) -> OSMFeature.Outcome {
        switch format {
        case .overpass: return OSMFeature.fromElement(item, index: index)
        case .osmGeoJSON: return OSMFeature.fromGeoJSON(item, index: index)
        case .osmPBF: return OSMFeature.fromPBF(item, index: index)
        default: return .feature(item)
        }
    }

    /// A CRS PROJ cannot use, blamed on where it was named: the pipeline's `crs:` line, or
    /// the input's `crs` member.
    static func crsError(_ e: GeoError, crs: CRS, spec: PipelineSpec, path: String) -> IngestError {
        guard case .unknownCRS(_, let reason) = e else { return .crs(path: path, e) }
        if spec.crs == crs, let origin = spec.origin {
            return .invalidPipeline(
                path: origin, line: spec.keyLines["source.crs"],
                reason: "crs: PROJ does not know \(crs) (is the code right? PROJ says: \(reason))")
        }
        return .crs(path: path, .unknownCRS(crs, reason: "named by the input's crs member; PROJ does not know it (\(reason))"))
    }

    /// The pipeline's CRS wins; otherwise the input's `crs` member; otherwise WGS84
    /// (RFC 7946). A conflict between the two is an error.
    static func resolveCRS(spec: PipelineSpec, declared: CRS?, path: String) throws -> CRS {
        switch (spec.crs, declared) {
        case (let p?, let d?) where p != d: throw IngestError.crsConflict(path: path, pipeline: p, input: d)
        case (let p?, _): return p
        case (nil, let d?): return d
        case (nil, nil): return .wgs84
        }
    }
}
