import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import SpatialIndex
import Storage
import Testing

/// How stores open and close (issue 10 items 5, 13, 14): WAL mode, readers that keep one
/// committed state, a new database that appears only when its first run succeeded, and a
/// hot journal left by a killed writer that readers roll back.
@Suite struct StoreLifecycleTests {
    static let start = IngestRunStart(
        pipeline: "p", dataset: "d", source: "s.geojson", licence: nil, attribution: nil,
        startedAt: Date(timeIntervalSince1970: 1_795_000_000))

    /// Ingests `count` hand-made toilets named with `prefix`.
    func ingest(_ count: Int, prefix: String, into store: LocateStore) throws {
        let records = (0..<count).map {
            StoreReadTests.toilet("\(prefix)\($0)", lat: 50 + Double($0) / 100, lon: 14.4, free: true, wheelchair: .yes)
        }
        _ = try store.ingest(.toilets, start: Self.start, clock: { Date(timeIntervalSince1970: 1_795_000_060) }) { stager in
            for (i, r) in records.enumerated() { _ = try stager.stage(r, index: i, matchKey: nil) }
            return StagingTotals(
                read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
    }

    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func writersUseWALAndLeaveNoSideFilesWhenClosed() throws {
        let dir = try Fixtures.temporaryFolder().path
        let path = dir + "/w.sqlite"
        let store = try LocateStore(path: path)
        try ingest(2, prefix: "a", into: store)
        #expect(try store.testRows(sql: "PRAGMA journal_mode").first?["journal_mode"] as String? == "wal")
        try store.close()
        #expect(try files(in: dir) == ["w.sqlite", "w.sqlite.toilets.kdt"])
    }

    @Test func aReaderKeepsTheStateItOpenedWhileAWriterCommits() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path
        let writer = try LocateStore(path: path)
        try ingest(3, prefix: "a", into: writer)
        let reader = try LocateStore(readingAt: path)
        let before = try reader.contentDigest()
        let index = try NearestIndex.open(for: reader)
        #expect(index.count == 3)
        try ingest(2, prefix: "b", into: writer)  // 2 added, 3 retired
        #expect(try reader.contentDigest() == before)
        #expect(try reader.toilets(rowIDs: [1, 2, 3, 4, 5]).map(\.sourceID) == ["a0", "a1", "a2"])
        #expect(try NearestIndex.open(for: reader).count == 3)
        let later = try LocateStore(readingAt: path)
        #expect(try later.contentDigest() == writer.contentDigest())
        #expect(try later.contentDigest() != before)
        #expect(try NearestIndex.open(for: later).count == 2)
        let file = URL(fileURLWithPath: NearestIndex.path(for: later, kind: .toilets))
        let newer = try Data(contentsOf: file)
        // The reader on the older state builds its index for itself, leaving the newer file.
        #expect(try NearestIndex.open(for: reader).count == 3)
        #expect(try Data(contentsOf: file) == newer)
        try writer.close()
    }

    @Test func aNewDatabaseAppearsOnlyWhenItsStoreCloses() throws {
        let dir = try Fixtures.temporaryFolder().path
        let path = dir + "/w.sqlite"
        let store = try LocateStore(path: path, access: WriteAccess(createsOnClose: true))
        try ingest(2, prefix: "a", into: store)
        #expect(try NearestIndex.open(for: store).count == 2)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try files(in: dir).contains("w.sqlite.partial"))
        let digest = try store.contentDigest()
        try store.close()
        #expect(try files(in: dir) == ["w.sqlite", "w.sqlite.toilets.kdt"])
        let reader = try LocateStore(readingAt: path)
        #expect(try reader.contentDigest() == digest)
        #expect(try NearestIndex.open(for: reader).count == 2)
        // An existing database is written in place.
        let again = try LocateStore(path: path, access: WriteAccess(createsOnClose: true))
        try ingest(1, prefix: "b", into: again)
        #expect(try LocateStore(readingAt: path).contentDigest() == again.contentDigest())
        try again.close()
    }

    @Test func aNewDatabaseWhoseStoreIsDroppedLeavesNothing() throws {
        let dir = try Fixtures.temporaryFolder().path
        do {
            let store = try LocateStore(path: dir + "/w.sqlite", access: WriteAccess(createsOnClose: true))
            try ingest(2, prefix: "a", into: store)
            #expect(try NearestIndex.open(for: store).count == 2)
            #expect(try !files(in: dir).isEmpty)
        }
        #expect(try files(in: dir) == [])
    }

    @Test func theLeftoversOfAKilledFirstRunAreRemoved() throws {
        let dir = try Fixtures.temporaryFolder().path
        for name in ["w.sqlite.partial", "w.sqlite.partial-wal", "w.sqlite.partial-shm", "w.sqlite.partial.toilets.kdt"] {
            try Data("junk".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let store = try LocateStore(path: dir + "/w.sqlite", access: WriteAccess(createsOnClose: true))
        try ingest(1, prefix: "a", into: store)
        try store.close()
        #expect(try files(in: dir) == ["w.sqlite", "w.sqlite.toilets.kdt"])
    }

    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
    func aReaderRollsBackAHotJournalLeftByAKilledWriter() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path
        let store = try LocateStore(path: path)
        try ingest(3, prefix: "a", into: store)
        let before = try store.contentDigest()
        try store.close()
        // A writer of a database in rollback-journal mode (an older locate's) dies by SIGKILL
        // in the middle of a transaction that already spilled pages into the file (a tiny
        // cache), leaving a hot journal: read-only connections failed with "attempt to write a
        // readonly database".
        let script = """
            import os, sqlite3
            c = sqlite3.connect('\(path)', isolation_level=None)
            c.execute('PRAGMA journal_mode = DELETE')
            c.execute('PRAGMA cache_size = 1')
            c.execute('BEGIN IMMEDIATE')
            c.execute("UPDATE ingest_runs SET pipeline = 'half-written'")
            c.execute('CREATE TABLE filler (x)')
            c.execute('INSERT INTO filler SELECT randomblob(1000) FROM toilets, toilets, toilets, toilets, toilets')
            os.kill(os.getpid(), 9)
            """
        let r = try Fixtures.run("/usr/bin/env", ["python3", "-c", script])
        try #require(r.status == 9, "setup: python3 exited \(r.status): \(r.stderr)")
        try #require(FileManager.default.fileExists(atPath: path + "-journal"), "setup: no hot journal")
        let reader = try LocateStore(readingAt: path)
        #expect(try reader.contentDigest() == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }
}
