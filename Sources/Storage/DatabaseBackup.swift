import Files
import Foundation
internal import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Consistent copies of a locate database (issue 35, "nothing lives only in a side file"):
/// `backup` copies one committed state of a database that may be in use (a server taking
/// contributions, an ingest writing) with SQLite's `VACUUM INTO`
/// (https://sqlite.org/lang_vacuum.html#vacuuminto), which reads inside one read transaction;
/// the copy is one self-contained file (rollback journal, no `-wal`), checked with
/// `PRAGMA integrity_check` before it is put in place. Everything that cannot be rebuilt is in
/// the file (places, runs, contributions, tokens, the client-address salt); the derived files
/// (`.kdt`, the street networks) are not copied and are rebuilt when missing. `restore` puts a
/// copy at a path where no database is, in WAL mode, as `locate ingest` leaves one.
public enum DatabaseBackup {
    /// What a copy holds.
    public struct Summary: Sendable, Equatable {
        /// The file written.
        public var path: String
        /// Its size in bytes.
        public var bytes: Int64
        /// Rows per table that holds data (toilets, stations, ingest_runs, contributions...).
        public var rows: [String: Int]
        /// Files in the copy's photo folder (`<path>.photos`: contributed photos, which are
        /// files, not rows).
        public var photos: Int = 0

        /// Creates a summary.
        public init(path: String, bytes: Int64, rows: [String: Int], photos: Int = 0) {
            self.path = path
            self.bytes = bytes
            self.rows = rows
            self.photos = photos
        }
    }

    /// The tables whose rows a summary counts, when present, in the order they are shown.
    static let countedTables = ["toilets", "stations", "measurements", "ingest_runs", "contributions", "review_tokens"]

    /// A table's place in `countedTables` (the order summaries show them in).
    public static func countedOrder(_ table: String) -> Int { countedTables.firstIndex(of: table) ?? countedTables.count }

    /// Copies the committed state of the database at `database` to `destination`, replacing
    /// a file there only once the copy is complete and checked (a copy beside it, then a
    /// rename).
    public static func backup(database: String, to destination: String) throws -> Summary {
        guard FileManager.default.fileExists(atPath: database) else {
            throw StorageError.cannotOpen(path: database, reason: "no such file")
        }
        try checkIsLocate(database)
        let partial = destination + ".partial-\(getpid())"
        LocateStore.removeFiles(of: partial)
        do {
            try copy(database, to: partial, journal: "DELETE")
            var summary = try summarise(partial, named: destination)
            // After the snapshot: every photo it names was stored before it.
            summary.photos = try copyPhotos(database, to: destination)
            guard rename(partial, destination) == 0 else {
                throw StorageError.cannotWrite(path: destination, reason: String(cString: strerror(errno)).lowercased())
            }
            // A `-wal` or `-shm` beside the destination belongs to a database that is gone.
            for suffix in ["-wal", "-shm", "-journal"] { unlink(destination + suffix) }
            let dir = (destination as NSString).deletingLastPathComponent
            CheckedFile.syncFolder(dir.isEmpty ? "." : dir)
            return summary
        } catch {
            LocateStore.removeFiles(of: partial)
            throw error
        }
    }

    /// Restores the copy at `source` as the database at `database`, where no database may be
    /// (a restore never replaces a database another process may have open: move it away
    /// first). The restored file is in WAL mode; its derived files are rebuilt by the first
    /// query or write that needs them.
    public static func restore(from source: String, to database: String) throws -> Summary {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StorageError.cannotOpen(path: source, reason: "no such file")
        }
        let lock = try WriteLock(database: database, waitSeconds: 0, holder: "locate restore")
        defer { lock.release() }
        guard !FileManager.default.fileExists(atPath: database) else {
            throw StorageError.cannotWrite(
                path: database, reason: "a database is there: restore to a new path, or move it (and its -wal) away first")
        }
        try checkIsLocate(source)
        let partial = database + ".partial"
        LocateStore.removeFiles(of: partial)
        do {
            try copy(source, to: partial, journal: "WAL")
            var summary = try summarise(partial, named: database)
            summary.photos = try copyPhotos(source, to: database)
            for suffix in ["-wal", "-shm", "-journal"] { unlink(database + suffix) }
            guard link(partial, database) == 0 else {
                throw StorageError.cannotWrite(path: database, reason: String(cString: strerror(errno)).lowercased())
            }
            LocateStore.removeFiles(of: partial)
            let dir = (database as NSString).deletingLastPathComponent
            CheckedFile.syncFolder(dir.isEmpty ? "." : dir)
            return summary
        } catch {
            LocateStore.removeFiles(of: partial)
            throw error
        }
    }

    /// Copies the photo folder of the database at `from` to that of `to`: its files are named
    /// by their content and never change, so a file already there is kept and the others are
    /// copied (each through a temporary name). Returns the number of files the copy's folder holds.
    private static func copyPhotos(_ from: String, to: String) throws -> Int {
        let source = LocateStore.photoFolder(forDatabase: from)
        let target = LocateStore.photoFolder(forDatabase: to)
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: source) else { return 0 }
        let files = names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".partial") }
        do {
            try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
            for name in files where !fm.fileExists(atPath: target + "/" + name) {
                let temporary = target + "/." + name + ".\(getpid()).partial"
                try? fm.removeItem(atPath: temporary)
                try fm.copyItem(atPath: source + "/" + name, toPath: temporary)
                guard rename(temporary, target + "/" + name) == 0 else {
                    throw StorageError.cannotWrite(path: target, reason: String(cString: strerror(errno)).lowercased())
                }
            }
        } catch let e as StorageError {
            throw e
        } catch {
            throw StorageError.cannotWrite(path: target, reason: "cannot copy the photos: \(error.localizedDescription)")
        }
        return files.count
    }

    /// Fails unless `path` is a locate database (its tables, whatever its schema version).
    private static func checkIsLocate(_ path: String) throws {
        let tables = try inConnection(path, readonly: true) { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        guard tables.contains("toilets"), tables.contains("ingest_runs") else {
            throw StorageError.incompatible(path: path, reason: "not a locate database (no toilets or ingest_runs table)")
        }
    }

    /// `VACUUM INTO` a new file `to`, then sets its journal mode and syncs it.
    private static func copy(_ from: String, to: String, journal: String) throws {
        try inConnection(from, readonly: true) { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [to])
        }
        try inConnection(to, readonly: false) { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journal)")
            guard mode?.uppercased() == journal else {
                throw StorageError.cannotWrite(path: to, reason: "cannot set journal mode \(journal) (\(mode ?? "?"))")
            }
        }
        guard let handle = FileHandle(forUpdatingAtPath: to) else {
            throw StorageError.cannotWrite(path: to, reason: "cannot open the copy to sync it")
        }
        defer { try? handle.close() }
        do { try handle.synchronize() } catch {
            throw StorageError.cannotWrite(path: to, reason: "cannot sync the copy: \(error.localizedDescription)")
        }
    }

    /// Checks the copy (`PRAGMA integrity_check`) and counts its rows.
    private static func summarise(_ file: String, named: String) throws -> Summary {
        try inConnection(file, readonly: true) { db in
            let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard check == ["ok"] else {
                throw StorageError.badFile(path: named, reason: "the copy fails integrity_check: \(check.prefix(3))")
            }
            var rows: [String: Int] = [:]
            for table in countedTables {
                guard try db.tableExists(table) else { continue }
                rows[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
            return Summary(path: named, bytes: size, rows: rows)
        }
    }

    /// Runs `body` on a plain connection to `path` (no SpatiaLite: copying and checking need
    /// none), mapping SQLite's errors to `StorageError`.
    private static func inConnection<T>(_ path: String, readonly: Bool, _ body: (Database) throws -> T) throws -> T {
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.readonly = readonly
        config.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: LocateStore.literal(path), configuration: config)
            defer { try? queue.close() }
            return try queue.inDatabase(body)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError where e.resultCode.primaryResultCode == .SQLITE_NOTADB {
            throw StorageError.incompatible(path: path, reason: LocateStore.reason(e))
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
    }
}
