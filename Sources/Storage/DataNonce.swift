internal import CSpatial
internal import GRDB

/// The data nonces: one random number per place kind (`locate_state`, one row per kind) that
/// changes with every committed change of that kind's places, whoever makes it. Two states
/// of a database share a kind's nonce only when no write changed those places between them,
/// so a derived file (`NearestIndex`, `ToiletRowFile`) stamped with it is of the state whose
/// nonce it names.
///
/// Triggers on `toilets` and `stations` (schema step `v9-edit-stamp`) keep it: a change made
/// outside locate (the sqlite3 shell, QGIS, an older locate) stores `random()` as the kind's
/// nonce with each row it changes. A write of ours (`LocateStore.write`) marks its transaction
/// as ours first (`writing`): the triggers then only note that the kind changed (`changed`),
/// once, and the write stores one fresh nonce per changed kind at its end and writes the
/// kind's derived files of the state it commits (`DerivedFiles`). A bulk load that sets
/// SpatiaLite's triggers aside (these with them) notes the change itself (`noteChange`).
/// Each migration renews every nonce.
///
/// Reading a nonce needs the schema (a table read), about 1 ms of a query on the release
/// build (`PRAGMA user_version` needs none, but no trigger can set it, and no field of the
/// file header changes with every write in WAL mode).
public enum DataNonce {
    /// The table and its triggers (schema step `v9-edit-stamp`). A nonce of 0 is none yet.
    static var schema: String {
        let rows = PlaceKind.allCases.map { "('\($0.table)', 0)" }.joined(separator: ", ")
        var sql = """
            CREATE TABLE locate_state (
                kind TEXT PRIMARY KEY,
                nonce INTEGER NOT NULL,
                writing INTEGER NOT NULL DEFAULT 0 CHECK (writing IN (0, 1)),
                changed INTEGER NOT NULL DEFAULT 0 CHECK (changed IN (0, 1))
            ) WITHOUT ROWID;
            INSERT INTO locate_state (kind, nonce) VALUES \(rows);

            """
        for kind in PlaceKind.allCases {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                sql += """
                    CREATE TRIGGER \(triggerPrefix)\(kind.table)_\(event.lowercased()) AFTER \(event) ON \(kind.table)
                    BEGIN
                      UPDATE locate_state SET nonce = CASE writing WHEN 0 THEN random() ELSE nonce END, changed = 1
                      WHERE kind = '\(kind.table)' AND NOT (writing = 1 AND changed = 1);
                    END;

                    """
            }
        }
        return sql
    }

    /// The names of the triggers start with it.
    static let triggerPrefix = "locate_state_"

    /// The nonce of `kind` in the newest committed state of the database at `path`, or nil
    /// when there is none (a database before `v9-edit-stamp`) or it cannot be read that way
    /// (no such file, not a database, a writer's rollback journal in the way, no
    /// shared-memory file where WAL needs one): then the caller reads through `LocateStore`,
    /// which handles every such case. A bare connection: no SpatiaLite, one statement.
    public static func current(path: String, kind: PlaceKind = .toilets) -> Int64? {
        _ = LocateStore.sqliteConfigured
        var handle: OpaquePointer? = nil
        defer { sqlite3_close(handle) }
        guard sqlite3_open_v2(LocateStore.literal(path), &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            return nil
        }
        var statement: OpaquePointer? = nil
        let sql = "SELECT nonce FROM locate_state WHERE kind = '\(kind.table)'"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        let nonce = sqlite3_column_int64(statement, 0)
        return nonce == 0 ? nil : nonce
    }

    /// The nonce of `kind` in the state `db` reads (0: none).
    static func read(_ db: Database, kind: PlaceKind = .toilets) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT nonce FROM locate_state WHERE kind = ?", arguments: [kind.table]) ?? 0
    }

    /// A fresh nonce (never 0).
    static func fresh() -> Int64 { Int64.random(in: 1...Int64.max) }

    /// Stores a fresh nonce for every kind (a migration; nothing before the table exists).
    static func renewAll(_ db: Database) throws {
        guard try db.tableExists("locate_state") else { return }
        for kind in PlaceKind.allCases {
            try db.execute(
                sql: "UPDATE locate_state SET nonce = ?, writing = 0, changed = 0 WHERE kind = ?",
                arguments: [fresh(), kind.table])
        }
    }

    /// Marks the transaction `db` is in as a write of ours: from now on the triggers note
    /// which kinds change instead of renewing their nonces row by row.
    static func beginWrite(_ db: Database) throws {
        try db.execute(sql: "UPDATE locate_state SET writing = 1, changed = 0")
    }

    /// Notes that the places of `table` change in this write (a bulk load that set the
    /// triggers aside).
    static func noteChange(_ db: Database, table: String) throws {
        try db.execute(sql: "UPDATE locate_state SET changed = 1 WHERE kind = ?", arguments: [table])
    }

    /// Ends a write of ours: each kind whose places it changed gets a fresh nonce, returned
    /// by kind; the others keep theirs.
    static func finishWrite(_ db: Database) throws -> [PlaceKind: Int64] {
        let changed = try String.fetchAll(db, sql: "SELECT kind FROM locate_state WHERE changed = 1")
        var nonces: [PlaceKind: Int64] = [:]
        for kind in PlaceKind.allCases where changed.contains(kind.table) {
            let nonce = fresh()
            try db.execute(sql: "UPDATE locate_state SET nonce = ? WHERE kind = ?", arguments: [nonce, kind.table])
            nonces[kind] = nonce
        }
        try db.execute(sql: "UPDATE locate_state SET writing = 0, changed = 0")
        return nonces
    }
}

extension LocateStore {
    /// The toilets' data nonce of the state this store reads (0: none; see `DataNonce`).
    public func dataNonce() throws -> Int64 { try read { db in try DataNonce.read(db) } }
}
