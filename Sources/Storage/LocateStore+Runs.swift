internal import GRDB

extension LocateStore {
    /// Every ingest run, oldest first.
    public func runs() throws -> [IngestRunRecord] {
        try read { db in try IngestRunRow.order(IngestRunRow.Columns.id).fetchAll(db).map(\.record) }
    }

    /// The id of the newest run, or 0 before the first: the data's generation.
    public func generation() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM ingest_runs") ?? 0 }
    }

    /// The newest run of each (dataset, kind) whose dataset has active places of `kind`, by
    /// dataset then run kind: where the exported data came from. For toilets, the community
    /// dataset's newest run is included also when approved contributions changed fields of
    /// other datasets' toilets (its licence and attribution cover those values).
    public func newestRuns(ofDatasetsWithActive kind: PlaceKind) throws -> [IngestRunRecord] {
        try read { db in
            try IngestRunRow.fetchAll(
                db,
                sql: """
                    SELECT r.* FROM ingest_runs r
                    WHERE r.id = (SELECT max(id) FROM ingest_runs r2 WHERE r2.dataset = r.dataset AND r2.kind = r.kind)
                      AND (r.dataset IN (SELECT DISTINCT dataset FROM \(kind.table) WHERE \(PlaceStatus.isActive()))
                        OR (r.dataset = '\(LocateStore.communityDataset)' AND r.kind = '\(kind.rawValue)'
                          AND EXISTS (SELECT 1 FROM overrides WHERE field <> 'status')))
                    ORDER BY r.dataset, r.kind
                    """
            ).map(\.record)
        }
    }

    /// The finish time of the newest-finishing run (UTC RFC 3339), or nil before the first.
    public func newestFinish() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT max(finished_at) FROM ingest_runs") }
    }
}

extension IngestRunRow {
    /// Column names for query building.
    enum Columns {
        static let id = Column(CodingKeys.id)
    }
}

extension LocateStore {
    /// Identifies the data a derived index was built from: the store's id and its
    /// newest run. Any ingest changes it.
    func indexStamp() throws -> String {
        try read { db in try LocateStore.indexStamp(db) }
    }

    /// The stamp of the state `db` sees (inside a write transaction: the state it commits).
    static func indexStamp(_ db: Database) throws -> String {
        let id = try String.fetchOne(db, sql: "SELECT value FROM locate_meta WHERE key = 'store_id'") ?? "none"
        let gen = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM ingest_runs") ?? 0
        return "\(id)/\(gen)"
    }

    /// The bytes of the nearest index of `kind` that the last first load serialised, when
    /// they were read at `stamp` (the state the caller reads); nil otherwise. Either way the
    /// pending index of `kind` is dropped: it is used at most once.
    func takePendingIndex(_ kind: PlaceKind, stamp: String) -> [UInt8]? {
        pendingIndexes.withLock { pending in
            guard let p = pending.removeValue(forKey: kind), p.stamp == stamp else { return nil }
            return p.wait()
        }
    }
}
