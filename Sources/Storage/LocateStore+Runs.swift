internal import GRDB

extension LocateStore {
    /// Every ingest run, oldest first.
    public func runs() throws -> [IngestRunRecord] {
        try read { db in
            let pending = try LocateStore.pendingByRun(db)
            return try IngestRunRow.order(IngestRunRow.Columns.id).fetchAll(db).map { row in
                var record = row.record
                record.pending = pending[record.id] ?? []
                return record
            }
        }
    }

    /// The newest run of `kind` into `dataset`, with its pending objects, or nil before the
    /// first: one row read backwards from the newest, not every run (a one-place answer asks
    /// it for every request, over a history that grows by a run per timer tick).
    public func newestRun(dataset: String, kind: PlaceKind) throws -> IngestRunRecord? {
        try read { db in
            guard
                var record = try IngestRunRow.filter(
                    IngestRunRow.Columns.dataset == dataset && IngestRunRow.Columns.kind == kind.rawValue
                ).order(IngestRunRow.Columns.id.desc).fetchOne(db)?.record
            else { return nil }
            record.pending = try LocateStore.pendingByRun(db, run: record.id)
            return record
        }
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
        static let dataset = Column(CodingKeys.dataset)
        static let kind = Column(CodingKeys.kind)
    }
}

extension LocateStore {
    /// Identifies the state of the places of `kind` a derived file was built from: the kind
    /// and its data nonce (`DataNonce`). Any change of those places changes it.
    func stamp(_ kind: PlaceKind) throws -> String {
        try read { db in try LocateStore.stamp(db, kind) }
    }

    /// The stamp of the state `db` sees.
    static func stamp(_ db: Database, _ kind: PlaceKind) throws -> String {
        stamp(kind, nonce: try DataNonce.read(db, kind: kind))
    }

    /// The stamp of the places of `kind` whose nonce is `nonce`.
    static func stamp(_ kind: PlaceKind, nonce: Int64) -> String { "\(kind.table)/\(nonce)" }

    /// The data version of the state `db` sees: the store's id, its newest run and the data
    /// nonces. Any ingest and any change of places, by locate or another program, changes it.
    static func dataVersion(_ db: Database) throws -> String {
        let id = try String.fetchOne(db, sql: "SELECT value FROM locate_meta WHERE key = 'store_id'") ?? "none"
        let gen = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM ingest_runs") ?? 0
        let nonces = try PlaceKind.allCases.map { String(try DataNonce.read(db, kind: $0), radix: 16) }
        return "\(id)/\(gen)/" + nonces.joined(separator: "/")
    }
}
