import Foundation
import Geo
import LocateTestSupport
import Testing

@testable import Storage

/// A first load serialises the nearest index on a thread of its own while it packs the
/// R*Tree, and hands it to the next `NearestIndex.open` (a cache): what it hands over must be
/// exactly what a build from the committed rows makes, and never the index of another state.
@Suite struct PendingNearestIndexTests {
    /// Ingests toilets with `ids` into `dataset`; `read` other than the id count makes the
    /// run row's check (accepted + rejected = read) fail at the very end of the transaction.
    func ingest(_ ids: [String], dataset: String, into store: LocateStore, read: Int? = nil) throws {
        let records = ids.enumerated().map { i, id in
            StoreReadTests.toilet(
                id, lat: 50 + Double(i % 7) / 100, lon: 14.4 + Double(i) / 1000, free: i % 2 == 0,
                wheelchair: i % 3 == 0 ? .yes : .no)
        }
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

    /// The stamps of the pending indexes, by kind.
    func pending(_ store: LocateStore) -> [PlaceKind: String] {
        store.pendingIndexes.withLock { $0.mapValues(\.stamp) }
    }

    /// Opens the index and returns its count and file bytes, with the bytes a build from the
    /// store's rows makes.
    func openAndRebuild(_ store: LocateStore) throws -> (count: Int, file: Data, rebuilt: Data) {
        let count = try NearestIndex.open(for: store).count
        let file = try Data(contentsOf: URL(fileURLWithPath: NearestIndex.path(for: store, kind: .toilets)))
        let rebuilt = Data(try NearestIndex.build(store, kind: .toilets, stamp: store.indexStamp()))
        return (count, file, rebuilt)
    }

    @Test func aFirstLoadHandsOverExactlyTheIndexABuildMakes() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest((0..<40).map { "a\($0)" }, dataset: "d", into: store)
        #expect(try pending(store) == [.toilets: store.indexStamp()])
        let (count, file, rebuilt) = try openAndRebuild(store)
        #expect(count == 40)
        #expect(file == rebuilt)
        #expect(pending(store).isEmpty)
        try store.close()
    }

    @Test func anIndexPendingFromAnEarlierStateIsNotUsed() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest((0..<5).map { "a\($0)" }, dataset: "d", into: store)
        let first = try store.indexStamp()
        // A merge (3 kept, 2 retired) serialises nothing: the first load's index stays
        // pending with the older stamp.
        try ingest((0..<3).map { "a\($0)" }, dataset: "d", into: store)
        #expect(pending(store) == [.toilets: first])
        #expect(try store.indexStamp() != first)
        let (count, file, rebuilt) = try openAndRebuild(store)
        #expect(count == 3)
        #expect(file == rebuilt)
        #expect(pending(store).isEmpty)
        // Another dataset's first load indexes every dataset's active places.
        try ingest((0..<4).map { "b\($0)" }, dataset: "e", into: store)
        #expect(try pending(store) == [.toilets: store.indexStamp()])
        let after = try openAndRebuild(store)
        #expect(after.count == 7)
        #expect(after.file == after.rebuilt)
        try store.close()
    }

    @Test func aFirstLoadThatRollsBackHandsOverNothing() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        #expect(throws: StorageError.self) { try ingest((0..<6).map { "x\($0)" }, dataset: "d", into: store, read: 9) }
        #expect(pending(store).isEmpty)
        // The next load gets the rolled-back run's id, so equal stamps alone would not do.
        try ingest((0..<2).map { "a\($0)" }, dataset: "d", into: store)
        let (count, file, rebuilt) = try openAndRebuild(store)
        #expect(count == 2)
        #expect(file == rebuilt)
        try store.close()
    }
}
