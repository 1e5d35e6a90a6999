import Ingest
import Storage

/// The human summary of an ingest run, printed on stderr.
enum IngestSummary {
    /// Rejected records listed one by one before "… N more".
    static let shownRejects = 20
    /// Warning groups named in the one warnings line.
    static let shownWarningGroups = 5

    /// The summary lines for `report`, run into the database at `path`; `hasReportFile`
    /// says whether `--report FILE` holds the full lists.
    static func lines(_ report: IngestReport, path: String, hasReportFile: Bool) -> [String] {
        let run = report.run
        let c = run.counts
        var lines = [
            "ingested \(run.pipeline) into \(path) (run \(run.id), dataset \(run.dataset)): read \(run.read), "
                + "accepted \(run.accepted), rejected \(run.rejected), warnings \(run.warnings)",
            "changes: \(c.added) added, \(c.updated) updated, \(c.unchanged) unchanged, \(c.retired) retired, "
                + "\(c.reactivated) reactivated",
        ]
        if run.conflicts > 0 {
            lines.append(
                "conflicts: \(run.conflicts) approved edits met a changed source value (kept the source's): "
                    + "see `locate review conflicts`")
        }
        if let op = run.projOperation {
            let accuracy = run.projAccuracyMeters.map { " (accuracy \($0) m)" } ?? ""
            lines.append("reprojected \(run.sourceCRS) → EPSG:4326 with: \(op)\(accuracy)")
        }
        let noun = ["stations": "station", "air": "station"][run.kind] ?? "feature"
        for issue in report.rejected.prefix(shownRejects) {
            lines.append("rejected \(noun) \(issue.label): \(issue.field): \(issue.reason)")
        }
        if report.rejected.count > shownRejects {
            lines.append("… \(report.rejected.count - shownRejects) more rejected; see --report FILE")
        }
        let all = report.warningGroups
        let groups = all.prefix(shownWarningGroups)
        if !groups.isEmpty {
            let more = all.count > shownWarningGroups ? "; …and \(all.count - shownWarningGroups) more" : ""
            lines.append(
                "warnings: " + groups.map { "\($0.count)× \($0.field): \($0.kind)" }.joined(separator: "; ") + more
                    + (hasReportFile ? "" : " (all in --report FILE)"))
        }
        for notice in report.notices { lines.append("warning: \(notice)") }
        if let sequence = run.replicationSequence {
            lines.append(
                "replication: sequence \(sequence)" + (run.replicationTimestamp.map { ", timestamp \($0)" } ?? ""))
        }
        for p in run.pending { lines.append("pending \(p.osmID): \(p.reason)") }
        return lines
    }
}
