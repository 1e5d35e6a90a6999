import Foundation
import Geo
import LocateTestSupport
import Places
import SpatialIndex
import Testing

@testable import Storage

/// A first load serialises the nearest index on a thread of its own while it packs the
/// R*Tree, and its write puts it in place with the row file of the state it commits
/// (`DerivedFiles`): the file must be exactly what a build from the committed rows makes.
@Suite struct PendingNearestIndexTests {
    /// Ingests toilets with `ids` into `dataset`; `read` other than the id count makes the
    /// run row's check (accepted + rejected = read) fail at the very end of the transaction.
    func ingest(_ ids: [String], dataset: String, into store: LocateStore, read: Int? = nil) throws {
        let records = ids.enumerated().map { i, id in
            StoreReadTests.toilet(
                id, lat: 50 + Double(i % 7) / 100, lon: 14.4 + Double(i) / 1000, free: i % 2 == 0,
                wheelchair: i % 3 == 0 ? .yes : .no)
        }
        try Self.ingest(records, dataset: dataset, into: store, read: read)
    }

    /// One run of `records` into `dataset` (`read` records read, all of them by default),
    /// each staged without a duplicate.
    static func ingest(_ records: [ToiletRecord], dataset: String, into store: LocateStore, read: Int? = nil) throws {
        let start = IngestRunStart(
            pipeline: "p", dataset: dataset, source: "s.geojson", licence: nil, attribution: nil,
            startedAt: Date(timeIntervalSince1970: 1_795_000_000))
        _ = try store.ingest(.toilets, start: start, clock: { Date(timeIntervalSince1970: 1_795_000_060) }) { stager in
            for (i, r) in records.enumerated() {
                let duplicateOf = try stager.stage(r, index: i, matchKey: nil)
                #expect(duplicateOf == nil)
            }
            return StagingTotals(
                read: read ?? records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
    }

    /// The index file beside the database, and the bytes a build from the store's rows makes
    /// (the index, then the rows section).
    func fileAndRebuild(_ store: LocateStore) throws -> (file: Data, rebuilt: Data) {
        let file = try Data(contentsOf: URL(fileURLWithPath: NearestIndex.path(for: store, kind: .toilets)))
        let (nonce, stamp) = (try store.dataNonce(), try store.stamp(.toilets))
        var bytes: [UInt8] = []
        try store.read { db in
            try ToiletRowFile.serializeFile(db, nonce: nonce, stamp: stamp) { at, piece in
                if bytes.count < at + piece.count { bytes += repeatElement(0, count: at + piece.count - bytes.count) }
                bytes.replaceSubrange(at..<at + piece.count, with: piece)
            }
        }
        return (file, Data(bytes))
    }

    @Test func aFirstLoadPutsInPlaceExactlyTheIndexABuildMakes() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest((0..<40).map { "a\($0)" }, dataset: "d", into: store)
        #expect(store.pendingIndexes.withLock { $0.isEmpty })
        let (file, rebuilt) = try fileAndRebuild(store)
        #expect(file == rebuilt)
        #expect(try NearestIndex.open(for: store).count == 40)
        #expect(try Data(contentsOf: URL(fileURLWithPath: NearestIndex.path(for: store, kind: .toilets))) == file)
        try store.close()
    }

    @Test func mergesAndLoadsOfAnotherDatasetPutTheirOwnIndexInPlace() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest((0..<5).map { "a\($0)" }, dataset: "d", into: store)
        let first = try store.stamp(.toilets)
        // A merge (3 kept, 2 retired).
        try ingest((0..<3).map { "a\($0)" }, dataset: "d", into: store)
        #expect(try store.stamp(.toilets) != first)
        let merged = try fileAndRebuild(store)
        #expect(merged.file == merged.rebuilt)
        #expect(try NearestIndex.open(for: store).count == 3)
        // Another dataset's first load indexes every dataset's active places.
        try ingest((0..<4).map { "b\($0)" }, dataset: "e", into: store)
        let after = try fileAndRebuild(store)
        #expect(after.file == after.rebuilt)
        #expect(try NearestIndex.open(for: store).count == 7)
        try store.close()
    }

    @Test func aFirstLoadThatRollsBackPutsNothingInPlace() throws {
        let folder = try Fixtures.temporaryFolder()
        let store = try LocateStore(path: folder.appendingPathComponent("w.sqlite").path)
        #expect(throws: StorageError.self) { try ingest((0..<6).map { "x\($0)" }, dataset: "d", into: store, read: 9) }
        #expect(store.pendingIndexes.withLock { $0.isEmpty })
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("w.sqlite-") }
        #expect(left.sorted() == ["w.sqlite", "w.sqlite.lock"])
        try ingest((0..<2).map { "a\($0)" }, dataset: "d", into: store)
        let (file, rebuilt) = try fileAndRebuild(store)
        #expect(file == rebuilt)
        #expect(try NearestIndex.open(for: store).count == 2)
        try store.close()
    }
}
