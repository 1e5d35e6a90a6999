import Ingest
import Storage

/// `runs/1`: `locate runs --json`.
struct RunsDocument: Encodable {
    let schema = "runs/1"
    var runs: [IngestRunRecord]
}

/// `ingest-report/1`: `locate ingest --json` and `--report FILE`.
struct IngestReportDocument: Encodable {
    let schema = "ingest-report/1"
    var run: IngestRunRecord
    var rejected: [IngestIssue]
    var warnings: [IngestIssue]
    /// Warnings about the run as a whole (an input older than the dataset's newest run).
    var notices: [String]

    init(_ report: IngestReport) {
        run = report.run
        rejected = report.rejected
        warnings = report.warnings
        notices = report.notices
    }
}
