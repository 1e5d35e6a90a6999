import Contract
import Foundation
import Geo
import Hours
import Storage

/// One source run in the `locate` member and the manifest: the newest run of a (dataset,
/// kind) whose data is exported.
struct SourceRun: Encodable, Equatable {
    var run: IngestRunRecord

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(run.dataset, forKey: .dataset)
        try c.encode(run.kind, forKey: .kind)
        try c.encode(run.pipeline, forKey: .pipeline)
        try c.encode(run.source, forKey: .source)
        try c.encode(run.sourceSHA256, forKey: .sourceSHA256)
        try c.encode(run.finishedAt, forKey: .finishedAt)
        try c.encode(run.sourceCRS, forKey: .sourceCRS)
        try c.encode(run.projOperation, forKey: .projOperation)
        try c.encode(run.projAccuracyMeters, forKey: .projAccuracyM)
        try c.encode(run.licence, forKey: .licence)
        try c.encode(run.attribution, forKey: .attribution)
    }

    private enum Keys: String, CodingKey {
        case dataset, kind, pipeline, source, sourceSHA256 = "source_sha256", finishedAt = "finished_at"
        case sourceCRS = "source_crs", projOperation = "proj_operation", projAccuracyM = "proj_accuracy_m", licence
        case attribution
    }
}

/// A licence and the attribution it requires.
struct Licence: Encodable, Equatable {
    var licence: String?
    var attribution: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(licence, forKey: .licence)
        try c.encode(attribution, forKey: .attribution)
    }

    private enum Keys: String, CodingKey { case licence, attribution }
}

/// Where the exported data came from and when it was made: the `locate` member of every
/// GeoJSON file (schema `geojson/1`) and the provenance of the manifest.
struct Provenance {
    /// Active places.
    var count: Int
    /// [west, south, east, north] of the active places, 7 decimals.
    var bbox: [Double]
    /// UTC RFC 3339: `at`, or else the newest ingest's finish time.
    var generatedAt: String
    var at: Date?
    /// The newest run of each (dataset, kind) with exported data, in dataset and kind order.
    var sources: [SourceRun]

    static func read(_ store: LocateStore, at: Date?, kind: PlaceKind = .toilets) throws -> Provenance {
        let extent = try store.activeExtent(kind)
        let bbox = extent.box.map { b in
            [b.minLongitude, b.minLatitude, b.maxLongitude, b.maxLatitude].map(roundedDegrees)
        }
        let newest = try store.newestFinish()
        let generated = at.map(InstantText.utc) ?? newest ?? "1970-01-01T00:00:00Z"
        return Provenance(
            count: extent.count, bbox: bbox ?? [], generatedAt: generated, at: at,
            sources: try store.newestRuns(ofDatasetsWithActive: kind).map(SourceRun.init))
    }

    /// Each (licence, attribution) pair once, in first-seen order.
    var licences: [Licence] {
        var seen: [Licence] = []
        for s in sources {
            let l = Licence(licence: s.run.licence, attribution: s.run.attribution)
            if !seen.contains(l) { seen.append(l) }
        }
        return seen
    }

    /// The generation time as a date (the newest ingest when no `at` was given).
    var generatedDate: Date { at ?? InstantText.instant(generatedAt) ?? Date(timeIntervalSince1970: 0) }

    /// The collection's end (`FeatureCollectionFrame`): the `locate` member (sorted keys) and
    /// the type, then a line break.
    func closing(kind: String, count: Int) throws -> [UInt8] {
        let member = LocateMember(
            count: count, kind: kind, generatedAt: generatedAt, sources: sources, stateAt: at.map(InstantText.utc))
        return FeatureCollectionFrame.closing(locate: Array(try JSONText.encoded(member))) + [UInt8(ascii: "\n")]
    }
}

/// The `locate` foreign member of a FeatureCollection.
struct LocateMember: Encodable {
    static let schema = "geojson/1"
    var count: Int
    /// `toilets` or `stations`.
    var kind: String
    var generatedAt: String
    var sources: [SourceRun]
    var stateAt: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(LocateMember.schema, forKey: .schema)
        try c.encode(count, forKey: .count)
        try c.encode(kind, forKey: .kind)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(sources, forKey: .sources)
        try c.encode(stateAt, forKey: .stateAt)
    }

    private enum Keys: String, CodingKey {
        case schema, count, kind, generatedAt = "generated_at", sources, stateAt = "state_at"
    }
}

/// A coordinate rounded to 7 decimals, as written.
func roundedDegrees(_ v: Double) -> Double { Double(JSONText.degrees(v)) ?? v }
