import Foundation
import LocateTestSupport
import Testing

@testable import OSMPBF

/// Hostile PBF files, written by the test (`PBFWriter`): memory a block may cost once decoded,
/// what a selection keeps over many blocks, size fields read as the 64-bit varints they are,
/// bytes after the last blob or the zlib stream, and the signs of a file cut at a block
/// boundary (issue 36, items 4 and 8).
@Suite struct PBFHostileInputTests {
    typealias W = PBFWriter
    static let selection = [[TagCondition(key: "amenity", value: "toilets")]]
    static let headerLength = Int64(W.headerFrame().count)

    /// Writes `bytes` to a new file and reads it as `locate` reads a PBF.
    static func read(_ bytes: [UInt8]) throws -> (path: String, result: Result<SelectionStats, any Error>) {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("hostile.osm.pbf").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
        let result = Result { () throws -> SelectionStats in
            let file = try PBFFile(path: path)
            return try SelectionReader.read(file, selection: selection).stats
        }
        return (path, result)
    }

    static func message(_ result: Result<SelectionStats, any Error>) -> String? {
        guard case .failure(let e) = result else { return nil }
        return (e as? PBFError)?.description ?? "not a PBFError: \(e)"
    }

    /// A node tagged amenity=toilets whose `count` other tags all have one value of `bytes` bytes.
    static func amplified(id: Int64, count: Int, bytes: Int) -> W.Node {
        let big = String(repeating: "a", count: bytes)
        return W.Node(id: id, lat: 60.17, lon: 24.94, tags: [("amenity", "toilets")] + (0..<count).map { ("k\($0)", big) })
    }

    /// One string table entry of 1 MiB referenced by 20 tags: 20 MiB of strings from a block of
    /// 1 MiB (a 261 KB file reached 1.15 GB this way). Refused before the strings are made.
    @Test func blockThatDecodesToMoreThanItsBudgetIsRefused() throws {
        let block = W.denseBlock([Self.amplified(id: 1, count: 20, bytes: 1 << 20)])
        let (path, result) = try Self.read(W.file([block]))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength): the block costs more than 16777216 bytes of memory once decoded (its strings, tags and objects), over the reader's limit"
        )
    }

    /// The same block decodes within a budget that holds it, and what it keeps is counted.
    @Test func budgetCountsTheStringsMade() throws {
        let block = W.denseBlock([Self.amplified(id: 1, count: 3, bytes: 1000)])
        let plan = ScanPlan(selection: Self.selection)
        let contents = try withBytes(block) { (b: UnsafeRawBufferPointer) throws(ProtoError) in
            try PrimitiveBlockDecoder.decode(b, plan: plan)
        }
        #expect(contents.nodes.count == 1 && contents.nodes[0].tags.count == 4)
        // 4 tags of 32 bytes, 8 strings (key and value) of 16 bytes plus their text, one node.
        let text = "amenity".utf8.count + "toilets".utf8.count + 3 * ("k0".utf8.count + 1000)
        #expect(contents.keptBytes == 4 * 32 + 8 * 16 + text + MemoryLayout<OSMNode>.stride)
        #expect(
            performing: {
                _ = try withBytes(block) { (b: UnsafeRawBufferPointer) throws(ProtoError) in
                    try PrimitiveBlockDecoder.decode(b, plan: plan, budget: 3000)
                }
            }, throws: { ($0 as? ProtoError)?.overBudget == true })
    }

    /// Eight blocks of 64 KiB that each keep about 12 MiB of strings: each is within its own
    /// budget, but together they pass the selection's 64 MiB at the sixth.
    @Test func blocksThatKeepMoreThanTheSelectionLimitAreRefused() throws {
        let blocks = (1...8).map { W.denseBlock([Self.amplified(id: Int64($0), count: 190, bytes: 64 << 10)]) }
        let frame = Int64(W.dataFrame(blocks[0]).count)
        #expect(blocks.allSatisfy { Int64(W.dataFrame($0).count) == frame })
        let (path, result) = try Self.read(W.file(blocks))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength + 5 * frame): the selected objects cost more than 67108864 bytes of memory in all (16 times the file's size, at least 64 MiB), over the reader's limit"
        )
    }

    static let toilet = W.denseBlock([W.Node(id: 1, lat: 60.17, lon: 24.94, tags: [("amenity", "toilets")])])

    /// `datasize` and `raw_size` are int32 in the format, read as the whole varint: 2^32 + 10 is
    /// not 10, and a negative value is refused.
    @Test func sizeFieldsAreReadAsTheirWholeVarint() throws {
        let blob = W.field(1, bytes: Self.toilet)
        var (path, result) = try Self.read(
            W.headerFrame() + W.frame("OSMData", blob: blob, datasize: (1 << 32) + UInt64(blob.count)))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength): the blob (datasize) is \((1 << 32) + blob.count) bytes, over the PBF limit of 33554432"
        )
        (path, result) = try Self.read(W.headerFrame() + W.frame("OSMData", blob: blob, datasize: UInt64(bitPattern: -1)))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength): malformed BlobHeader: no datasize, or a negative one")
        let zlib = W.field(2, (1 << 32) + UInt64(Self.toilet.count)) + W.field(3, bytes: W.zlibStored(Self.toilet))
        (path, result) = try Self.read(W.headerFrame() + W.frame("OSMData", blob: zlib))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength): the inflated blob (raw_size) is \((1 << 32) + Self.toilet.count) bytes, over the PBF limit of 33554432"
        )
    }

    /// The stored zlib blob the tests write is read (so the refusals above are about the sizes).
    @Test func storedZlibBlobIsRead() throws {
        let zlib = W.field(2, UInt64(Self.toilet.count)) + W.field(3, bytes: W.zlibStored(Self.toilet))
        let (_, result) = try Self.read(W.headerFrame() + W.frame("OSMData", blob: zlib))
        #expect(try result.get().nodes == 1)
    }

    static let trailing: [([UInt8], String)] = [
        ([0x00], "truncated PBF: the length prefix of the block at byte OFFSET needs 4 bytes, the file has 1 left"),
        ([0, 0, 0, 0], "block at byte OFFSET: malformed BlobHeader: no type"),
        (
            Array("junk\n".utf8),
            "block at byte OFFSET: the BlobHeader is 1786080875 bytes, over the PBF limit of 65536"
        ),
        (
            W.frame("OSMData", blob: []),
            "block at byte OFFSET: malformed Blob: no data (neither raw nor zlib_data)"
        ),
    ]

    /// Bytes after the last blob that are not a whole blob are refused, never ignored.
    @Test(arguments: trailing)
    func bytesAfterTheLastBlobAreRefused(garbage: [UInt8], message: String) throws {
        let whole = W.file([Self.toilet])
        let (path, result) = try Self.read(whole + garbage)
        #expect(Self.message(result) == "\(path): " + message.replacingOccurrences(of: "OFFSET", with: "\(whole.count)"))
    }

    /// Bytes after the end of a blob's zlib stream are refused.
    @Test func bytesAfterTheZlibStreamAreRefused() throws {
        let zlib = W.field(2, UInt64(Self.toilet.count)) + W.field(3, bytes: W.zlibStored(Self.toilet) + [1, 2, 3])
        let (path, result) = try Self.read(W.headerFrame() + W.frame("OSMData", blob: zlib))
        #expect(
            Self.message(result)
                == "\(path): block at byte \(Self.headerLength): bad zlib stream: 3 bytes follow the end of the zlib stream")
    }

    static func nodes(_ ids: ClosedRange<Int64>) -> [UInt8] {
        W.denseBlock(ids.map { W.Node(id: $0, lat: 60.17, lon: 24.94, tags: [("amenity", "toilets")]) })
    }

    static let signs: [([ClosedRange<Int64>], [String], String?)] = [
        ([1...4, 5...8, 9...10], [], nil),
        ([1...4, 5...8], [], "its last block holds as many objects (4) as its fullest one"),
        ([1...4], [], nil),
        ([1...4, 5...6], ["Sort.Type_then_ID"], "it is sorted by type and ends before any way or relation"),
        ([1...4, 5...6], [], nil),
    ]

    /// A PBF file has no end marker: a file cut at a block boundary is read whole, and the
    /// signs of a cut are reported (`SelectionStats.truncationSign`).
    @Test(arguments: signs)
    func fileCutAtABlockBoundaryShowsASign(blocks: [ClosedRange<Int64>], optional: [String], sign: String?) throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("cut.osm.pbf").path
        let bytes = W.file(blocks.map(Self.nodes), optional: optional)
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let file = try PBFFile(path: path)
        let stats = try SelectionReader.read(file, selection: Self.selection).stats
        #expect(stats.blocks == blocks.count)
        #expect(stats.truncationSign(sortedByType: file.header.optionalFeatures.contains("Sort.Type_then_ID")) == sign)
    }
}
