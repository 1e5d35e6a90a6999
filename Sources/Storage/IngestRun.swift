public import Foundation
public import Geo
public import Places

/// What an ingest run records about itself before the merge.
public struct IngestRunStart: Sendable {
    /// Pipeline name.
    public var pipeline: String
    /// Dataset the records belong to (ids are unique within it; retirement is within it).
    public var dataset: String
    /// Input path or URL.
    public var source: String
    /// Licence of the data, as the pipeline states it.
    public var licence: String?
    /// Attribution the licence requires.
    public var attribution: String?
    /// When the run started.
    public var startedAt: Date
    /// The day the source published the input (`YYYY-MM-DD`), when known.
    public var released: String?
    /// Whether the release vouches for its records (`Verification`: a publisher stating its
    /// places as of that day). False for OpenStreetMap extracts: a copy of a map anyone edits
    /// says nothing of when a place was last seen; its own check dates do.
    public var releaseVerifies: Bool = true

    /// Creates a run description.
    public init(
        pipeline: String, dataset: String, source: String, licence: String?, attribution: String?, startedAt: Date,
        released: String? = nil
    ) {
        self.pipeline = pipeline
        self.dataset = dataset
        self.source = source
        self.licence = licence
        self.attribution = attribution
        self.startedAt = startedAt
        self.released = released
    }
}

/// What a merge is about to do, shown to the caller's check before anything is applied: the
/// dataset's active records, the changes, the records read, and the release date of the
/// dataset's previous run (nil when unknown).
public struct MergePreview: Sendable, Equatable {
    /// Active records of the dataset before the run.
    public var active: Int
    /// The changes the merge would make.
    public var counts: MergeCounts
    /// Records read from the input.
    public var read: Int
    /// `released` of the dataset's newest earlier run of this kind, when it had one.
    public var previousReleased: String?

    /// Creates a preview.
    public init(active: Int, counts: MergeCounts, read: Int, previousReleased: String?) {
        self.active = active
        self.counts = counts
        self.read = read
        self.previousReleased = previousReleased
    }
}

/// What staging found, handed back to the store to complete the run row.
public struct StagingTotals: Sendable {
    /// Records read from the input.
    public var read: Int
    /// Records rejected (never staged).
    public var rejected: Int
    /// Warnings raised on accepted records.
    public var warnings: Int
    /// The source CRS used.
    public var sourceCRS: CRS
    /// The PROJ operation used (nil for WGS84 input).
    public var operation: ProjOperation?
    /// SHA-256 of the input bytes, lower-case hex.
    public var sourceSHA256: String
    /// The OSM replication sequence the run leaves the dataset at (a PBF header's, or the
    /// last diff's); nil for other sources.
    public var replicationSequence: Int64? = nil
    /// The OSM replication timestamp of that state, RFC 3339 in UTC.
    public var replicationTimestamp: String? = nil
    /// A run of replication diffs that stages only the places its diffs touched
    /// (`PlaceStager.keepUnstaged`): `read` counts every object selected after the diffs, and
    /// `rejected` only this run's rejects. An object it neither staged nor kept as an active
    /// place (rejected by an earlier run, or retired by an approved report, and untouched
    /// since) counts as rejected again: the run records `rejected = read − accepted`, never
    /// fewer than its own rejects, so its books balance (`accepted + rejected = read`)
    /// whatever mix of changes and rejects came before.
    public var carriesEarlierRejects = false

    /// Creates totals.
    public init(read: Int, rejected: Int, warnings: Int, sourceCRS: CRS, operation: ProjOperation?, sourceSHA256: String) {
        self.read = read
        self.rejected = rejected
        self.warnings = warnings
        self.sourceCRS = sourceCRS
        self.operation = operation
        self.sourceSHA256 = sourceSHA256
    }
}

/// How the store changed in one run. Each record of the input counts once: added, updated,
/// unchanged or reactivated.
public struct MergeCounts: Sendable, Equatable, Codable {
    /// New ids.
    public var added: Int
    /// Active ids whose content changed.
    public var updated: Int
    /// Active ids with identical content.
    public var unchanged: Int
    /// Active ids absent from this input, now marked retired (never deleted).
    public var retired: Int
    /// Retired ids that this input brings back (changed or not): active again.
    public var reactivated: Int

    /// Creates counts.
    public init(added: Int, updated: Int, unchanged: Int, retired: Int, reactivated: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.retired = retired
        self.reactivated = reactivated
    }

    /// Decodes counts; `reactivated` is 0 when absent (written before it existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        added = try c.decode(Int.self, forKey: .added)
        updated = try c.decode(Int.self, forKey: .updated)
        unchanged = try c.decode(Int.self, forKey: .unchanged)
        retired = try c.decode(Int.self, forKey: .retired)
        reactivated = try c.decodeIfPresent(Int.self, forKey: .reactivated) ?? 0
    }
}

/// A finished ingest run, as `locate runs` lists it.
/// Encodes as the JSON contract's run object (`runs/1`, `ingest-report/1`, docs/json.md):
/// snake_case keys, counts flat, explicit nulls.
public struct IngestRunRecord: Sendable, Equatable, Encodable {
    /// Run id.
    public var id: Int
    /// Pipeline name.
    public var pipeline: String
    /// Dataset.
    public var dataset: String
    /// What was ingested: `toilets`, `stations` or `air`.
    public var kind: String
    /// Input path or URL.
    public var source: String
    /// SHA-256 of the input.
    public var sourceSHA256: String
    /// Source CRS, `EPSG:5514`.
    public var sourceCRS: String
    /// PROJ operation description.
    public var projOperation: String?
    /// PROJ operation accuracy in metres.
    public var projAccuracyMeters: Double?
    /// Start, RFC 3339 in UTC (`2026-11-21T10:00:00Z`).
    public var startedAt: String
    /// End, RFC 3339 in UTC.
    public var finishedAt: String
    /// Records read.
    public var read: Int
    /// Records accepted.
    public var accepted: Int
    /// Records rejected.
    public var rejected: Int
    /// Warnings.
    public var warnings: Int
    /// Changes made.
    public var counts: MergeCounts
    /// Licence of the data, as the pipeline states it.
    public var licence: String?
    /// Attribution the licence requires.
    public var attribution: String?
    /// Approved edits whose source value this run changed: kept as the source's and listed
    /// by `locate review conflicts` (not part of the `runs/1` run object).
    public var conflicts: Int = 0
    /// New records of a source without stable ids left unmatched because two or more places
    /// matched equally well (warnings of the ingest report; not part of the `runs/1` run
    /// object, nor stored).
    public var ambiguities: [AmbiguousIdentity] = []
    /// OSM replication: the sequence number the run left the dataset at (nil for other
    /// sources and for PBF files without one).
    public var replicationSequence: Int64? = nil
    /// OSM replication: the timestamp of that state (RFC 3339, UTC).
    public var replicationTimestamp: String? = nil
    /// OSM objects selected but not placeable after this run (replication diffs), resolved
    /// by the next full read.
    public var pending: [PendingObject] = []
    /// The source's release date as the pipeline stated it (`released:`), or nil.
    public var sourceReleased: String? = nil
}

extension IngestRunRecord {
    /// Encodes per the JSON contract (docs/json.md): every key always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(pipeline, forKey: .pipeline)
        try c.encode(dataset, forKey: .dataset)
        try c.encode(kind, forKey: .kind)
        try c.encode(source, forKey: .source)
        try c.encode(sourceSHA256, forKey: .sourceSHA256)
        try c.encode(sourceCRS, forKey: .sourceCRS)
        try c.encode(projOperation, forKey: .projOperation)
        try c.encode(projAccuracyMeters, forKey: .projAccuracyMeters)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(finishedAt, forKey: .finishedAt)
        try c.encode(read, forKey: .read)
        try c.encode(accepted, forKey: .accepted)
        try c.encode(rejected, forKey: .rejected)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(counts.added, forKey: .added)
        try c.encode(counts.updated, forKey: .updated)
        try c.encode(counts.unchanged, forKey: .unchanged)
        try c.encode(counts.retired, forKey: .retired)
        try c.encode(counts.reactivated, forKey: .reactivated)
        try c.encode(licence, forKey: .licence)
        try c.encode(attribution, forKey: .attribution)
    }

    private enum Keys: String, CodingKey {
        case id, pipeline, dataset, kind, source, read, accepted, rejected, warnings, added, updated, unchanged, retired
        case reactivated
        case licence, attribution, sourceSHA256 = "source_sha256", sourceCRS = "source_crs"
        case projOperation = "proj_operation", projAccuracyMeters = "proj_accuracy_m", startedAt = "started_at"
        case finishedAt = "finished_at"
    }
}

/// The run object of `runs/1` and `ingest-report/1` (docs/json.md): the run object every
/// document shares, plus the OSM replication keys (`replication_sequence`,
/// `replication_timestamp`, `pending`; explicit nulls and an empty list for other sources)
/// and the source's release date (`source_released`, null when the pipeline states none).
public struct ReplicatedRun: Sendable, Equatable, Encodable {
    /// The run.
    public var run: IngestRunRecord

    /// The run object of `run`.
    public init(_ run: IngestRunRecord) { self.run = run }

    /// Encodes the shared run object, then the replication keys beside its keys.
    public func encode(to encoder: any Encoder) throws {
        try run.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(run.replicationSequence, forKey: .replicationSequence)
        try c.encode(run.replicationTimestamp, forKey: .replicationTimestamp)
        try c.encode(run.pending, forKey: .pending)
        try c.encode(run.sourceReleased, forKey: .sourceReleased)
    }

    private enum Keys: String, CodingKey {
        case replicationSequence = "replication_sequence", replicationTimestamp = "replication_timestamp", pending
        case sourceReleased = "source_released"
    }
}
