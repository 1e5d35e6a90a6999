import Storage

/// The human table of ingest runs.
enum RunTable {
    static func render(_ runs: [IngestRunRecord]) -> String {
        var t = Table(
            headers: [
                "run", "finished (UTC)", "pipeline", "dataset", "released", "read", "ok", "rej", "added", "upd", "same",
                "retired", "react", "crs", "sha256",
            ],
            rightAligned: [0, 5, 6, 7, 8, 9, 10, 11, 12])
        for r in runs {
            t.rows.append([
                "\(r.id)", r.finishedAt, r.pipeline, r.dataset, r.sourceReleased ?? "-", "\(r.read)", "\(r.accepted)",
                "\(r.rejected)", "\(r.counts.added)",
                "\(r.counts.updated)", "\(r.counts.unchanged)", "\(r.counts.retired)", "\(r.counts.reactivated)",
                r.sourceCRS,
                String(r.sourceSHA256.prefix(12)),
            ])
        }
        // OSM replication: the state each run left its dataset at, and what it left pending.
        var notes: [String] = []
        for r in runs {
            if let s = r.replicationSequence {
                notes.append(
                    "run \(r.id) (\(r.dataset)): replication sequence \(s)"
                        + (r.replicationTimestamp.map { ", timestamp \($0)" } ?? ""))
            }
            for p in r.pending { notes.append("run \(r.id) (\(r.dataset)): pending \(p.osmID): \(p.reason)") }
        }
        return notes.isEmpty ? t.render() : t.render() + "\n" + notes.joined(separator: "\n")
    }
}
