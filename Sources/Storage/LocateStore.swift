internal import CSpatial
import Digests
import Files
import Foundation
import GRDB
import SpatialIndex

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The locate database: a SQLite file with SpatiaLite metadata (EPSG:4326 storage), opened
/// through GRDB. Writable stores load `mod_spatialite` into their connection, run the
/// migrations and keep the file in WAL mode (https://sqlite.org/wal.html), holding the
/// database's `WriteLock` while open; read-only stores (queries) skip SpatiaLite entirely,
/// since queries read plain columns and the nearest-search index, and read one committed
/// state for their whole life, whatever a writer commits meanwhile.
public final class LocateStore {
    /// The database file path.
    public let path: String
    /// The file the connection is open on: `path`, or `<path>.partial` while a store made
    /// with `WriteAccess.createsOnClose` builds a new database.
    let filePath: String
    private let queue: DatabaseQueue
    private var lock: WriteLock?
    private var closed = false
    /// How long SQLite waits for a lock held by a program other than locate.
    private var busySeconds = 0.0
    /// Told around each publication of a write (`WriteAccess.commitGate`).
    private var commitGate: (@Sendable (WriteAccess.CommitPhase) -> Void)?
    /// Nearest indexes a first load serialises on the side while its write goes on, by kind,
    /// for the derived files the write writes (`DerivedFiles`).
    let pendingIndexes = PendingIndexes()

    /// Opens (creating when missing) a writable store and brings its schema up to date,
    /// after taking the database's write lock as `access` says (by default: no waiting).
    public init(path: String, access: WriteAccess = WriteAccess()) throws {
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
        let lock = try WriteLock(
            database: path, waitSeconds: access.waitSeconds, holder: access.holder, onWait: access.onWait)
        let existed = FileManager.default.fileExists(atPath: path)
        let file = !existed && access.createsOnClose ? path + ".partial" : path
        // Under the lock, a partial file can only be a leftover of a killed first run (also
        // one killed after its database appeared), and the side files of a database that is
        // gone are stale: SQLite would replay an old `-wal` or `-journal` onto a new file.
        LocateStore.removeFiles(of: path + ".partial")
        if !existed { LocateStore.removeFiles(of: path) }
        let busySeconds = max(access.waitSeconds, 1)
        // Before the writable connection, which switches the file to WAL mode.
        if existed, !access.updatesForeign { try ForeignDatabase.refuse(path) }
        do {
            queue = try LocateStore.openWritable(
                file, path: path, busySeconds: busySeconds, existed: existed, building: file != path)
            try Schema.setUp(queue, path: path, busySeconds: busySeconds)
        } catch {
            if file != path { LocateStore.removeFiles(of: file) }
            throw error
        }
        self.filePath = file
        self.lock = lock
        self.busySeconds = busySeconds
        self.commitGate = access.commitGate
    }

    /// Opens an existing store read-only (no SpatiaLite needed). The store reads the state
    /// committed when it opened, for its whole life: a writer that commits meanwhile is
    /// neither waited for nor seen, so a query never mixes two states.
    public init(readingAt path: String) throws {
        self.path = path
        self.filePath = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StorageError.cannotOpen(path: path, reason: "no such file (run `locate ingest` first)")
        }
        do {
            do {
                queue = try LocateStore.openSnapshot(path)
            } catch let e as DatabaseError
                where e.resultCode.primaryResultCode == .SQLITE_READONLY
                && FileManager.default.fileExists(atPath: path + "-journal")
            {
                // A write killed before it committed left a hot rollback journal (a database
                // last written by a locate that did not use WAL): only a writer can roll it
                // back, so roll it back, then read.
                try LocateStore.rollBackJournal(path)
                queue = try LocateStore.openSnapshot(path)
            } catch let e as DatabaseError
                where e.resultCode.primaryResultCode == .SQLITE_CANTOPEN && !LocateStore.folderIsWritable(of: path)
            {
                // SQLite cannot create the shared-memory file WAL readers use beside the
                // database. On a read-only mount nothing can change the file, and with no
                // write-ahead log left (every locate writer folds it back when it closes) the
                // file alone is the whole state: read it as immutable. A folder that is only
                // closed to this user may be written by another (cron's ingest): reading it
                // as immutable then could see a half-written state, so that is refused.
                guard LocateStore.isOnReadOnlyMount(path) else {
                    throw StorageError.cannotOpen(
                        path: path,
                        reason:
                            "its folder is not writable for this user, and SQLite's WAL readers create \(path)-shm there: allow writing to the folder, or serve the database from a read-only mount"
                    )
                }
                guard !FileManager.default.fileExists(atPath: path + "-wal") else {
                    throw StorageError.cannotOpen(
                        path: path,
                        reason:
                            "its folder is read-only and it has an unfinished write-ahead log (\(path)-wal): open it once where it can be written"
                    )
                }
                queue = try LocateStore.openSnapshot(path, opening: LocateStore.immutableURI(path))
            }
        } catch let e as StorageError {
            throw e
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
    }

    deinit {
        guard !closed, lock != nil else { return }
        try? queue.close()
        if filePath != path { LocateStore.removeFiles(of: filePath) }
    }

    /// Closes a writable store: the connection (SQLite folds the write-ahead log back into
    /// the file), then, for a database this store created under `<path>.partial`
    /// (`WriteAccess.createsOnClose`), moves it into place, then lets go of the write lock.
    /// A store dropped without `close()` that was creating its database removes the
    /// partial files instead: a failed first run leaves nothing behind.
    public func close() throws {
        guard !closed else { return }
        do {
            if filePath != path {
                // The new database leaves its private build mode: WAL from now on, then
                // every byte on disk before it appears under its name.
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA synchronous = FULL")
                    let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    guard mode == "wal" else {
                        throw StorageError.notWritable(path: path, reason: "cannot use WAL mode (\(mode ?? "?"))")
                    }
                }
            }
            try queue.close()
            if filePath != path { try LocateStore.sync(filePath, path: path) }
        } catch let e as StorageError {
            throw e
        } catch {
            throw StorageError.sqlFailed(sql: "close", reason: LocateStore.reason(error))
        }
        closed = true
        defer { lock = nil }
        guard filePath != path else { return }
        // Side files of a database that is gone (SQLite would replay an old `-wal` onto the
        // new file); never those of a database another program made at the path meanwhile,
        // which it may have open and mapped (then link(2) below fails instead).
        var existing = stat()
        if lstat(path, &existing) != 0 { for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) } }
        // link(2) fails rather than replace a file that appeared at the path meanwhile; on a
        // file system without hard links (vfat, some network mounts) the lock we hold makes
        // a rename after checking the path just as safe.
        commitGate?(.begin)
        var linked = link(filePath, path) == 0
        if !linked, [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(errno), !FileManager.default.fileExists(atPath: path) {
            linked = rename(filePath, path) == 0
        }
        let linkError = errno
        commitGate?(.end(published: linked))
        errno = linkError
        guard linked else {
            let reason = String(cString: strerror(errno)).lowercased()
            LocateStore.removeFiles(of: filePath)
            throw StorageError.notWritable(path: path, reason: "cannot move the new database into place: \(reason)")
        }
        for kind in PlaceKind.allCases {
            rename(NearestIndex.path(forFile: filePath, kind: kind), NearestIndex.path(forFile: path, kind: kind))
        }
        rename(ToiletRowFile.path(forFile: filePath), ToiletRowFile.path(forFile: path))
        LocateStore.removeFiles(of: filePath)
        let dir = (path as NSString).deletingLastPathComponent
        CheckedFile.syncFolder(dir.isEmpty ? "." : dir)
    }

    /// Flushes `file` to disk (fsync), failing with the system's reason.
    private static func sync(_ file: String, path: String) throws {
        do {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw CocoaError(.fileNoSuchFile) }
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            throw StorageError.notWritable(path: path, reason: "cannot sync the new database: \(error.localizedDescription)")
        }
    }

    /// Opens the writable connection on `file`: SpatiaLite, a large page cache, WAL mode
    /// (set once in the file; readers then never wait for a writer) and SQLite's busy
    /// timeout, set after SpatiaLite since loading it sets its own.
    ///
    /// A new database being built under `<path>.partial` (`building`) is private until
    /// `close()` moves it into place, and thrown away if the run fails or is killed: it is
    /// written with the rollback journal in memory and without syncs (a first load of a
    /// million rows would otherwise write every page twice, to the WAL and back), and
    /// `close()` switches it to WAL and syncs it before it appears.
    private static func openWritable(
        _ file: String, path: String, busySeconds: Double, existed: Bool, building: Bool
    ) throws -> DatabaseQueue {
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        let busyMilliseconds = Int(min(busySeconds, 86_400) * 1000)
        config.prepareDatabase { db in
            try LocateStore.loadSpatiaLite(db)
            try db.execute(sql: "PRAGMA busy_timeout = \(busyMilliseconds)")
            try db.execute(sql: "PRAGMA cache_size = -262144")  // 256 MiB: R*Tree builds thrash smaller caches
            if building {
                try db.execute(sql: "PRAGMA synchronous = OFF")
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = MEMORY")
                return
            }
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw StorageError.notWritable(path: path, reason: "cannot use WAL mode (\(mode ?? "?"))")
            }
        }
        do {
            return try DatabaseQueue(path: LocateStore.literal(file), configuration: config)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError where e.resultCode.primaryResultCode == .SQLITE_BUSY {
            throw StorageError.busy(path: path, holder: nil, waitedSeconds: busySeconds)
        } catch let e as DatabaseError where e.resultCode.primaryResultCode == .SQLITE_CANTOPEN && !existed {
            let dir = (path as NSString).deletingLastPathComponent
            throw StorageError.notWritable(path: path, reason: "cannot create the file in \(dir.isEmpty ? "." : dir)")
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
    }

    /// A read-only connection inside one deferred read transaction, begun by the schema
    /// check: every later read sees that snapshot. A writer's lock is waited for up to 10 s
    /// (only a database still in rollback-journal mode takes one that readers notice).
    private static func openSnapshot(_ path: String, opening file: String? = nil) throws -> DatabaseQueue {
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.readonly = true
        config.allowsUnsafeTransactions = true
        config.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: file ?? LocateStore.literal(path), configuration: config)
        try queue.inDatabase { db in
            try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
            try Schema.checkCurrent(db, path: path)
        }
        return queue
    }

    /// Whether this process may create files beside `path` (WAL's `-shm`).
    private static func folderIsWritable(of path: String) -> Bool {
        let dir = (path as NSString).deletingLastPathComponent
        return access(dir.isEmpty ? "." : dir, W_OK) == 0
    }

    /// Whether `path`'s folder is on a file system mounted read-only.
    static func isOnReadOnlyMount(_ path: String) -> Bool {
        let dir = (path as NSString).deletingLastPathComponent
        var info = statvfs()
        guard statvfs(dir.isEmpty ? "." : dir, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// `path` as SQLite must be given it: URI file names are on (for `immutableURI`), so a
    /// plain path that happens to start with `file:` is made relative (`./file:…`).
    static func literal(_ path: String) -> String { path.hasPrefix("file:") ? "./" + path : path }

    /// `path` as an SQLite URI that opens it immutable: no locks, no shared memory.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Rolls back the hot journal a killed writer left (opening the file for writing does
    /// it), or says why it cannot be done.
    private static func rollBackJournal(_ path: String) throws {
        do {
            var config = Configuration()
            config.busyMode = .timeout(10)
            let writer = try DatabaseQueue(path: LocateStore.literal(path), configuration: config)
            try writer.close()
        } catch {
            throw StorageError.cannotOpen(
                path: path,
                reason: "an interrupted write left \(path)-journal, and undoing it needs write access (\(reason(error)))")
        }
    }

    /// Removes what a run that creates the database at `path` has made so far (`<path>.partial`
    /// with its side and derived files) and the lock file: for a signal handler of the process
    /// that holds the database's write lock (only the holder writes these), just before it
    /// exits. The kernel drops the lock itself as the process ends.
    /// The lock file is removed only while it names this process (its successor's never).
    public static func discardUnfinished(creating: Bool, path: String) {
        let lockFile = path + ".lock"
        let text = (try? String(contentsOfFile: lockFile, encoding: .utf8)) ?? ""
        guard text.hasPrefix("pid \(getpid()):") else { return }
        if creating { removeFiles(of: path + ".partial") }
        unlink(lockFile)
    }

    /// Removes a partial database file, its SQLite side files (`-wal`, `-shm`, `-journal`),
    /// its derived files (one per place kind) and the toilets' file's failure marker.
    static func removeFiles(of file: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(file + suffix) }
        for kind in PlaceKind.allCases { unlink(NearestIndex.path(forFile: file, kind: kind)) }
        unlink(ToiletRowFile.failureMarker(of: ToiletRowFile.path(forFile: file)))
        ToiletRowFile.removeLegacyFiles(besideDatabase: file)
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

    /// Runs `body` in one write transaction; any thrown error rolls everything back. The
    /// transaction is marked as ours (`DataNonce`): each place kind it changes gets one fresh
    /// data nonce at its end, and the derived files of that kind of the state it commits are
    /// built in it and put in place after the commit (`DerivedFiles`), so no reader has to
    /// build them. A write that changes no place (a submission, a token, air readings) keeps
    /// the nonces and the files.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        let derived = DerivedFiles(databaseFile: filePath)
        defer { pendingIndexes.withLock { $0.removeAll() } }
        // The commit of a database in place publishes the write (`WriteAccess.commitGate`).
        let gate = filePath == path ? commitGate : nil
        var gateOpen = false
        defer { if gateOpen { gate?(.end(published: false)) } }
        do {
            let result = try queue.write { db in
                try DataNonce.beginWrite(db)
                let result = try body(db)
                let pending = pendingIndexes.withLock { $0 }
                for (kind, nonce) in try DataNonce.finishWrite(db) {
                    derived.build(db, kind: kind, nonce: nonce, pending: pending[kind])
                }
                if let gate {
                    gate(.begin)
                    gateOpen = true
                }
                return result
            }
            if gateOpen {
                gateOpen = false
                gate?(.end(published: true))
            }
            derived.putInPlace()
            return result
        } catch let e as StorageError {
            derived.discard()
            throw e
        } catch let e as DatabaseError {
            derived.discard()
            if e.resultCode.primaryResultCode == .SQLITE_READONLY {
                throw StorageError.notWritable(path: path, reason: LocateStore.reason(e))
            }
            if e.resultCode.primaryResultCode == .SQLITE_BUSY {
                throw StorageError.busy(path: path, holder: nil, waitedSeconds: busySeconds)
            }
            throw StorageError.sqlFailed(sql: String((e.sql ?? "").prefix(120)), reason: LocateStore.reason(e))
        } catch {
            derived.discard()
            throw error
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

    /// A SHA-256 over every row of `ingest_runs`, `toilets`, `overrides` and
    /// `contribution_decisions`, in row id order, and the size of the toilets' R*Tree: equal
    /// digests mean equal content. Tests use it to prove a failed ingest changed nothing.
    public func contentDigest() throws -> String {
        try read { db in
            var hasher = SHA256Hasher()
            for table in ["ingest_runs", "toilets", "overrides", "contribution_decisions"] {
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
