import Foundation
internal import GRDB
import Geo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ToiletRowFile {
    /// The row file of the state `store` reads: the one beside the database when it is of
    /// that state, else built from the store and written there for the next reader (in
    /// memory only when it cannot be written). Nil when the state has no data nonce (a
    /// database no locate with nonces has written since): its files could not be checked.
    public static func make(for store: LocateStore) throws -> ToiletRowFile? {
        let (nonce, stamp) = try store.read { db in (try DataNonce.read(db), try LocateStore.indexStamp(db)) }
        guard nonce != 0 else { return nil }
        let path = ToiletRowFile.path(forFile: store.filePath)
        if let current = ToiletRowFile(currentFor: store.filePath, nonce: nonce) { return current }
        let bytes = try serialize(store, nonce: nonce, stamp: stamp)
        return write(bytes, to: path, database: store.filePath, nonce: nonce)
            ?? ToiletRowFile(file: MappedFile(owning: bytes), path: path, nonce: nonce)
    }

    /// Writes the row file of the state `store` reads beside the database for the next
    /// query, unless one is there, the state has no nonce or is no longer the newest, or the
    /// folder cannot be written (a read-only mount: nothing is built at all then).
    public static func save(for store: LocateStore) throws {
        let (nonce, stamp) = try store.read { db in (try DataNonce.read(db), try LocateStore.indexStamp(db)) }
        let path = ToiletRowFile.path(forFile: store.filePath)
        guard nonce != 0, access(CheckedFile.folder(of: path), W_OK) == 0,
            ToiletRowFile(currentFor: store.filePath, nonce: nonce) == nil,
            DataNonce.current(path: store.filePath) == nonce
        else { return }
        _ = write(try serialize(store, nonce: nonce, stamp: stamp), to: path, database: store.filePath, nonce: nonce)
    }

    /// Writes `bytes` under a temporary name and renames it to `path`, only while `nonce`
    /// is still the database's (a reader of an older state leaves the newer state's file
    /// alone); the file as mapped from disk, or nil when it was not written.
    private static func write(_ bytes: [UInt8], to path: String, database: String, nonce: Int64) -> ToiletRowFile? {
        guard DataNonce.current(path: database) == nonce else { return nil }
        removeDeadTemporaries(of: path)  // of killed earlier builds
        guard let (tmp, fd) = createTemporary(for: path) else { return nil }
        // Synced before the rename: a crash never leaves a sound-looking header over data
        // that never reached the disk.
        let written = bytes.withUnsafeBytes { writeAll($0, to: fd) } && fsync(fd) == 0
        guard close(fd) == 0, written, rename(tmp, path) == 0 else {
            unlink(tmp)
            return nil
        }
        return MappedFile(path: path).flatMap { ToiletRowFile(file: $0, path: path, nonce: nonce) }
    }

    /// Temporaries made by this process so far (their names' second number).
    static let made = Counter()

    /// A new temporary beside `path`, `<path>.tmp-<pid>-<n>`, created exclusively and never
    /// through a symbolic link: two builders (threads or processes) never write one file,
    /// and a link planted under the name is never followed. Nil when none can be created.
    static func createTemporary(for path: String) -> (String, Int32)? {
        for _ in 0..<64 {
            let tmp = path + ".tmp-\(getpid())-\(made.next())"
            let fd = Glibc_open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 { return (tmp, fd) }
            guard errno == EEXIST || errno == EINTR else { return nil }
        }
        return nil
    }

    /// Writes all of `bytes` to `fd`; false on an error (a full disk).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard var p = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = Glibc_write(fd, p, min(left, 1 << 26))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            p += n
            left -= n
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

    /// The file's bytes for the active toilets `store` reads, stamped `nonce` and `stamp`.
    static func serialize(_ store: LocateStore, nonce: Int64, stamp: String) throws -> [UInt8] {
        var ids: [Int64] = []
        var offsets: [Int64] = [0]
        var data: [UInt8] = []
        var datasets = Set<String>()
        var box = (w: Double.infinity, s: Double.infinity, e: -Double.infinity, n: -Double.infinity)
        try store.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE \(PlaceStatus.isActive()) ORDER BY id")
            while let r = try rows.next() {
                let t = ToiletRow.streamed(r)
                ids.append(t.rowID)
                ToiletRowCoding.encode(t, into: &data)
                offsets.append(Int64(data.count))
                datasets.insert(t.dataset)
                box.w = min(box.w, t.coordinate.longitude)
                box.s = min(box.s, t.coordinate.latitude)
                box.e = max(box.e, t.coordinate.longitude)
                box.n = max(box.n, t.coordinate.latitude)
            }
        }
        var names: [UInt8] = []
        for name in datasets.sorted() {
            withUnsafeBytes(of: UInt32(name.utf8.count).littleEndian) { names += $0 }
            names += name.utf8
        }
        var header = [UInt8](repeating: 0, count: headerSize)
        func put<T>(_ value: T, at offset: Int) {
            withUnsafeBytes(of: value) { header.replaceSubrange(offset..<offset + $0.count, with: $0) }
        }
        header.replaceSubrange(0..<8, with: magic)
        put(nonce.littleEndian, at: 8)
        put(Int64(ids.count).littleEndian, at: 16)
        put(Int64(data.count).littleEndian, at: 24)
        header.replaceSubrange(32..<72, with: NearestIndex.stampField(stamp))
        if !ids.isEmpty {
            for (i, v) in [box.w, box.s, box.e, box.n].enumerated() { put(v.bitPattern.littleEndian, at: 72 + 8 * i) }
        }
        put(Int64(names.count).littleEndian, at: 104)
        put(header.withUnsafeBytes { hash(UnsafeRawBufferPointer(rebasing: $0[0..<112])) }.littleEndian, at: 112)
        var out = header
        out.reserveCapacity(headerSize + 16 * ids.count + 8 + data.count + names.count)
        ids.withUnsafeBytes { out += $0 }
        offsets.withUnsafeBytes { out += $0 }
        out += data
        out += names
        return out
    }
}

/// A number that only grows, shared by threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The number `next()` gives next.
    var peek: Int { lock.withLock { value } }

    /// The next number (0 first).
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
