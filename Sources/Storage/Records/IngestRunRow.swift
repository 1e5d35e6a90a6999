import Contract
import Foundation
internal import GRDB
import Geo
import Hours

/// A row of `ingest_runs`: the one record both ingest paths (places and air data) write.
struct IngestRunRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "ingest_runs"

    var id: Int64?
    var pipeline: String
    var dataset: String
    var kind: String
    var source: String
    var sourceSHA256: String
    var sourceCRS: String
    var projOperation: String?
    var projAccuracyMeters: Double?
    var startedAt: String
    var finishedAt: String
    var readCount: Int
    var accepted: Int
    var rejected: Int
    var warnings: Int
    var added: Int
    var updated: Int
    var unchanged: Int
    var retired: Int
    /// Retired places the run brought back (column added by `v8-reactivated`).
    var reactivated: Int
    var licence: String?
    var attribution: String?
    /// Approved edits this run found changed at the source (column added by `v7-contributions`).
    var conflicts: Int
    /// The OSM replication sequence the run left the dataset at (column added by
    /// `v11-osm-replication`; nil for other sources).
    var replicationSequence: Int64?
    /// The OSM replication timestamp (RFC 3339, UTC) of that state.
    var replicationTimestamp: String?
    /// The source's release date as the pipeline states it (`released:`; column added by
    /// `v12-run-release`; nil when it states none, and for runs before that migration).
    var sourceReleased: String?

    enum CodingKeys: String, CodingKey {
        case id, pipeline, dataset, kind, source, sourceSHA256 = "source_sha256", sourceCRS = "source_crs"
        case projOperation = "proj_operation", projAccuracyMeters = "proj_accuracy_m", startedAt = "started_at"
        case finishedAt = "finished_at", readCount = "read_count", accepted, rejected, warnings, added, updated
        case unchanged, retired, licence, attribution, conflicts, reactivated
        case replicationSequence = "replication_sequence", replicationTimestamp = "replication_timestamp"
        case sourceReleased = "source_released"
    }

    /// A run that has just started: no input digest or counts yet (they come with `finish`).
    init(start: IngestRunStart, kind: String, sourceCRS: String) {
        pipeline = start.pipeline
        dataset = start.dataset
        self.kind = kind
        source = start.source
        sourceSHA256 = String(repeating: "0", count: 64)
        self.sourceCRS = sourceCRS
        startedAt = InstantText.utc(start.startedAt)
        finishedAt = startedAt
        readCount = 0
        accepted = 0
        rejected = 0
        warnings = 0
        added = 0
        updated = 0
        unchanged = 0
        retired = 0
        reactivated = 0
        licence = start.licence
        attribution = start.attribution
        conflicts = 0
        sourceReleased = start.released
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Completes the row with what the run found and changed.
    mutating func finish(totals: StagingTotals, accepted: Int, counts: MergeCounts, at finished: Date) {
        sourceSHA256 = totals.sourceSHA256
        if kind != "air" {  // air data comes in WGS84 and is not reprojected
            sourceCRS = totals.sourceCRS.description
            projOperation = totals.operation?.description
            projAccuracyMeters = totals.operation?.accuracyMeters
        }
        finishedAt = InstantText.utc(finished)
        readCount = totals.read
        self.accepted = accepted
        rejected = totals.rejected
        warnings = totals.warnings
        added = counts.added
        updated = counts.updated
        unchanged = counts.unchanged
        retired = counts.retired
        reactivated = counts.reactivated
        replicationSequence = totals.replicationSequence
        replicationTimestamp = totals.replicationTimestamp
    }

    /// The public form.
    var record: IngestRunRecord {
        IngestRunRecord(
            id: Int(id ?? 0), pipeline: pipeline, dataset: dataset, kind: kind, source: source, sourceSHA256: sourceSHA256,
            sourceCRS: sourceCRS, projOperation: projOperation, projAccuracyMeters: projAccuracyMeters,
            startedAt: startedAt, finishedAt: finishedAt, read: readCount, accepted: accepted, rejected: rejected,
            warnings: warnings,
            counts: MergeCounts(
                added: added, updated: updated, unchanged: unchanged, retired: retired, reactivated: reactivated),
            licence: licence,
            attribution: attribution, conflicts: conflicts, replicationSequence: replicationSequence,
            replicationTimestamp: replicationTimestamp, sourceReleased: sourceReleased)
    }
}

extension LocateStore {
    /// Inserts the row of a run that starts now; records then reference its id.
    static func startRun(_ db: Database, _ start: IngestRunStart, kind: String, sourceCRS: String) throws -> IngestRunRow {
        var row = IngestRunRow(start: start, kind: kind, sourceCRS: sourceCRS)
        try row.insert(db)
        return row
    }

    /// Writes a run's totals and changes into its row and returns the finished run.
    static func finishRun(
        _ db: Database, _ row: inout IngestRunRow, totals: StagingTotals, accepted: Int, counts: MergeCounts, at: Date
    ) throws -> IngestRunRecord {
        row.finish(totals: totals, accepted: accepted, counts: counts, at: at)
        try row.update(db)
        return row.record
    }
}
