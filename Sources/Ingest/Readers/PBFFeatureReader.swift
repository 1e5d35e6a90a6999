import Digests
import Foundation
import Geo
import OSMPBF

/// Reads an OpenStreetMap PBF extract (`format: osm-pbf`) through `OSMPBF`: the objects the
/// pipeline's filters select (those of a live Overpass query: `amenity=toilets`, and
/// `toilets=yes` on another amenity), each as an Overpass-shaped element (`type`, `id`,
/// `lat`/`lon` or `center`, `tags`) so that `OSMFeature` and the OSM profile treat it as
/// any other OSM record. A way or multipolygon that cannot be placed carries a `problem`
/// and becomes a rejected record. The file's bytes are hashed on the first pass.
final class PBFFeatureReader: FeatureReader {
    private let path: String
    private let label: String
    private let filters: [[OverpassQuery.Condition]]
    /// Objects already selected (a replication diff's run) with the digest of their input.
    private let given: (objects: [SelectedObject], sha256: String)?
    private(set) var notes: [String] = []
    /// After a read of a file: the state replication diffs start from, and the header's
    /// replication sequence and timestamp.
    private(set) var osm: OSMReadState?
    var declaredCRS: CRS? { nil }

    init(path: String, label: String, filters: [[OverpassQuery.Condition]]) throws {
        try GeoJSONFeatureReader.checkReadable(path)
        self.path = path
        self.label = label
        self.filters = filters
        given = nil
    }

    /// Hands out `objects` as they are (a run of replication diffs, `ChangeApplier`).
    init(objects: [SelectedObject], sha256: String, label: String) {
        path = label
        self.label = label
        filters = []
        given = (objects, sha256)
    }

    /// The pipeline's filters as tag conditions.
    static func selection(_ filters: [[OverpassQuery.Condition]]) -> [[TagCondition]] {
        filters.map { $0.map { TagCondition(key: $0.key, value: $0.value) } }
    }

    func forEachFeature(_ body: (Int, JSONValue) throws -> Void) throws -> (count: Int, sha256: String) {
        if let given {
            for (index, object) in given.objects.enumerated() { try body(index, PBFFeatureReader.element(object)) }
            return (given.objects.count, given.sha256)
        }
        var hasher = SHA256Hasher()
        let objects: [SelectedObject]
        do {
            let file = try PBFFile(path: path)
            let sequence = try file.header.replicationSequence.map {
                try ReplicationSequence.checked($0, path: label, field: "the header's osmosis_replication_sequence_number")
            }
            // Formatted below as a date: a number of seconds past the year 9999 would trap.
            if let t = file.header.replicationTimestamp, !(0...253_402_300_799).contains(t) {
                throw IngestError.timestampOutOfRange(path: label, value: t)
            }
            if let note = PBFFeatureReader.replicationNote(file.header) { notes.append(note) }
            let read = try SelectionReader.readState(file, selection: PBFFeatureReader.selection(filters)) {
                hasher.update($0.assumingMemoryBound(to: UInt8.self))
            }
            objects = read.objects
            if let sign = read.stats.truncationSign(sortedByType: file.header.optionalFeatures.contains("Sort.Type_then_ID")) {
                notes.append(PBFFeatureReader.truncationNote(sign))
            }
            osm = OSMReadState(
                state: read.state, sequence: sequence,
                timestamp: file.header.replicationTimestamp.map(PBFFeatureReader.instant))
        } catch let e as PBFError {
            throw IngestError.osmPBF(PBFFeatureReader.relabel(e, from: path, to: label))
        }
        for (index, object) in objects.enumerated() { try body(index, PBFFeatureReader.element(object)) }
        return (objects.count, hasher.finalize().hexString)
    }

    /// Seconds since 1970 as RFC 3339 in UTC.
    static func instant(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    /// An Overpass-shaped element; a `problem` member when the object has no position.
    static func element(_ o: SelectedObject) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(o.type.name)), ("id", .number(String(o.id)))]
        if let p = o.position {
            if o.type == .node {
                members += [("lat", .number(p.lat)), ("lon", .number(p.lon))]
            } else {
                members.append(("center", .object([("lat", .number(p.lat)), ("lon", .number(p.lon))])))
            }
        }
        if let problem = o.problem { members.append(("problem", .string(problem))) }
        members.append(("tags", .object(o.tags.map { ($0.key, .string($0.value)) })))
        return .object(members)
    }

    /// The notice for a file that may have been cut at a block boundary (`SelectionStats.truncationSign`).
    static func truncationNote(_ sign: String) -> String {
        "the PBF file may be truncated: \(sign); PBF files have no end marker, so compare the file with its "
            + "source (its size or .md5, `osmium fileinfo -e`)"
    }

    /// The header's replication state, as a report notice.
    static func replicationNote(_ h: PBFHeader) -> String? {
        guard h.replicationSequence != nil || h.replicationTimestamp != nil else { return nil }
        var parts: [String] = []
        if let s = h.replicationSequence { parts.append("sequence \(s)") }
        if let t = h.replicationTimestamp {
            parts.append("timestamp \(Date(timeIntervalSince1970: TimeInterval(t)).formatted(.iso8601))")
        }
        if let u = h.replicationBaseURL { parts.append("base URL \(u)") }
        return "PBF replication state: " + parts.joined(separator: ", ")
    }

    /// The error with the file named as the run names it (the URL a download came from).
    private static func relabel(_ e: PBFError, from path: String, to label: String) -> PBFError {
        guard path != label else { return e }
        switch e {
        case .unreadable(_, let r): return .unreadable(path: label, reason: r)
        case .truncated(_, let o, let w, let n, let a):
            return .truncated(path: label, offset: o, what: w, needed: n, available: a)
        case .tooLarge(_, let o, let w, let s, let l): return .tooLarge(path: label, offset: o, what: w, size: s, limit: l)
        case .malformed(_, let o, let m, let r): return .malformed(path: label, offset: o, message: m, reason: r)
        case .overBudget(_, let o, let l): return .overBudget(path: label, offset: o, limit: l)
        case .selectionTooLarge(_, let o, let l): return .selectionTooLarge(path: label, offset: o, limit: l)
        case .unsupportedCompression(_, let o, let k): return .unsupportedCompression(path: label, offset: o, kind: k)
        case .badZlib(_, let o, let r): return .badZlib(path: label, offset: o, reason: r)
        case .unsupportedFeature(_, let o, let f): return .unsupportedFeature(path: label, offset: o, feature: f)
        case .notPBF(_, let r): return .notPBF(path: label, reason: r)
        case .unexpectedBlob(_, let o, let t): return .unexpectedBlob(path: label, offset: o, type: t)
        case .badChange(_, let l, let o, let r): return .badChange(path: label, line: l, offset: o, reason: r)
        case .badChangeGzip(_, let o, let r): return .badChangeGzip(path: label, offset: o, reason: r)
        }
    }
}

/// What a full read of a PBF extract leaves for replication diffs.
struct OSMReadState: Sendable {
    /// The selected objects and the nodes of their ways.
    var state: OSMState
    /// The header's replication sequence number.
    var sequence: Int64?
    /// The header's replication timestamp, RFC 3339 in UTC.
    var timestamp: String?
}
