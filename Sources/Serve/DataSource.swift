import Foundation
import Query
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One reader of one committed state: a read-only store (which reads the state committed
/// when it opened, for its whole life) with its finders. Used by one request at a time.
final class Reader {
    let store: LocateStore
    let toilets: ToiletFinder
    let stations: StationFinder

    init(
        store: LocateStore, cache: ToiletRowCache, openStates: OpenStateCache, oneDataset: Bool, rows: ToiletRowSource
    ) throws {
        self.store = store
        toilets = try ToiletFinder(store: store)
        toilets.rowSource = rows
        toilets.rowCache = cache
        toilets.openStates = openStates
        toilets.oneDataset = oneDataset
        stations = StationFinder(store: store)
    }
}

/// One committed state of the database, read by a few readers at once (one per core): every
/// request is answered from one state, so it never sees half an ingest.
final class DataState: @unchecked Sendable {
    /// The data version (`LocateStore.dataVersion()`): ETags derive from it.
    let version: String
    /// When the newest run finished (Last-Modified), or nil before the first run.
    let lastModified: Date?
    private let lock = NSCondition()
    private var free: [Reader]

    init(version: String, lastModified: Date?, readers: [Reader]) {
        self.version = version
        self.lastModified = lastModified
        self.free = readers
    }

    /// Runs `body` with a reader of this state, waiting for one to be free (a lock, not the
    /// reader, guards the non-Sendable store: only one thread uses a reader at a time).
    func withReader<T>(_ body: (Reader) throws -> T) throws -> T {
        lock.lock()
        while free.isEmpty { lock.wait() }
        let reader = free.removeLast()
        lock.unlock()
        defer {
            lock.lock()
            free.append(reader)
            lock.signal()
            lock.unlock()
        }
        return try body(reader)
    }
}

/// The database as the server reads it: the current state, replaced by a new one when an
/// ingest commits. A request checks the database file and its write-ahead log (one `stat`
/// each) and the header of SQLite's WAL index (`-shm`, which every commit changes: its
/// change counter, frame count and salts; https://sqlite.org/walformat.html); when any of
/// them changed, it opens the newest committed state and, when its data version differs,
/// answers from it: the next request after an ingest sees it.
final class DataSource: @unchecked Sendable {
    let path: String
    private let readerCount: Int
    private let cachedPlaces: Int
    private let shmPath: String
    private let walPath: String
    private let lock = NSLock()
    private let refreshLock = NSLock()
    private var state: DataState?
    private var signature = Signature(header: [], files: [])
    /// The open `-shm` file and the `files` of the signature it was opened at (`shmLock`).
    private let shmLock = NSLock()
    private var shmDescriptor: Int32 = -1
    private var shmFiles: [Int] = []
    /// Builds the row files of the versions this source opens, one at a time.
    private let rowBuilder: RowFileBuilder

    /// A source with `readers` readers per state, sharing a cache of `cachedPlaces` rows.
    init(path: String, readers: Int, cachedPlaces: Int) {
        self.path = path
        self.readerCount = max(1, readers)
        self.cachedPlaces = cachedPlaces
        rowBuilder = RowFileBuilder(path: path)
        shmPath = path + "-shm"
        walPath = path + "-wal"
    }

    deinit {
        if shmDescriptor >= 0 { close(shmDescriptor) }
    }

    /// The newest committed state; throws `ServeError.unavailable` when the database cannot
    /// be read.
    func current() throws -> DataState {
        let seen = fileSignature()
        lock.lock()
        if let state, seen == signature {
            lock.unlock()
            return state
        }
        lock.unlock()
        refreshLock.lock()
        defer { refreshLock.unlock() }
        let now = fileSignature()
        lock.lock()
        if let state, now == signature {
            lock.unlock()
            return state
        }
        let old = state
        lock.unlock()
        // The signature is taken before the state is opened: a commit after it changes the
        // files again, and the next request looks again.
        let fresh = try open(keeping: old)
        lock.lock()
        state = fresh
        signature = now
        lock.unlock()
        return fresh
    }

    private func open(keeping old: DataState?) throws -> DataState {
        do {
            for _ in 0..<5 {
                let first = try LocateStore(readingAt: path)
                let version = try first.dataVersion()
                if let old, old.version == version { return old }
                let cache = ToiletRowCache(capacity: cachedPlaces)
                let openStates = OpenStateCache(capacity: cachedPlaces)
                let oneDataset = try first.activePlacesAreOfOneDataset(.toilets)
                let rows = ToiletRowSource()
                let nonce = try first.dataNonce()
                var readers = [
                    try Reader(store: first, cache: cache, openStates: openStates, oneDataset: oneDataset, rows: rows)
                ]
                while readers.count < readerCount {
                    let store = try LocateStore(readingAt: path)
                    // The data version only: writes that keep it (a review that rejects, a
                    // submission) change nothing the rows show, and must not make opening fail.
                    guard try store.dataVersion() == version else { break }
                    readers.append(
                        try Reader(store: store, cache: cache, openStates: openStates, oneDataset: oneDataset, rows: rows))
                }
                guard readers.count == readerCount else { continue }  // an ingest committed meanwhile
                let finish = try first.newestFinish().flatMap(DataSource.instant)
                fillRows(rows, version: version, nonce: nonce)
                return DataState(version: version, lastModified: finish, readers: readers)
            }
            throw ServeError.unavailable("\(path) changed five times while it was being opened")
        } catch let e as ServeError {
            throw e
        } catch {
            throw ServeError.unavailable("\(error)")
        }
    }

    /// Gives the readers of data version `version` (data nonce `nonce`) its row file: the
    /// one beside the database when it is of that state, else one the builder makes (its
    /// readers read rows through SQLite until it is ready). Nothing when the state has no
    /// nonce.
    private func fillRows(_ rows: ToiletRowSource, version: String, nonce: Int64) {
        guard nonce != 0 else { return }
        if let file = ToiletRowFile(currentFor: path, nonce: nonce) { return rows.fill(file) }
        rowBuilder.enqueue(RowFileBuilder.Job(rows: rows, version: version))
    }

    /// What `fileSignature()` compares.
    private struct Signature: Equatable {
        var header: [UInt8]
        var files: [Int]
    }

    /// Inode, size and modification time of the database and its write-ahead log, the inode
    /// of the WAL index (`-shm`) and its header's 96 bytes (both copies): any commit changes
    /// them.
    private func fileSignature() -> Signature {
        var files = [path, walPath].flatMap { file -> [Int] in
            var s = stat()
            guard stat(file, &s) == 0 else { return [0, 0, 0, 0] }
            #if canImport(Darwin)
                return [Int(s.st_ino), Int(s.st_size), Int(s.st_mtimespec.tv_sec), Int(s.st_mtimespec.tv_nsec)]
            #else
                return [Int(s.st_ino), Int(s.st_size), Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec)]
            #endif
        }
        // The `-shm` file's own inode: one removed and made again (its database and WAL
        // unchanged) is opened again, never read through the old, unlinked one.
        var shm = stat()
        files.append(stat(shmPath, &shm) == 0 ? Int(shm.st_ino) : 0)
        var header = [UInt8](repeating: 0, count: 96)
        shmLock.lock()
        // The `-shm` stays open between requests (opening it cost more than the rest of the
        // signature). SQLite removes and makes that file only when the last connection to the
        // database closes or opens, and the server's readers keep theirs open; a database
        // replaced by another file changes `files`, and then it is opened again.
        if shmDescriptor < 0 || files != shmFiles {
            if shmDescriptor >= 0 { close(shmDescriptor) }
            #if canImport(Glibc)
                shmDescriptor = Glibc.open(shmPath, O_RDONLY | O_CLOEXEC)
            #else
                shmDescriptor = Darwin.open(shmPath, O_RDONLY | O_CLOEXEC)
            #endif
            shmFiles = files
        }
        if shmDescriptor >= 0 { _ = pread(shmDescriptor, &header, 96, 0) }
        shmLock.unlock()
        return Signature(header: header, files: files)
    }

    /// A stored UTC instant (`2026-11-21T10:00:00Z`).
    static func instant(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
