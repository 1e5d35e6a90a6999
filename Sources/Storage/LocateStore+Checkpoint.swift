import Foundation
internal import GRDB

extension LocateStore {
    /// Folds the write-ahead log of the database at `path` back into the file and empties it
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`, https://sqlite.org/pragma.html#pragma_wal_checkpoint),
    /// so that the file alone is complete: for a process that stops cleanly (`locate serve`
    /// on SIGINT or SIGTERM) after its own connections are closed. Waits up to
    /// `busySeconds` for a writer; returns false when a reader or writer of another process
    /// kept part of the log (it is folded by the next clean stop), true when the file is whole.
    /// A database without a `-wal` file has nothing to fold: true at once.
    public static func checkpoint(path: String, busySeconds: Double = 5) throws -> Bool {
        guard FileManager.default.fileExists(atPath: path + "-wal") else { return true }
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.busyMode = .timeout(busySeconds)
        do {
            let queue = try DatabaseQueue(path: LocateStore.literal(path), configuration: config)
            defer { try? queue.close() }
            return try queue.inDatabase { db in
                let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                let busy: Int? = row?[0]
                return busy == 0
            }
        } catch {
            throw StorageError.cannotWrite(path: path, reason: "cannot fold its -wal back: \(LocateStore.reason(error))")
        }
    }
}
