import Contributions
import Foundation
import Geo
import LocateTestSupport
import Places
import Query
import SpatialIndex
import Storage
import Testing

@testable import Serve

/// The server's readers of a data version read rows from the rows section of that version's
/// derived file (`<db>.toilets.kdt`; built when the reader opens when missing), with the same
/// answers as through SQLite.
@Suite struct ServeRowFileTests {
    /// Waits up to 20 s for the readers of `state` to have a row file.
    func rowFile(of state: DataState) throws -> ToiletRowFile? {
        for _ in 0..<400 {
            if let file = try state.withReader({ $0.toilets.rowSource?.file }) { return file }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @Test func aVersionGetsItsRowFileAndAnswersDoNotChange() throws {
        let db = try CLI.sampleDatabase()
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        let want = try ToiletFinder(store: try LocateStore(readingAt: db)).nearest(to: p, limit: 10)
        // The ingest wrote it.
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        let source = DataSource(path: db, readers: 2, cachedPlaces: 100)
        let first = try source.current()
        let file = try #require(try rowFile(of: first))
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        #expect(file.nonce == DataNonce.current(path: db))
        #expect(try first.withReader { try $0.toilets.nearest(to: p, limit: 10) } == want)
        // A new version (an ingest) gets a row file of its own.
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let second = try source.newest()
        #expect(second !== first)
        let newer = try #require(try rowFile(of: second))
        #expect(newer.nonce != file.nonce)
        #expect(newer.nonce == DataNonce.current(path: db))
        let now = try ToiletFinder(store: try LocateStore(readingAt: db)).nearest(to: p, limit: 10)
        #expect(try second.withReader { try $0.toilets.nearest(to: p, limit: 10) } == now)
        #expect(now != want)
    }

    @Test func writesThatKeepTheDataVersionNeverMakeOpeningAVersionFail() throws {
        let db = try CLI.sampleDatabase()
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        let source = DataSource(path: db, readers: 6, cachedPlaces: 100)
        _ = try source.current()
        // Pending contributions, rejected one by one by another thread (each renews the data
        // nonce and keeps the data version), every 40th approved instead (a new version).
        let writer = try LocateStore(path: db)
        let day = Date(timeIntervalSince1970: 1_795_341_600)
        let new = NewContribution(kind: .new, proposed: ProposedValues(coordinate: p, name: "N"), receivedAt: day)
        let ids = try (0..<400).map { _ in try writer.submit(new) }
        try writer.close()
        let done = Flag()
        let thread = Thread {
            defer { done.set() }
            guard let store = try? LocateStore(path: db) else { return }
            for (i, id) in ids.enumerated() {
                if i % 40 == 39 {
                    _ = try? store.approve(id: id, reviewer: "eva", at: day)
                } else {
                    _ = try? store.reject(id: id, reviewer: "eva", reason: "no", at: day)
                }
            }
            try? store.close()
        }
        thread.start()
        var versions = Set<String>()
        while !done.isSet {
            let state = try source.current()
            versions.insert(state.version)
            #expect(try state.withReader { try $0.toilets.nearest(to: p, limit: 3) }.count == 3)
        }
        // Requests never wait for a state to open: the last one is there once it is open.
        versions.insert(try source.newest().version)
        #expect(versions.count > 1)
        #expect(try source.newest().version == LocateStore(readingAt: db).dataVersion())
    }
}
