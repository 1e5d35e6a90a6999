import Foundation
public import SpatialIndex

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The nearest index of a store: opened for (or built from) the state it reads, and where
/// its file lies beside the database (the file format and the search are `SpatialIndex`'s).
extension NearestIndex {
    /// Opens the index of `store`. The write that changes places writes it (`DerivedFiles`);
    /// when it is missing, damaged or of another state (places changed by another program),
    /// it is built from the store and, while that state is still the newest, written beside
    /// the database for the next reader (replaced by a rename). When it cannot be written
    /// (a folder that is not writable, a write that failed for this state, a state no longer
    /// the newest) the index alone is built in memory for this process, and rows come from
    /// SQLite. The toilets' file is trusted only with its rows section sound too (a layout of
    /// another locate, a damaged section: rebuilt), and is written whole by
    /// `ToiletRowFile.save(for:damaged:)`, its one builder besides the write.
    public static func open(for store: LocateStore, kind: PlaceKind = .toilets) throws -> NearestIndex {
        let nonce = try store.read { db in try DataNonce.read(db, kind: kind) }
        let stamp = LocateStore.stamp(kind, nonce: nonce)
        let path = NearestIndex.path(for: store, kind: kind)
        var damaged = false
        if let f = MappedFile(path: path), let index = NearestIndex(file: f, path: path, stamp: stamp) {
            guard kind == .toilets else { return index }
            if let rows = index.rows, rows.rowCount == index.count { return index }
            damaged = true
        }
        if kind == .toilets, nonce != 0, let rows = try ToiletRowFile.save(for: store, damaged: damaged),
            let index = NearestIndex(file: rows.file, path: path, stamp: stamp)
        {
            return index
        }
        let bytes = try build(store, kind: kind, stamp: stamp)
        if kind != .toilets, DataNonce.current(path: store.filePath, kind: kind) == nonce, replace(path, with: bytes),
            let f = MappedFile(path: path), let index = NearestIndex(file: f, path: path, stamp: stamp)
        {
            return index
        }
        guard let index = NearestIndex(file: MappedFile(owning: bytes), path: path, stamp: stamp) else {
            throw StorageError.sqlFailed(sql: "nearest index", reason: "built index does not verify")
        }
        return index
    }

    /// The index of the state `store` reads, built from it in memory (a damaged file on disk
    /// is never read again by the finder that found the damage).
    public static func built(for store: LocateStore, kind: PlaceKind = .toilets) throws -> NearestIndex {
        let nonce = try store.read { db in try DataNonce.read(db, kind: kind) }
        let stamp = LocateStore.stamp(kind, nonce: nonce)
        let bytes = try build(store, kind: kind, stamp: stamp)
        guard let index = NearestIndex(file: MappedFile(owning: bytes), path: path(for: store, kind: kind), stamp: stamp)
        else { throw StorageError.sqlFailed(sql: "nearest index", reason: "built index does not verify") }
        return index
    }

    /// The rows section of this index's file (toilets), verified as the rows of the index's
    /// state; nil when it has none.
    public var rows: ToiletRowFile? { ToiletRowFile(file: file, path: path, nonce: nil) }

    /// Writes `bytes` to a temporary beside `path` and renames it to `path`, so a reader maps
    /// the old or the new file whole; false when it cannot be written. The temporary is made
    /// exclusively with a name of its own and synced (`ToiletRowFile.syncedTemporary`): two
    /// server threads rebuilding the same index once shared `<path>.tmp-<pid>`, so one could
    /// rename the other's half-written file into place.
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        // Of killed earlier builds, in both namings (`<path>.tmp-<pid>[-<n>]`).
        ToiletRowFile.removeDeadTemporaries(of: path)
        let written = try? ToiletRowFile.syncedTemporary(for: path) { put in
            try bytes.withUnsafeBytes { try put(0, $0) }
        }
        guard let tmp = written ?? nil else { return false }
        guard rename(tmp, path) == 0 else {
            unlink(tmp)
            return false
        }
        return true
    }

    /// The index of `kind` beside the database file at `databasePath` when it was built from
    /// the state stamped `stamp` (a row file's `indexStamp`); nil when it is missing, of
    /// another state, or damaged. Reads no SQL.
    public static func existing(database databasePath: String, kind: PlaceKind = .toilets, stamp: String) -> NearestIndex? {
        let path = path(forFile: databasePath, kind: kind)
        guard let f = MappedFile(path: path) else { return nil }
        return NearestIndex(file: f, path: path, stamp: stamp)
    }

    /// The cache file of `kind` beside the database: `<db>.<table>.kdt` (beside
    /// `<db>.partial` while a first run builds the database there).
    public static func path(for store: LocateStore, kind: PlaceKind) -> String { path(forFile: store.filePath, kind: kind) }

    /// The cache file of `kind` beside the database file `file`.
    static func path(forFile file: String, kind: PlaceKind) -> String { path(forFile: file, table: kind.table) }
}
