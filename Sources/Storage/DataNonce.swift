internal import CSpatial
internal import GRDB

/// The data nonce: a random number every write transaction that can change places (ingests,
/// reviews, each migration) stores in the database header (`PRAGMA user_version`) in the
/// same transaction, so two states of a database share it only when no such write came
/// between them. Submissions and token changes keep it (`LocateStore.write(keepsPlaces:)`). SQLite answers
/// `PRAGMA user_version` from the file header, without loading the schema (86 SpatiaLite
/// triggers, over half of a query command's work): a query reads it on a bare connection
/// and answers from derived files stamped with it (`ToiletRowFile`) without any other SQL.
/// 0 means no nonce: a database no locate with nonces has written since; derived files are
/// then never trusted by it.
public enum DataNonce {
    /// The nonce of the newest committed state of the database at `path`, or nil when it is 0
    /// or cannot be read that way (no such file, not a database, a writer's rollback
    /// journal in the way, no shared-memory file where WAL needs one): then the caller reads
    /// through `LocateStore`, which handles every such case.
    public static func current(path: String) -> Int64? {
        _ = LocateStore.sqliteConfigured
        var handle: OpaquePointer? = nil
        defer { sqlite3_close(handle) }
        guard sqlite3_open_v2(LocateStore.literal(path), &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            return nil
        }
        var statement: OpaquePointer? = nil
        guard sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        let nonce = sqlite3_column_int64(statement, 0)
        return nonce == 0 ? nil : nonce
    }

    /// Stores a fresh nonce in the transaction `db` is in (never 0; user_version is 32 bits).
    static func renew(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(Int64.random(in: 1...Int64(Int32.max)))")
    }

    /// The nonce of the state `db` reads (0: none).
    static func read(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    }
}

extension LocateStore {
    /// The data nonce of the state this store reads (0: none; see `DataNonce`).
    public func dataNonce() throws -> Int64 { try read { db in try DataNonce.read(db) } }
}
