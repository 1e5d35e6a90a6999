import Foundation
import Query
import Routing
import Storage

/// One reader of one committed state: a read-only store (which reads the state committed
/// when it opened, for its whole life) with its finders. Used by one request at a time.
final class Reader {
    let store: LocateStore
    let toilets: ToiletFinder
    let stations: StationFinder

    init(
        store: LocateStore, cache: ToiletRowCache, openStates: OpenStateCache, oneDataset: Bool
    ) throws {
        self.store = store
        toilets = try ToiletFinder(store: store)
        toilets.rowCache = cache
        toilets.openStates = openStates
        toilets.oneDataset = oneDataset
        stations = StationFinder(store: store)
    }
}

/// One committed state of the database, read by a few readers at once (one per core): every
/// request is answered from one state, so it never sees half an ingest.
// Safe: `free` (the idle readers) is taken and given back only while `lock` is held; the rest is immutable.
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
    /// reader, guards the non-Sendable store: only one thread uses a reader at a time). A
    /// wait stops with `CancellationError` once `cancellation` is raised (looked at every
    /// 20 ms while every reader is busy).
    func withReader<T>(cancellation: SearchCancellation? = nil, _ body: (Reader) throws -> T) throws -> T {
        lock.lock()
        while free.isEmpty {
            guard let cancellation else {
                lock.wait()
                continue
            }
            if cancellation.isCancelled {
                lock.unlock()
                throw CancellationError()
            }
            _ = lock.wait(until: Date(timeIntervalSinceNow: 0.02))
        }
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

/// The database as the server reads it: the current state, replaced by a newer one once
/// that is open. A request asks a `CommitWatcher` whether another connection committed
/// (SQLite's `PRAGMA data_version` on a connection of its own: nothing here opens the
/// database's files itself, see `CommitWatcher`); when one did, a thread of its own opens
/// the newest committed state and swaps it in when its data version differs. Requests never
/// wait for that: until it is ready they are answered from the state before, a complete
/// committed state (readers hold their read transactions, and WAL readers never wait for a
/// writer). Only the first state is opened on the caller's path (the server's start), and
/// `newest()` opens one there for a caller that has just written.
// Safe: the current state is swapped only under `lock`, and a new one opened only under `openLock`.
final class DataSource: @unchecked Sendable {
    let path: String
    private let readerCount: Int
    private let cachedPlaces: Int
    private let watcher: CommitWatcher
    /// Guards `state`, `stale` and `refreshing`; held only to read or set them.
    private let lock = NSLock()
    /// Held while a state is opened: one at a time.
    private let openLock = NSLock()
    private var state: DataState?
    /// A commit was seen that no state opened since has read.
    private var stale = false
    /// The refresh thread is running.
    private var refreshing = false
    /// Called before a state after the first is opened (tests hold an open there).
    private let beforeOpening: @Sendable () -> Void

    /// A source with `readers` readers per state, sharing a cache of `cachedPlaces` rows.
    init(path: String, readers: Int, cachedPlaces: Int, beforeOpening: @escaping @Sendable () -> Void = {}) {
        self.path = path
        self.readerCount = max(1, readers)
        self.cachedPlaces = cachedPlaces
        self.beforeOpening = beforeOpening
        watcher = CommitWatcher(path: path)
    }

    /// Lets go of the open state (its readers' connections close once no request uses
    /// them): for the server's stop, before the write-ahead log is folded back.
    func close() { lock.withLock { state = nil } }

    /// The newest state that is open: at once, except for the very first, which is opened
    /// here. A commit seen since that state opened starts the refresh thread. Throws
    /// `ServeError.unavailable` when the database cannot be read.
    func current() throws -> DataState {
        let changed = watcher.changed()
        lock.lock()
        if changed { stale = true }
        guard let state else {
            lock.unlock()
            return try newest()
        }
        let start = stale && !refreshing
        if start { refreshing = true }
        lock.unlock()
        if start { startRefreshing() }
        return state
    }

    /// The newest committed state, opened here when a commit was seen since the current
    /// one opened (waiting for an open under way first): for a request that has just
    /// written and must see its write, and for the first state.
    func newest() throws -> DataState {
        if watcher.changed() { lock.withLock { stale = true } }
        openLock.lock()
        defer { openLock.unlock() }
        return try refresh()
    }

    /// Opens the newest committed state when a commit was seen since the current one
    /// opened (or there is none yet) and makes it current; under `openLock`.
    private func refresh() throws -> DataState {
        let (old, needed) = lock.withLock {
            defer { stale = false }
            return (state, stale || state == nil)
        }
        if let old, !needed { return old }
        if old != nil { beforeOpening() }
        do {
            let fresh = try open(keeping: old)
            lock.withLock { state = fresh }
            return fresh
        } catch {
            lock.withLock { stale = true }  // tried again after the next request
            throw error
        }
    }

    /// Refreshes on a thread of its own (below the request threads' priority) while commits
    /// keep coming; ends after a refresh that failed (the next request starts it again), or
    /// when no commit was seen since.
    private func startRefreshing() {
        Thread.startBackground(named: "locate-serve refresh") { [self] in
            while true {
                let opened = openLock.withLock { (try? refresh()) != nil }
                let again = lock.withLock {
                    refreshing = opened && stale
                    return refreshing
                }
                guard again else { return }
            }
        }
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
                var readers = [try Reader(store: first, cache: cache, openStates: openStates, oneDataset: oneDataset)]
                while readers.count < readerCount {
                    let store = try LocateStore(readingAt: path)
                    // The data version only: writes that keep it (a review that rejects, a
                    // submission) change nothing the rows show, and must not make opening fail.
                    guard try store.dataVersion() == version else { break }
                    readers.append(
                        try Reader(store: store, cache: cache, openStates: openStates, oneDataset: oneDataset))
                }
                guard readers.count == readerCount else { continue }  // an ingest committed meanwhile
                // One mapping of the rows for every reader of the state: each reader's pages
                // of a mapping of its own count again in the server's memory (749 MB against
                // 466 MB at 1,000,000 toilets under load). A row the first reader's file
                // holds at another position than a reader's index is damage, never a wrong
                // answer (`ToiletFinder.search`).
                if let shared = readers[0].toilets.rowSource {
                    for reader in readers.dropFirst() { reader.toilets.rowSource = shared }
                }
                let finish = try first.newestFinish().flatMap(DataSource.instant)
                return DataState(version: version, lastModified: finish, readers: readers)
            }
            throw ServeError.unavailable("the database changed five times while it was being opened")
        } catch let e as ServeError {
            throw e
        } catch {
            // The client is told what is wrong, never where the server keeps its files.
            throw ServeError.unavailable("\(error)".replacingOccurrences(of: path, with: (path as NSString).lastPathComponent))
        }
    }

    /// A stored UTC instant (`2026-11-21T10:00:00Z`).
    static func instant(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
