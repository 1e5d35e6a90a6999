import Ingest
import Storage

/// `ingest-report/1`: `locate ingest --json` and `--report FILE`.
struct IngestReportDocument: Encodable {
    let schema = "ingest-report/1"
    var run: ReplicatedRun
    var rejected: [IngestIssue]
    var warnings: [IngestIssue]
    /// Warnings about the run as a whole (an input older than the dataset's newest run).
    var notices: [String]
    /// Approved edits whose source value this run changed (`locate review conflicts`).
    var conflicts: Int

    init(_ report: IngestReport) {
        run = ReplicatedRun(report.run)
        conflicts = report.run.conflicts
        rejected = report.rejected
        warnings = report.warnings
        notices = report.notices
    }
}
