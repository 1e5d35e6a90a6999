import Foundation
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import SpatialIndex
import Storage
import Testing

/// A finder reading rows from the row file (`ToiletFinder(currentFilesOf:)`) answers exactly
/// as one reading them through SQLite, and only while the file is of the newest state.
@Suite struct RowFileFinderTests {
    /// Every active toilet read back from the row file equals the store's row.
    func expectEveryRowRoundTrips(_ store: LocateStore) throws {
        let file = try #require(try ToiletRowFile.make(for: store))
        var n = 0
        try store.forEachActiveToilet(orderedBy: .id) { (t: StoredToilet) throws in
            n += 1
            #expect(try file.toilet(t.rowID) == t, "row \(t.rowID) \(t.globalID)")
        }
        #expect(file.rowCount == n)
        #expect(n > 0)
    }

    /// Both finders over `points`: nearest (k = 1, 5, 10), with filters, and open at `at`.
    func expectSameAnswers(_ store: LocateStore, _ points: [Coordinate], at: Date) throws {
        let plain = try ToiletFinder(store: store)
        _ = try ToiletRowFile.make(for: store)
        let fast = try #require(ToiletFinder(currentFilesOf: store.path))
        #expect(try fast.activeDatasets() == (try store.activeToiletDatasets()))
        let filters = [ToiletFilter(), ToiletFilter(wheelchair: true), ToiletFilter(free: true), ToiletFilter(publicOnly: true)]
        for (i, p) in points.enumerated() {
            let k = [1, 5, 10][i % 3]
            let filter = filters[i % filters.count]
            #expect(try fast.nearest(to: p, limit: k, filter: filter) == (try plain.nearest(to: p, limit: k, filter: filter)))
            let open = OpenFilter(at: at, includeUnknown: i % 2 == 0)
            #expect(
                try fast.nearestOpen(to: p, limit: 3, open: open) == (try plain.nearestOpen(to: p, limit: 3, open: open)))
            let far = Coordinate(latitude: p.longitude, longitude: p.latitude)
            #expect(
                try fast.exchangedPoint(for: far, nearestMeters: 500_000)
                    == (try plain.exchangedPoint(for: far, nearestMeters: 500_000)))
        }
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func pragueRowsRoundTripAndAnswersAreTheSame() throws {
        let store = try storeWith("prague-toilets-2026")
        try expectEveryRowRoundTrips(store)
        try expectSameAnswers(store, randomPoints(60, seed: 91), at: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func parisRowsRoundTripAndAnswersAreTheSame() throws {
        let store = try osmStore("osm-toilets-paris")
        try expectEveryRowRoundTrips(store)
        let points = randomPoints(30, seed: 92, lat: 48.80...48.92, lon: 2.25...2.42)
        try expectSameAnswers(store, points, at: Date(timeIntervalSince1970: 1_784_030_400))
    }

    @Test func sampleAnswersAreTheSame() throws {
        let store = try storeWith("prague-toilets-sample")
        try expectEveryRowRoundTrips(store)
        try expectSameAnswers(store, randomPoints(30, seed: 93), at: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test func aQueryAfterAnIngestSeesTheChange() throws {
        let store = try storeWith("prague-toilets-sample")
        _ = try ToiletFinder(store: store)
        _ = try ToiletRowFile.make(for: store)
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        let before = try #require(ToiletFinder(currentFilesOf: store.path)).nearest(to: p, limit: 40)
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-prague-sample.yml"))
        _ = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 60) }).run(spec, sourceOverride: nil)
        // The ingest wrote the files of its state: trusted at once, no reader writes them.
        let now = try ToiletFinder(store: try LocateStore(readingAt: store.path))
        let after = try now.nearest(to: p, limit: 40)
        let fast = try #require(ToiletFinder(currentFilesOf: store.path))
        #expect(try fast.nearest(to: p, limit: 40) == after)
        #expect(try fast.activeDatasets() == (try store.activeToiletDatasets()))
        #expect(try store.activeToiletDatasets().count == 2)
        #expect(before != after)
    }

    @Test func aDamagedRowFileFallsBackToTheStoreOfTheSameState() throws {
        let store = try storeWith("prague-toilets-sample")
        let plain = try ToiletFinder(store: store)
        let file = try #require(try ToiletRowFile.make(for: store))
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        let want = try plain.nearest(to: p, limit: 5)
        // Every record's first string claims more bytes than there are.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path)))
        // The rows section starts where the index's header says (after the index).
        let r = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: Int64.self) })
        let dataStart = r + 128 + 16 * file.rowCount + 8
        for i in 0..<file.rowCount {
            let at = bytes.withUnsafeBytes {
                Int($0.loadUnaligned(fromByteOffset: r + 128 + 8 * file.rowCount + 8 * i, as: Int64.self))
            }
            bytes[dataStart + at + 3] = 0x7f
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file.path))
        // A finder with a store of the same state reads it instead, from then on.
        let served = try ToiletFinder(store: store)
        let reopened: ToiletRowFile = try #require(ToiletRowFile(currentFor: store.path, nonce: file.nonce))
        let source = ToiletRowSource(reopened)
        served.rowSource = source
        #expect(try served.nearest(to: p, limit: 5) == want)
        #expect(source.file == nil)
        try expectReplacedBySoundFile(store, file.path, damaged: bytes)
        // A finder of the files alone opens the store and answers alike.
        try Data(bytes).write(to: URL(fileURLWithPath: file.path))
        let damaged = try #require(ToiletFinder(currentFilesOf: store.path))
        // Rows and open states it kept from the damaged file are dropped with it (the store it
        // opens may be of a newer state), with the same room.
        let rows = ToiletRowCache(capacity: 1_000)
        let states = OpenStateCache(capacity: 1_000)
        (damaged.rowCache, damaged.openStates) = (rows, states)
        #expect(try damaged.nearest(to: p, limit: 5) == want)
        #expect(damaged.rowCache !== rows && damaged.rowCache?.capacity == 1_000)
        #expect(damaged.openStates !== states && damaged.openStates?.capacity == 1_000)
        try expectReplacedBySoundFile(store, file.path, damaged: bytes)
    }

    /// The damaged row file at `path` was replaced (by a rename) by the one a build makes.
    func expectReplacedBySoundFile(_ store: LocateStore, _ path: String, damaged: [UInt8]) throws {
        let now = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(now != damaged)
        let file = try #require(ToiletRowFile(currentFor: store.path, nonce: try store.dataNonce()))
        for i in 0..<file.rowCount { #expect(try file.toilet(at: i) != nil) }
        #expect(ToiletFinder(currentFilesOf: store.path) != nil)
    }

    /// Rows decoded from the file are kept in the row cache only when every row fits in it
    /// (a cache that must evict costs more than decoding again); either way the answers are
    /// the same.
    @Test(arguments: [(100, true), (5, false)])
    func rowsFromTheFileAreKeptOnlyWhenAllFit(capacity: Int, kept: Bool) throws {
        let store = try storeWith("prague-toilets-sample")
        let plain = try ToiletFinder(store: store)
        let file = try #require(try ToiletRowFile.make(for: store))
        #expect(file.rowCount > 5 && file.rowCount <= 100)
        let finder = try ToiletFinder(store: store)
        finder.rowSource = ToiletRowSource(file)
        let cache = ToiletRowCache(capacity: capacity)
        finder.rowCache = cache
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        #expect(try finder.nearest(to: p, limit: 3) == (try plain.nearest(to: p, limit: 3)))
        #expect((cache.count > 0) == kept, "\(cache.count) rows kept")
    }

    /// A row file whose record of the last row id was changed by `damage` (given the file's
    /// bytes, the rows section's offset, the row count, the row and its record's range), and the answer near that row
    /// through SQLite: every finder answers as SQLite and a sound file replaces the damaged one.
    func expectRefused(damage: (inout [UInt8], Int, Int, StoredToilet, Range<Int>) throws -> Void) throws {
        let store = try storeWith("prague-toilets-sample")
        let plain = try ToiletFinder(store: store)
        let file = try #require(try ToiletRowFile.make(for: store))
        let n = file.rowCount
        let last = try #require(try file.toilet(at: n - 1))
        let want = try plain.nearest(to: last.coordinate, limit: 3)
        #expect(want.first?.sources.map(\.rowID).contains(last.rowID) == true)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path)))
        // The rows section starts where the index's header says (after the index).
        let r = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: Int64.self) })
        let offset = { (i: Int) in
            bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: r + 128 + 8 * n + 8 * i, as: Int64.self)) }
        }
        let dataStart = r + 128 + 16 * n + 8
        try damage(&bytes, r, n, last, (dataStart + offset(n - 1))..<(dataStart + offset(n)))
        try Data(bytes).write(to: URL(fileURLWithPath: file.path))
        let served = try ToiletFinder(store: store)
        served.rowSource = ToiletRowSource(try #require(ToiletRowFile(currentFor: store.path, nonce: file.nonce)))
        #expect(try served.nearest(to: last.coordinate, limit: 3) == want)
        #expect(served.rowSource?.file == nil)
        try expectReplacedBySoundFile(store, file.path, damaged: bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: file.path))
        let fast = try #require(ToiletFinder(currentFilesOf: store.path))
        #expect(try fast.nearest(to: last.coordinate, limit: 3) == want)
        try expectReplacedBySoundFile(store, file.path, damaged: bytes)
    }

    @Test func aRowMissingFromTheFileIsDamageNotAnInactiveRow() throws {
        // The last id (the ids are ascending) no longer names the index's row.
        try expectRefused { bytes, r, n, _, _ in
            withUnsafeBytes(of: Int64.max.littleEndian) {
                bytes.replaceSubrange((r + 128 + 8 * (n - 1))..<(r + 128 + 8 * n), with: $0)
            }
        }
    }

    @Test func aRecordAwayFromTheIndexPositionIsDamage() throws {
        // The record's latitude changed in its last bit: it still decodes.
        try expectRefused { bytes, _, _, toilet, record in
            let pattern = withUnsafeBytes(of: toilet.coordinate.latitude.bitPattern.littleEndian) { Array($0) }
            let r = Array(bytes[record])
            let start = try #require((0...(r.count - 8)).first { Array(r[$0..<($0 + 8)]) == pattern })
            bytes[record.lowerBound + start] ^= 1
        }
    }
}
