import Ingest
import Storage

/// One ingest run as `runs/1` and `ingest-report/1` write it: snake_case, counts flattened,
/// licence and attribution included, explicit nulls.
struct RunDocument: Encodable {
    var id: Int
    var pipeline: String
    var dataset: String
    var kind: String
    var source: String
    var sourceSHA256: String
    var sourceCRS: String
    @Nullable var projOperation: String? = nil
    @Nullable var projAccuracyMeters: Double? = nil
    var startedAt: String
    var finishedAt: String
    var read: Int
    var accepted: Int
    var rejected: Int
    var warnings: Int
    var added: Int
    var updated: Int
    var unchanged: Int
    var retired: Int
    @Nullable var licence: String? = nil
    @Nullable var attribution: String? = nil

    enum CodingKeys: String, CodingKey {
        case id, pipeline, dataset, kind, source, read, accepted, rejected, warnings, added, updated, unchanged, retired
        case licence, attribution
        case sourceSHA256 = "source_sha256"
        case sourceCRS = "source_crs"
        case projOperation = "proj_operation"
        case projAccuracyMeters = "proj_accuracy_m"
        case startedAt = "started_at"
        case finishedAt = "finished_at"
    }

    init(_ run: IngestRunRecord) {
        id = run.id
        pipeline = run.pipeline
        dataset = run.dataset
        kind = run.kind
        source = run.source
        sourceSHA256 = run.sourceSHA256
        sourceCRS = run.sourceCRS
        projOperation = run.projOperation
        projAccuracyMeters = run.projAccuracyMeters
        startedAt = run.startedAt
        finishedAt = run.finishedAt
        read = run.read
        accepted = run.accepted
        rejected = run.rejected
        warnings = run.warnings
        added = run.counts.added
        updated = run.counts.updated
        unchanged = run.counts.unchanged
        retired = run.counts.retired
        licence = run.licence
        attribution = run.attribution
    }
}

/// `runs/1`: `locate runs --json`.
struct RunsDocument: Encodable {
    let schema = "runs/1"
    var runs: [RunDocument]
}

/// `ingest-report/1`: `locate ingest --json` and `--report FILE`.
struct IngestReportDocument: Encodable {
    /// One rejected record or warning.
    struct Issue: Encodable {
        var index: Int
        @Nullable var id: String? = nil
        var field: String
        var reason: String

        init(_ issue: IngestIssue) {
            index = issue.index
            id = issue.id
            field = issue.field
            reason = issue.reason
        }
    }

    let schema = "ingest-report/1"
    var run: RunDocument
    var rejected: [Issue]
    var warnings: [Issue]

    init(_ report: IngestReport) {
        run = RunDocument(report.run)
        rejected = report.rejected.map(Issue.init)
        warnings = report.warnings.map(Issue.init)
    }
}
