import Files
import Foundation
internal import GRDB
import Geo
public import Places
public import SpatialIndex
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ToiletRowFile {
    /// The row file of the state `store` reads: the one beside the database when it is of
    /// that state (the write that made the state wrote it), else built from the store and
    /// written there for the next reader (places changed by another program, a damaged or
    /// missing file; in memory only when it cannot be written). Nil when the state has no
    /// data nonce: its files could not be checked.
    public static func make(for store: LocateStore) throws -> ToiletRowFile? {
        let (nonce, stamp) = try store.read { db in (try DataNonce.read(db), try LocateStore.stamp(db, .toilets)) }
        guard nonce != 0 else { return nil }
        let path = ToiletRowFile.path(forFile: store.filePath)
        if let current = ToiletRowFile(currentFor: store.filePath, nonce: nonce) { return current }
        if !failed(path, nonce: nonce), let written = try write(store, nonce: nonce, stamp: stamp, to: path) {
            return written
        }
        var bytes: [UInt8] = []
        try store.read { db in
            try serializeFile(db, nonce: nonce, stamp: stamp) { at, piece in
                if bytes.count < at + piece.count { bytes += repeatElement(0, count: at + piece.count - bytes.count) }
                bytes.withUnsafeMutableBytes {
                    UnsafeMutableRawBufferPointer(rebasing: $0[at..<at + piece.count]).copyMemory(from: piece)
                }
            }
        }
        return ToiletRowFile(file: MappedFile(owning: bytes), path: path, nonce: nonce)
    }

    /// Writes the toilets' file (index and rows) of the state `store` reads beside the
    /// database when the write that made the state did not (places changed by another
    /// program) or the file there is `damaged` (then it is replaced, by a rename like any
    /// other), and returns it as mapped from disk; the file already there when it is of that
    /// state and not `damaged`. Nil when the state has no nonce or is no longer the newest,
    /// the folder cannot be written (a read-only mount: nothing is built at all then), or
    /// writing it for this state failed before (a full disk: not again on every query).
    @discardableResult
    public static func save(for store: LocateStore, damaged: Bool = false) throws -> ToiletRowFile? {
        let (nonce, stamp) = try store.read { db in (try DataNonce.read(db), try LocateStore.stamp(db, .toilets)) }
        let path = ToiletRowFile.path(forFile: store.filePath)
        guard nonce != 0 else { return nil }
        if !damaged, let current = ToiletRowFile(currentFor: store.filePath, nonce: nonce) { return current }
        guard access(CheckedFile.folder(of: path), W_OK) == 0, !failed(path, nonce: nonce) else { return nil }
        return try write(store, nonce: nonce, stamp: stamp, to: path)
    }

    /// The marker a failed write leaves beside the row file at `path`: the data nonce of
    /// the state it failed for. A write for that state is not tried again; the next write
    /// to the database (a new nonce) tries again.
    static func failureMarker(of path: String) -> String { path + ".failed" }

    /// Whether writing the row file at `path` failed for the state with `nonce`.
    static func failed(_ path: String, nonce: Int64) -> Bool {
        (try? String(contentsOfFile: failureMarker(of: path), encoding: .utf8)) == String(nonce)
    }

    /// Streams the file of the state `store` reads to a temporary and renames it to
    /// `path`, only while `nonce` is still the database's (a reader of an older state
    /// leaves the newer state's file alone); the file as mapped from disk, or nil when it
    /// was not written (then, unless the state is no longer the newest, a failure marker
    /// for `nonce` is left). Throws what reading the store throws.
    private static func write(_ store: LocateStore, nonce: Int64, stamp: String, to path: String) throws -> ToiletRowFile? {
        guard DataNonce.current(path: store.filePath) == nonce else { return nil }
        removeDeadTemporaries(of: path)  // of killed earlier builds
        let written = try syncedTemporary(for: path) { put in
            try store.read { db in try serializeFile(db, nonce: nonce, stamp: stamp, to: put) }
        }
        guard let tmp = written else { return failure(path, nonce: nonce) }
        guard DataNonce.current(path: store.filePath) == nonce, rename(tmp, path) == 0 else {
            unlink(tmp)
            return DataNonce.current(path: store.filePath) == nonce ? failure(path, nonce: nonce) : nil
        }
        unlink(failureMarker(of: path))
        removeLegacyFiles(besideDatabase: store.filePath)
        return MappedFile(path: path).flatMap { ToiletRowFile(file: $0, path: path, nonce: nonce) }
    }

    /// A new temporary beside `path` (`createTemporary`) holding what `fill` puts (bytes at
    /// offsets), synced before it is returned: a crash never leaves a sound-looking header
    /// over data that never reached the disk once it is renamed. Nil (and no temporary)
    /// when it cannot be created or written; what `fill` throws otherwise is rethrown (and
    /// no temporary is left).
    static func syncedTemporary(
        for path: String, filling fill: ((Int, UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> String? {
        guard let (tmp, fd) = createTemporary(for: path) else { return nil }
        do {
            try fill { at, piece in
                guard writeAll(piece, to: fd, at: at) else {
                    throw StorageError.cannotWrite(path: tmp, reason: CheckedFile.reason())
                }
            }
        } catch {
            close(fd)
            unlink(tmp)
            if case StorageError.cannotWrite(let failed, _) = error, failed == tmp { return nil }
            throw error
        }
        let synced = fsync(fd) == 0
        guard close(fd) == 0, synced else {
            unlink(tmp)
            return nil
        }
        return tmp
    }

    /// Leaves the failure marker for `nonce` (when even that can be written); nil.
    private static func failure(_ path: String, nonce: Int64) -> ToiletRowFile? {
        try? CheckedFile.replace(failureMarker(of: path), with: Array(String(nonce).utf8))
        return nil
    }

    /// Temporaries made by this process so far (their names' second number).
    static let made = Counter()

    /// A new temporary beside `path`, `<path>.tmp-<pid>-<n>`, created exclusively and never
    /// through a symbolic link: two builders (threads or processes) never write one file,
    /// and a link planted under the name is never followed. Nil when none can be created.
    /// `readable`: opened for reading too.
    static func createTemporary(for path: String, readable: Bool = false) -> (String, Int32)? {
        for _ in 0..<64 {
            let tmp = path + ".tmp-\(getpid())-\(made.next())"
            let fd = Glibc_open(tmp, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 { return (tmp, fd) }
            guard errno == EEXIST || errno == EINTR else { return nil }
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` at offset `at`; false on an error (a full disk).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, at: Int) -> Bool {
        guard var p = bytes.baseAddress else { return true }
        var left = bytes.count
        var offset = at
        while left > 0 {
            let n = pwrite(fd, p, min(left, 1 << 26), off_t(offset))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            p += n
            left -= n
            offset += n
        }
        return true
    }

    /// Removes `<path>.tmp-<pid>[-<n>]` files whose process is gone (killed builds). Our own
    /// process's are never removed: another thread may be writing one.
    static func removeDeadTemporaries(of path: String) {
        let folder = CheckedFile.folder(of: path)
        let prefix = (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        for name in ProcessLiveness.entries(of: folder) where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid != getpid(), !ProcessLiveness.isAlive(pid) else { continue }
            unlink(folder + "/" + name)
        }
    }

    /// Removes the rows file of an older locate (`legacyPath(forFile:)`) and its failure
    /// marker beside the database file `file`, if any.
    static func removeLegacyFiles(besideDatabase file: String) {
        unlink(legacyPath(forFile: file))
        unlink(failureMarker(of: legacyPath(forFile: file)))
    }

    /// The whole toilets' file of the state `db` reads (in the transaction it is in): the
    /// nearest index (`index`, stamped `stamp`, or built from `db` when nil), then the rows
    /// section after it, given to `put` in pieces with their positions (`serialize`); the
    /// index's header, which places the section, comes last.
    /// `captured`: a first load's keeping of its inserts, whose records are the section's
    /// (`FirstLoadCapture`) when it holds the `rows` active rows the index holds, instead of
    /// a scan.
    static func serializeFile(
        _ db: Database, nonce: Int64, stamp: String, index: [UInt8]? = nil,
        captured: (capture: FirstLoadCapture, rows: Int)? = nil,
        to put: (Int, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var indexBytes = try index ?? NearestIndex.serialize(NearestIndex.points(db, kind: .toilets), stamp: stamp)
        let start = NearestIndex.rowsStart(afterIndexOf: indexBytes.count)
        let length: Int
        if let captured, let section = captured.capture.finishedRows(), section.ids.count == captured.rows {
            let dataStart = start + ToiletRowSection.dataStart(rows: section.ids.count)
            try captured.capture.copyRecords { at, piece in try put(dataStart + at, piece) }
            _ = FirstLoadCapture.used.next()
            length = try section.finish(nonce: nonce, stamp: stamp) { at, piece in try put(start + at, piece) }
        } else {
            length = try serialize(db, nonce: nonce, stamp: stamp) { at, piece in try put(start + at, piece) }
        }
        indexBytes.replaceSubrange(64..<80, with: NearestIndex.rowsFields(indexBytes: indexBytes.count, length: length))
        if start > indexBytes.count { indexBytes += repeatElement(0, count: start - indexBytes.count) }
        try indexBytes.withUnsafeBytes { try put(0, $0) }
    }

    /// The rows section for the active toilets `db` reads (in the transaction it is in),
    /// stamped `nonce` and `stamp`, given to `put` in pieces with their positions in the
    /// section (`ToiletRowSection`). Returns the section's size.
    @discardableResult
    static func serialize(
        _ db: Database, nonce: Int64, stamp: String, to put: (Int, UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        // One transaction: the count and the rows are of one state.
        let n = try Int.fetchOne(db, sql: "SELECT count(*) FROM toilets WHERE \(PlaceStatus.isActive())") ?? 0
        let dataStart = ToiletRowSection.dataStart(rows: n)
        var section = ToiletRowSection(expectedRows: n)
        let flush = { (at: Int, piece: UnsafeRawBufferPointer) in try put(dataStart + at, piece) }
        let statement = try db.makeStatement(
            sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE \(PlaceStatus.isActive()) ORDER BY id")
        let rows = try Row.fetchCursor(statement)
        let columns = ToiletRowColumns(statement)
        while try rows.next() != nil { try section.append(columns, flush: flush) }
        try section.flushChunk(to: flush)
        guard section.ids.count == n else {
            throw StorageError.sqlFailed(
                sql: "SELECT count(*) FROM toilets", reason: "\(n) rows counted, \(section.ids.count) read")
        }
        return try section.finish(nonce: nonce, stamp: stamp, to: put)
    }
}

/// A number that only grows, shared by threads.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The number `next()` gives next.
    var peek: Int { value.withLock { $0 } }

    /// The next number (0 first).
    func next() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
