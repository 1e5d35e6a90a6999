public import Storage

/// `ingest-report/1`: `locate ingest --json` and `--report FILE`.
public struct IngestReportDocument: Encodable, Sendable {
    /// `ingest-report/1`.
    public let schema = "ingest-report/1"
    /// The run, as `runs/1` has it.
    public var run: ReplicatedRun
    /// The records the run rejected, with their reasons.
    public var rejected: [IngestIssue]
    /// The records stored with a warning.
    public var warnings: [IngestIssue]
    /// Warnings about the run as a whole (an input older than the dataset's newest run).
    public var notices: [String]
    /// Approved edits whose source value this run changed (`locate review conflicts`).
    public var conflicts: Int

    /// The document of a run's report.
    public init(_ report: IngestReport) {
        run = ReplicatedRun(report.run)
        conflicts = report.run.conflicts
        rejected = report.rejected
        warnings = report.warnings
        notices = report.notices
    }
}
