internal import CSpatial
public import Foundation
internal import GRDB
import Geo
import Places
import SpatialIndex

extension LocateStore {
    /// Above this many inserts, the spatial index is rebuilt in one pass after the inserts
    /// instead of being updated row by row by SpatiaLite's triggers.
    static let bulkInsertThreshold = 20_000

    /// Runs one ingest as a single transaction. Into an empty dataset, `stage` writes rows
    /// straight into the kind's table (SpatiaLite triggers suspended, the R*Tree built once at the
    /// end); otherwise it fills a staging table that is then merged (added, updated,
    /// unchanged, retired). The run is recorded either way. If anything throws, nothing
    /// changes. `clock` gives the finish time. `check` sees what the merge would do before
    /// it is applied (the mass-retire guard) and may throw to refuse the run. The write writes
    /// the derived files of the state it commits (`DerivedFiles`); a first load serialises
    /// the kind's nearest index for it on a thread of its own meanwhile.
    public func ingest(
        _ kind: PlaceKind, start: IngestRunStart, clock: () -> Date, check: (MergePreview) throws -> Void = { _ in },
        stage: (PlaceStager) throws -> StagingTotals
    ) throws -> IngestRunRecord {
        let t = kind.table
        guard start.dataset != LocateStore.communityDataset else {
            throw StorageError.reservedDataset(name: start.dataset)
        }
        let record = try write { db in
            let ds = start.dataset
            let releasedKey = "released \(kind.rawValue) \(ds)"
            let previousReleased = try String.fetchOne(
                db, sql: "SELECT value FROM locate_meta WHERE key = ?", arguments: [releasedKey])
            let active =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM \(t) WHERE dataset = ? AND \(PlaceStatus.isActive())", arguments: [ds]) ?? 0
            // The run row comes first (records reference it); its counts are set at the end.
            var runRow = try LocateStore.startRun(db, start, kind: kind.rawValue, sourceCRS: "")
            let run = runRow.id ?? 0
            let fresh = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(t) WHERE dataset = ?", arguments: [ds]) == 0
            let firstID = (try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) + 1 FROM \(t)")) ?? 1
            let triggers = fresh ? try LocateStore.suspendTriggers(db, table: t) : []
            // A first load checks the table's CHECK constraints once for all new rows after
            // the inserts (`checkNewRows`, `checkedPoints`): row by row, each IN list of three or more values
            // costs SQLite a temporary table per row.
            if fresh { try db.execute(sql: "PRAGMA ignore_check_constraints = ON") }
            let totals: StagingTotals
            let stager: PlaceStager
            do {
                // The pragma goes off on every path; a failure to reset it after a failed
                // stage must not hide the stage's own error.
                defer { if fresh { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") } }
                // Into an empty table, the derived files are read from the inserts themselves.
                let capture = fresh && firstID == 1 ? FirstLoadCapture(kind: kind, databaseFile: filePath) : nil
                stager = try PlaceStager(
                    db: db, kind: kind, direct: fresh ? (dataset: ds, run: run) : nil, capture: capture)
                stager.dataset = ds
                stager.run = run
                stager.release = (start.releaseVerifies ? start.released : nil, start.startedAt)
                totals = try stage(stager)
            }
            // Checked off before anything else writes (the reset above cannot throw).
            if fresh, try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") == true {
                throw StorageError.sqlFailed(
                    sql: "PRAGMA ignore_check_constraints = OFF", reason: "CHECK constraints are still off after the first load")
            }
            let counts: MergeCounts
            // Active records a partial staging kept as they were: accepted and unchanged.
            var untouched = 0
            var ambiguities: [AmbiguousIdentity] = []
            if fresh {
                counts = MergeCounts(added: stager.stagedCount, updated: 0, unchanged: 0, retired: 0)
                try check(MergePreview(active: active, counts: counts, read: totals.read, previousReleased: previousReleased))
                // The rows are final now (nothing below changes the table): the nearest index
                // reads them here and is serialised on another core while this one packs the
                // R*Tree. Into an empty table, one scan reads the points and checks the rows.
                let points: NearestPoints
                let packing = try stager.capture?.packInBackground(nodeSize: RTreeBulkLoader.nodeSize(db, table: t))
                if firstID == 1 {
                    points = try LocateStore.checkedPoints(db, kind: kind)
                } else {
                    points = try NearestIndex.points(db, kind: kind)
                    try LocateStore.checkNewRows(db, table: t, newRowsFrom: firstID, checkingConstraints: true)
                }
                pendingIndexes.withLock { $0[kind] = PendingNearestIndex(kind: kind, points: points, capture: stager.capture) }
                try LocateStore.resumeTriggers(db, table: t, triggers, packed: packing?.wait())
            } else {
                ambiguities = try rematchDerivedIDs(db, kind: kind, dataset: ds)
                try refreshHashesOfEqualRows(db, kind: kind, dataset: ds)
                let kept = kind == .toilets ? try ContributionMerge.keepRetirements(db, dataset: ds) : 0
                untouched = stager.partial ? try countUntouched(db, table: t, dataset: ds) : 0
                counts = try countChanges(db, table: t, dataset: ds, partial: stager.partial)
                    .addingUnchanged(kept + untouched)
                try check(MergePreview(active: active, counts: counts, read: totals.read, previousReleased: previousReleased))
                try applyChanges(
                    db, kind: kind, dataset: ds, run: run, counts: counts, firstID: firstID, partial: stager.partial)
                if kind == .toilets {
                    runRow.conflicts = try ContributionMerge.reconcile(db, dataset: ds, run: run)
                    try VerificationStamp.afterMerge(db, dataset: ds, notAfter: start.startedAt)
                }
                try db.execute(sql: "DROP TABLE temp.staging")
                if stager.partial { try db.execute(sql: "DROP TABLE temp.staging_retire") }
            }
            // The newest run's release date, for the next run's "older input" warning.
            if let released = start.released {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO locate_meta (key, value) VALUES (?, ?)", arguments: [releasedKey, released])
            } else {
                try db.execute(sql: "DELETE FROM locate_meta WHERE key = ?", arguments: [releasedKey])
            }
            // A record left unmatched for ambiguity is a warning of the run.
            var finished = totals
            finished.warnings += ambiguities.count
            let accepted = stager.stagedCount + untouched
            if totals.carriesEarlierRejects {
                // Objects selected but neither staged nor kept: rejected before, untouched since.
                // (Never fewer than this run's own rejects: the books balance whatever the state.)
                finished.rejected = max(totals.rejected, totals.read - accepted)
                finished.read = accepted + finished.rejected
            }
            var record = try LocateStore.finishRun(
                db, &runRow, totals: finished, accepted: accepted, counts: counts, at: clock())
            record.ambiguities = ambiguities
            return record
        }
        return record
    }

    /// A stored row whose every copied column and properties text equal the staged record's
    /// holds the same content, whatever its hash says: it takes the staged hash, so it counts
    /// as unchanged. This matters once, after the content-hash scheme changed (`ContentHash`,
    /// CHANGELOG): rows hashed by an older locate are re-hashed instead of all counting as
    /// updated. `source_index` (the input position) and `geom` (made from lon/lat) are not
    /// content.
    private func refreshHashesOfEqualRows(_ db: Database, kind: PlaceKind, dataset: String) throws {
        let t = kind.table
        let notContent = ToiletColumn.allCases.filter { !$0.isContent }.map(\.rawValue)
        let same = kind.copiedColumns.filter { !(["content_hash", "source_index", "geom"] + notContent).contains($0) }
            .map { "\(t).\($0) IS s.\($0)" }.joined(separator: " AND ")
        try db.execute(
            sql: """
                UPDATE \(t) SET content_hash = s.content_hash
                FROM staging AS s
                WHERE \(t).dataset = :ds AND \(t).source_id = s.source_id AND \(t).content_hash <> s.content_hash
                  AND \(same)
                """, arguments: ["ds": dataset])
    }

    /// A record not staged is retired: by a full staging, every one; by a partial one, those
    /// named in `staging_retire` (`PlaceStager.keepUnstaged`).
    private static func retiring(_ alias: String, partial: Bool) -> String {
        let unstaged = "NOT EXISTS (SELECT 1 FROM staging s WHERE s.source_id = \(alias).source_id)"
        return partial ? "\(unstaged) AND \(alias).source_id IN (SELECT source_id FROM temp.staging_retire)" : unstaged
    }

    /// The active records of `dataset` a partial staging keeps as they are.
    private func countUntouched(_ db: Database, table t: String, dataset: String) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM \(t) t WHERE t.dataset = ? AND \(PlaceStatus.isActive("t"))
                  AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.source_id = t.source_id)
                  AND t.source_id NOT IN (SELECT source_id FROM temp.staging_retire)
                """, arguments: [dataset]) ?? 0
    }

    private func countChanges(_ db: Database, table t: String, dataset: String, partial: Bool) throws -> MergeCounts {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT
                  (SELECT count(*) FROM staging s WHERE NOT EXISTS
                     (SELECT 1 FROM \(t) t WHERE t.dataset = :ds AND t.source_id = s.source_id)) AS added,
                  (SELECT count(*) FROM staging s JOIN \(t) t ON t.dataset = :ds AND t.source_id = s.source_id
                     WHERE t.content_hash <> s.content_hash AND \(PlaceStatus.isActive("t"))) AS updated,
                  (SELECT count(*) FROM staging s JOIN \(t) t ON t.dataset = :ds AND t.source_id = s.source_id
                     WHERE NOT \(PlaceStatus.isActive("t"))) AS reactivated,
                  (SELECT count(*) FROM staging s JOIN \(t) t ON t.dataset = :ds AND t.source_id = s.source_id
                     WHERE t.content_hash = s.content_hash AND \(PlaceStatus.isActive("t"))) AS unchanged,
                  (SELECT count(*) FROM \(t) t WHERE t.dataset = :ds AND \(PlaceStatus.isActive("t"))
                     AND \(LocateStore.retiring("t", partial: partial))) AS retired
                """, arguments: ["ds": dataset])
        guard let row else { throw StorageError.sqlFailed(sql: "count changes", reason: "no row") }
        return MergeCounts(
            added: row["added"], updated: row["updated"], unchanged: row["unchanged"], retired: row["retired"],
            reactivated: row["reactivated"])
    }

    private func applyChanges(
        _ db: Database, kind: PlaceKind, dataset: String, run: Int64, counts: MergeCounts, firstID: Int64, partial: Bool
    ) throws {
        let t = kind.table
        let args: StatementArguments = ["ds": dataset, "run": run]
        if counts.retired > 0 {
            try db.execute(
                sql: """
                    UPDATE \(t) SET status = \(PlaceStatus.retired.sql), changed_run = :run
                    WHERE dataset = :ds AND \(PlaceStatus.isActive()) AND \(LocateStore.retiring(t, partial: partial))
                    """, arguments: args)
        }
        if counts.updated + counts.reactivated > 0 {
            let sets = kind.copiedColumns.map { "\($0) = s.\($0)" }.joined(separator: ", ")
            try db.execute(
                sql: """
                    UPDATE \(t) SET \(sets), status = \(PlaceStatus.active.sql), changed_run = :run
                    FROM staging AS s
                    WHERE \(t).dataset = :ds AND \(t).source_id = s.source_id
                      AND (\(t).content_hash <> s.content_hash OR NOT \(PlaceStatus.isActive(t)))
                    """, arguments: args)
        }
        guard counts.added > 0 else { return }
        let bulk = counts.added >= LocateStore.bulkInsertThreshold
        let triggers = bulk ? try LocateStore.suspendTriggers(db, table: t) : []
        let columns = kind.copiedColumns.joined(separator: ", ")
        let values = kind.copiedColumns.map { "s.\($0)" }.joined(separator: ", ")
        try db.execute(
            sql: """
                INSERT INTO \(t) (dataset, source_id, \(columns), status, first_run, changed_run)
                SELECT :ds, s.source_id, \(values), \(PlaceStatus.active.sql), :run, :run
                FROM staging s
                WHERE NOT EXISTS (SELECT 1 FROM \(t) t WHERE t.dataset = :ds AND t.source_id = s.source_id)
                ORDER BY s.source_index
                """, arguments: args)
        if bulk {
            try LocateStore.checkNewRows(db, table: t, newRowsFrom: firstID)
            try LocateStore.resumeTriggers(db, table: t, triggers)
        }
    }

    /// Before a bulk insert: set the per-row triggers on `table` aside (SpatiaLite's geometry
    /// checks, R*Tree upkeep, timestamps; the data nonce's) and return them for
    /// `resumeTriggers`.
    static func suspendTriggers(_ db: Database, table: String) throws -> [String] {
        // The data nonce's triggers go too: the write notes the change itself.
        try DataNonce.noteChange(db, table: table)
        let triggers = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", arguments: [table])
        for t in triggers {
            try db.execute(sql: "DROP TRIGGER \"\((t["name"] as String).replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return triggers.map { $0["sql"] }
    }

    /// SQL true when `column` holds exactly a little-endian SpatiaLite XY POINT in EPSG:4326:
    /// start 00, little-endian 01, SRID E6100000, the MBR, class marker 7C, type POINT
    /// 01000000, X and Y, end FE (60 bytes).
    static func pointBlobTest(_ column: String) -> String {
        """
        length(\(column)) IS 60 AND substr(\(column), 1, 6) = X'0001E6100000' \
        AND substr(\(column), 39, 5) = X'7C01000000' AND substr(\(column), 60, 1) = X'FE'
        """
    }

    /// After a bulk insert: checks what the geometry triggers would have checked for the new
    /// rows (and, when they were inserted with `ignore_check_constraints`, the table's CHECK
    /// constraints), in one scan.
    static func checkNewRows(_ db: Database, table: String, newRowsFrom firstID: Int64, checkingConstraints: Bool = false)
        throws
    {
        // The blob layout of a little-endian SpatiaLite XY point in EPSG:4326 (the only form
        // SpatiaLiteBlob writes) compared byte by byte: three times faster than asking
        // SpatiaLite to parse every blob of a million-row load. The CHECK constraints in the
        // same scan: a row breaks one when its expression is false (NULL passes, as in SQLite).
        let checks = checkingConstraints ? try checkConstraints(db, table: table) : []
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT coalesce(sum(NOT (\(pointBlobTest("geom")))), 0) AS geometry, coalesce(sum(\(broken(checks))), 0) AS broken
                FROM \(table) WHERE id >= ?
                """, arguments: [firstID])
        try failChecks(
            db, table: table, checks: checks, newRowsFrom: firstID, geometry: row?["geometry"] ?? 0, broken: row?["broken"] ?? 0)
    }

    /// After a first load into an empty table (inserted with `ignore_check_constraints`): the
    /// active places' points for the nearest index (every row is one), read in the scan that
    /// checks the rows as `checkNewRows` does.
    static func checkedPoints(_ db: Database, kind: PlaceKind) throws -> NearestPoints {
        let checks = try checkConstraints(db, table: kind.table)
        let flags = kind.flagExpressions
        let statement = try db.makeStatement(
            sql: """
                SELECT id, lat, lon\(flags.map { ", \($0)" }.joined()), (\(pointBlobTest("geom"))), \(broken(checks))
                FROM \(kind.table)
                """)
        var points = NearestPoints()
        var (geometry, broken) = (0, 0)
        let rows = try Row.fetchCursor(statement)
        let s = statement.sqliteStatement
        let last = Int32(3 + flags.count)
        while try rows.next() != nil {
            points.append(s, id: 0, lat: 1, lon: 2, flags: 3, flagCount: flags.count)
            if sqlite3_column_int64(s, last) == 0 { geometry += 1 }
            if sqlite3_column_int64(s, last + 1) != 0 { broken += 1 }
        }
        try failChecks(db, table: kind.table, checks: checks, newRowsFrom: 1, geometry: geometry, broken: broken)
        return points
    }

    /// SQL 1 for a row that breaks one of `checks` (false; NULL passes, as in SQLite), else 0.
    private static func broken(_ checks: [String]) -> String {
        checks.isEmpty ? "0" : "coalesce(NOT (\(checks.map { "(\($0))" }.joined(separator: " AND "))), 0)"
    }

    /// Throws for `geometry` rows that are not points in EPSG:4326, or `broken` rows that
    /// break a CHECK (naming the first, `failConstraintCheck`).
    private static func failChecks(
        _ db: Database, table: String, checks: [String], newRowsFrom firstID: Int64, geometry: Int, broken: Int
    ) throws {
        guard geometry == 0 else {
            throw StorageError.sqlFailed(sql: "geometry check", reason: "\(geometry) stored geometries are not EPSG:4326 points")
        }
        if broken > 0 { try failConstraintCheck(db, table: table, checks: checks, newRowsFrom: firstID, count: broken) }
    }

    /// After a bulk insert (checked: `checkNewRows`, `checkedPoints`): packs the R*Tree in one
    /// pass (or writes the tree `packed` beforehand from every row of the table), and puts
    /// the triggers back.
    static func resumeTriggers(_ db: Database, table: String, _ triggers: [String], packed: RTreeBulkLoader.Packed? = nil)
        throws
    {
        try RTreeBulkLoader.rebuild(db, table: table, packed: packed)
        for sql in triggers { try db.execute(sql: sql) }
        try db.execute(
            sql: """
                UPDATE geometry_columns_time SET last_insert = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                WHERE lower(f_table_name) = ? AND lower(f_geometry_column) = 'geom'
                """, arguments: [table])
    }
}
