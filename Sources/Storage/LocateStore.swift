internal import CSpatial
import Foundation
import GRDB

/// The locate database: a SQLite file with SpatiaLite metadata (EPSG:4326 storage), opened
/// through GRDB. Writable stores load `mod_spatialite` into their connection and run the
/// migrations; read-only stores (queries) skip SpatiaLite entirely, since queries read plain
/// columns and the nearest-search index.
public final class LocateStore {
    /// The database file path.
    public let path: String
    let queue: DatabaseQueue

    /// Opens (creating when missing) a writable store and brings its schema up to date.
    public init(path: String) throws {
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        let folder = dir.isEmpty ? "." : dir
        if !FileManager.default.fileExists(atPath: folder) {
            throw StorageError.cannotOpen(path: path, reason: "folder \(folder) does not exist")
        }
        if FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.isWritableFile(atPath: path) else {
                throw StorageError.notWritable(path: path, reason: "file is read-only")
            }
        } else if !FileManager.default.isWritableFile(atPath: folder) {
            throw StorageError.notWritable(path: path, reason: "folder \(folder) is read-only")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw StorageError.cannotOpen(path: path, reason: "is a folder")
        }
        let existed = FileManager.default.fileExists(atPath: path)
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.prepareDatabase { db in
            try LocateStore.loadSpatiaLite(db)
            try db.execute(sql: "PRAGMA cache_size = -262144")  // 256 MiB: R*Tree builds thrash smaller caches
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError where e.resultCode == .SQLITE_CANTOPEN && !existed {
            throw StorageError.notWritable(path: path, reason: "cannot create the file in \(folder)")
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
        try Schema.setUp(queue, path: path)
    }

    /// Opens an existing store read-only (no SpatiaLite needed).
    public init(readingAt path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StorageError.cannotOpen(path: path, reason: "no such file (run `locate ingest` first)")
        }
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            try queue.read { db in try Schema.checkCurrent(db, path: path) }
        } catch let e as StorageError {
            throw e
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
    }

    /// SQLite's process-wide setup, done once before the first connection opens
    /// (`cspatial_configure_sqlite`: multi-thread mode, no memory statistics). GRDB gives
    /// each connection to one thread at a time, which is what multi-thread mode requires.
    static let sqliteConfigured: Bool = cspatial_configure_sqlite() == SQLITE_OK

    static func loadSpatiaLite(_ db: Database) throws {
        guard let handle = db.sqliteConnection else {
            throw StorageError.spatialiteUnavailable(reason: "no connection")
        }
        _ = cspatial_enable_load_extension(handle)
        var message: UnsafeMutablePointer<CChar>? = nil
        let rc = sqlite3_load_extension(handle, "mod_spatialite", nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "code \(rc)"
            sqlite3_free(message)
            throw StorageError.spatialiteUnavailable(reason: text)
        }
    }

    /// Maps any error from GRDB or SQLite to a short lower-case reason.
    static func reason(_ error: any Error) -> String {
        if let e = error as? DatabaseError {
            return (e.message ?? "\(e.resultCode)").lowercased()
        }
        return "\(error)"
    }

    /// Runs `body` in one write transaction; any thrown error rolls everything back.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.write(body)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError {
            if e.resultCode == .SQLITE_READONLY {
                throw StorageError.notWritable(path: path, reason: LocateStore.reason(e))
            }
            throw StorageError.sqlFailed(sql: String((e.sql ?? "").prefix(120)), reason: LocateStore.reason(e))
        }
    }

    /// Runs `body` with a read-only view of the database.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError {
            throw StorageError.sqlFailed(sql: String((e.sql ?? "").prefix(120)), reason: LocateStore.reason(e))
        }
    }

    /// A SHA-256 over every row of `ingest_runs` and `toilets`, in row id order, and the size of
    /// the toilets' R*Tree: equal digests mean equal content. Tests use it to prove a failed
    /// ingest changed nothing.
    public func contentDigest() throws -> String {
        try read { db in
            var hasher = SHA256Hasher()
            for table in ["ingest_runs", "toilets"] {
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY rowid")
                while let row = try rows.next() {
                    hasher.update(Array(row.description.utf8))
                }
            }
            let rtree = try Int.fetchOne(db, sql: "SELECT count(*) FROM idx_toilets_geom") ?? 0
            hasher.update(Array("rtree \(rtree)".utf8))
            return hasher.finalize().hexString
        }
    }
}
