internal import CSpatial
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Safe: the SQLite handle, its statement and `seen` are used only while `lock` is held.
/// Tells a long-running reader (the HTTP server) whether the database changed since it last
/// looked, through SQLite itself: a read-only connection of its own runs a prepared
/// `PRAGMA data_version`, which changes whenever any other connection, of this process or
/// another, commits (https://sqlite.org/pragma.html#pragma_data_version); SQLite reads it
/// from the WAL index it already maps, under its own locks. The database file's device and
/// inode are compared too (one `stat`, which opens nothing): a file replaced by another is
/// a change, and the connection is opened again on the new file.
///
/// Nothing but SQLite may open the database or its `-wal` and `-shm` in a process whose
/// connections use them: POSIX record locks belong to the process and the file, and closing
/// any descriptor of the file drops all of them (fcntl(2)), SQLite's own included. A server
/// that lost its `-shm` locks looks like no reader at all to the next ingest, which then
/// truncates the `-shm` the server has mapped (SIGBUS) and may checkpoint over pages its
/// readers still read. Thread-safe: one look at a time.
///
/// `@unchecked Sendable` because every request thread of the server asks it: the SQLite
/// handle, its prepared statement and `seen` are touched only between `lock.lock()` and
/// `lock.unlock()` (the connection is used by one thread at a time, as SQLite's serialized
/// handles need no more), and `deinit` runs when no one else holds it. Under load on the
/// release binary: `ServeSoakTests` (two request threads while ingests commit back to back and
/// the sqlite3 shell edits rows) and `ServeDuringWritesTests`, run by `make test` with
/// `LOCATE_BIN` set to the release build.
public final class CommitWatcher: @unchecked Sendable {
    /// The database file.
    public let path: String
    private let lock = NSLock()
    private var handle: OpaquePointer?
    private var statement: OpaquePointer?
    private var seen: Seen?

    /// What one look saw: the file, and the data version the connection on it read (nil
    /// when it could not be read).
    private struct Seen: Equatable {
        var device: UInt64
        var inode: UInt64
        var version: Int64?
    }

    /// A watcher of the database at `path` (opened at the first look).
    public init(path: String) { self.path = path }

    deinit { closeConnection() }

    /// Whether the database changed since the previous call: true at the first call, when
    /// another connection committed, and when the file at `path` is another one. A data
    /// version that cannot be read (a recovery under way, no database at `path`) counts as
    /// no change until the file changes.
    public func changed() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var info = stat()
        guard stat(path, &info) == 0 else {
            closeConnection()
            defer { seen = nil }
            return seen != nil
        }
        let device = UInt64(info.st_dev)
        let inode = UInt64(info.st_ino)
        if let seen, seen.device != device || seen.inode != inode { closeConnection() }
        let now = Seen(device: device, inode: inode, version: dataVersion())
        defer { seen = now }
        guard let seen else { return true }
        if seen.device != device || seen.inode != inode { return true }
        guard let version = now.version, let before = seen.version else { return now.version != seen.version }
        return version != before
    }

    /// The connection's data version, opening it when needed; nil when it cannot be read
    /// (the connection is closed then, and opened again at the next look).
    private func dataVersion() -> Int64? {
        if handle == nil { openConnection() }
        guard let statement else { return nil }
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            closeConnection()
            return nil
        }
        return sqlite3_column_int64(statement, 0)
    }

    /// Opens the read-only connection: on the file itself, or, when SQLite cannot create
    /// the WAL index beside a database on a read-only mount, on the file as immutable (as
    /// `LocateStore(readingAt:)` reads it there: it cannot change).
    private func openConnection() {
        _ = LocateStore.sqliteConfigured
        guard
            let (connection, prepared) = CommitWatcher.open(LocateStore.literal(path))
                ?? (LocateStore.isOnReadOnlyMount(path) ? CommitWatcher.open(LocateStore.immutableURI(path)) : nil)
        else { return }
        handle = connection
        statement = prepared
    }

    /// A read-only connection to `name` and its prepared `PRAGMA data_version`, once that
    /// has been read; nil when it cannot be.
    private static func open(_ name: String) -> (OpaquePointer, OpaquePointer)? {
        var connection: OpaquePointer?
        var prepared: OpaquePointer?
        guard sqlite3_open_v2(name, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let connection,
            sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &prepared, nil) == SQLITE_OK, let prepared,
            sqlite3_step(prepared) == SQLITE_ROW
        else {
            sqlite3_finalize(prepared)
            sqlite3_close(connection)
            return nil
        }
        sqlite3_reset(prepared)
        return (connection, prepared)
    }

    private func closeConnection() {
        sqlite3_finalize(statement)
        sqlite3_close(handle)
        statement = nil
        handle = nil
    }
}
