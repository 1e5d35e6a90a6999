import GRDB

extension LocateStore {
    /// Every ingest run, oldest first.
    public func runs() throws -> [IngestRunRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM ingest_runs ORDER BY id").map { r in
                IngestRunRecord(
                    id: r["id"], pipeline: r["pipeline"], dataset: r["dataset"], kind: r["kind"], source: r["source"],
                    sourceSHA256: r["source_sha256"], sourceCRS: r["source_crs"], projOperation: r["proj_operation"],
                    projAccuracyMeters: r["proj_accuracy_m"], startedAt: r["started_at"], finishedAt: r["finished_at"],
                    read: r["read_count"], accepted: r["accepted"], rejected: r["rejected"], warnings: r["warnings"],
                    counts: MergeCounts(
                        added: r["added"], updated: r["updated"], unchanged: r["unchanged"], retired: r["retired"]))
            }
        }
    }

    /// The id of the newest run, or 0 before the first: the data's generation.
    public func generation() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM ingest_runs") ?? 0 }
    }
}

extension LocateStore {
    /// Identifies the data a derived index was built from: the store's id and its
    /// newest run. Any ingest changes it.
    func indexStamp() throws -> String {
        try read { db in
            let id = try String.fetchOne(db, sql: "SELECT value FROM locate_meta WHERE key = 'store_id'") ?? "none"
            let gen = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM ingest_runs") ?? 0
            return "\(id)/\(gen)"
        }
    }
}

extension LocateStore {
    /// Runs a read-only query and returns its rows (for modules above Storage).
    public func readRows(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
    }
}

extension LocateStore {
    /// Runs `body` with a read-only view of the database (one read transaction), for modules
    /// above Storage that need prepared statements in a loop.
    public func reading<T>(_ body: (Database) throws -> T) throws -> T {
        try read(body)
    }
}
