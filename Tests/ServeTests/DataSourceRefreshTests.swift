import Foundation
import LocateTestSupport
import Places
import Storage
import Synchronization
import Testing

@testable import Serve

#if canImport(Glibc)
    import Glibc
#endif

/// How the server follows commits (issue 27): through SQLite only, keeping SQLite's locks,
/// and never making a request wait while a new state opens.
@Suite struct DataSourceRefreshTests {
    /// Regression (issue 27, SIGBUS): the server looked for commits by opening the `-shm`
    /// itself and closing it again after every commit, and closing any descriptor of a file
    /// drops all of the process's POSIX locks on it, SQLite's included. The next ingest then
    /// found the WAL index unused, truncated it under the server's map and checkpointed
    /// over pages its readers still read. After seeing commits, this process still holds
    /// its read locks on the WAL index and the database.
    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 (the lock probe) is missing"))
    func seeingCommitsKeepsTheReadersLocks() throws {
        let db = try CLI.sampleDatabase()
        let source = DataSource(path: db, readers: 2, cachedPlaces: 10)
        let first = try source.current()
        #expect(try SQLiteLocks.holder(of: .walIndexInUse, database: db) == getpid())
        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        for _ in 0..<3 { _ = try source.current() }
        let second = try source.newest()
        #expect(second.version != first.version)
        _ = try source.current()
        #expect(try SQLiteLocks.holder(of: .walIndexInUse, database: db) == getpid())
        #expect(try SQLiteLocks.holder(of: .databaseShared, database: db) == getpid())
    }

    /// Regression (issue 27, requests waiting behind an ingest): while a new state is being
    /// opened (held here before it starts), requests are answered at once from the state
    /// before; the new one is answered once it is open.
    @Test func requestsDoNotWaitWhileANewStateOpens() throws {
        let db = try CLI.sampleDatabase()
        let gate = Gate()
        let source = DataSource(path: db, readers: 2, cachedPlaces: 10, beforeOpening: { gate.pass() })
        let first = try source.current()
        gate.close()
        defer { gate.open() }
        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        let answered = Flag()
        let seen = Versions()
        let requests = Thread {
            for _ in 0..<20 { seen.add((try? source.current())?.version) }
            answered.set()
        }
        requests.start()
        // Answered while the open is held; bounded so that a wait fails instead of hanging.
        #expect(Gate.waitUntil(seconds: 60) { answered.isSet && gate.isReached })
        #expect(seen.all == Array(repeating: first.version, count: 20))
        gate.open()
        let newest = try LocateStore(readingAt: db).dataVersion()
        #expect(newest != first.version)
        #expect(Gate.waitUntil(seconds: 60) { (try? source.current())?.version == newest })
    }
}

/// A point a thread waits at while the gate is closed.
///
/// `@unchecked Sendable` because a thread must wait on it, which `Mutex` cannot do: `closed`
/// and `reached` are read and written only inside `condition.withLock`, and waiting is
/// `NSCondition.wait()` inside that lock. `DataSourceRefreshTests` hold a state's open at the
/// gate while request threads go on being answered.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var closed = false
    private var reached = false

    /// Whether a thread has waited at the gate since it was closed.
    var isReached: Bool { condition.withLock { reached } }

    func close() { condition.withLock { closed = true } }

    func open() {
        condition.withLock {
            closed = false
            condition.broadcast()
        }
    }

    /// Waits while the gate is closed.
    func pass() {
        condition.withLock {
            if closed { reached = true }
            while closed { condition.wait() }
        }
    }

    /// Polls `done` every 10 ms for up to `seconds`; whether it became true.
    static func waitUntil(seconds: Double, _ done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !done() {
            if Date() > end { return false }
            usleep(10_000)
        }
        return true
    }
}

/// Data versions collected by a thread.
final class Versions: Sendable {
    private let list = Mutex<[String?]>([])
    var all: [String?] { list.withLock { $0 } }
    func add(_ v: String?) { list.withLock { $0.append(v) } }
}
