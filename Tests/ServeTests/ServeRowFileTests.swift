import Foundation
import Geo
import LocateTestSupport
import Query
import Storage
import Testing

@testable import Serve

/// The server's readers of a data version read rows from that version's row file once it is
/// ready (built on a thread of its own when missing), with the same answers as through SQLite.
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
        #expect(!FileManager.default.fileExists(atPath: db + ".toilets.rows"))
        let source = DataSource(path: db, readers: 2, cachedPlaces: 100)
        let first = try source.current()
        let file = try #require(try rowFile(of: first))
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.rows"))
        #expect(file.nonce == DataNonce.current(path: db))
        #expect(try first.withReader { try $0.toilets.nearest(to: p, limit: 10) } == want)
        // A new version (an ingest) gets a row file of its own.
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let second = try source.current()
        #expect(second !== first)
        let newer = try #require(try rowFile(of: second))
        #expect(newer.nonce != file.nonce)
        #expect(newer.nonce == DataNonce.current(path: db))
        let now = try ToiletFinder(store: try LocateStore(readingAt: db)).nearest(to: p, limit: 10)
        #expect(try second.withReader { try $0.toilets.nearest(to: p, limit: 10) } == now)
        #expect(now != want)
    }
}
