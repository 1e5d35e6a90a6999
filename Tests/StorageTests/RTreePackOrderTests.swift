import Places
import SyntheticData
import Testing

@testable import Storage

/// The R*Tree packer sorts by centre then id with 64-bit keys: the order must be exactly the
/// one comparing (centre, id) as floats and integers gives, ties, signs and -0 included.
@Suite struct RTreePackOrderTests {
    typealias Entry = RTreeBulkLoader.Entry

    func entry(_ id: Int64, x: Float, y: Float = 0) -> Entry { Entry(id: id, minX: x, maxX: x, minY: y, maxY: y) }

    func reference(_ entries: [Entry]) -> [Int64] {
        entries.sorted { ($0.minX + $0.maxX, $0.id) < ($1.minX + $1.maxX, $1.id) }.map(\.id)
    }

    @Test(arguments: [0, 1, 7, 1_000, 20_000])
    func keysSortLikeTuples(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 3)
        // Few distinct centres (many ties), both signs, ids in no particular order.
        var entries = (0..<count).map { i in
            entry(Int64((i * 7919) % max(count, 1)), x: Float(Int.random(in: -40...40, using: &random)) / 8)
        }
        if count > 3 {
            entries[0] = entry(entries[0].id, x: -0.0)
            entries[1] = entry(entries[1].id, x: 0.0)
            entries[2] = entry(entries[2].id, x: -Float.leastNonzeroMagnitude)
        }
        let sorted = RTreeBulkLoader.sorted(entries[...]) { $0.minX + $0.maxX }
        #expect(sorted.map(\.id) == reference(entries))
        #expect(sorted.count == count)
    }

    @Test func negativeZeroTiesWithZeroByID() {
        let entries = [entry(5, x: 0.0), entry(2, x: -0.0), entry(9, x: -1), entry(1, x: 1)]
        #expect(RTreeBulkLoader.sorted(entries[...]) { $0.minX + $0.maxX }.map(\.id) == [9, 2, 5, 1])
    }

    @Test func idsBeyond32BitsFallBackToTuples() {
        let big = Int64(UInt32.max) + 10
        let entries = [entry(big, x: 1), entry(3, x: 1), entry(big - 20, x: 0.5), entry(-4, x: 1)]
        #expect(RTreeBulkLoader.sorted(entries[...]) { $0.minX + $0.maxX }.map(\.id) == [big - 20, -4, 3, big])
    }

    @Test func aSliceKeepsItsOwnElements() {
        let entries = (0..<10).map { entry(Int64($0), x: Float(10 - $0)) }
        #expect(RTreeBulkLoader.sorted(entries[3..<6]) { $0.minX + $0.maxX }.map(\.id) == [5, 4, 3])
    }
}
