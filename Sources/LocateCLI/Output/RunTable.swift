import Storage

/// The human table of ingest runs.
enum RunTable {
    static func render(_ runs: [IngestRunRecord]) -> String {
        var t = Table(
            headers: [
                "run", "finished (UTC)", "pipeline", "read", "ok", "rej", "added", "upd", "same", "retired", "react", "crs",
                "sha256",
            ],
            rightAligned: [0, 3, 4, 5, 6, 7, 8, 9, 10])
        for r in runs {
            t.rows.append([
                "\(r.id)", r.finishedAt, r.pipeline, "\(r.read)", "\(r.accepted)", "\(r.rejected)", "\(r.counts.added)",
                "\(r.counts.updated)", "\(r.counts.unchanged)", "\(r.counts.retired)", "\(r.counts.reactivated)",
                r.sourceCRS,
                String(r.sourceSHA256.prefix(12)),
            ])
        }
        return t.render()
    }
}
