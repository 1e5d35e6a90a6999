import LocateTestSupport
import Testing

@testable import OSMPBF

/// Hand-encoded PrimitiveBlocks: what the real files do not exercise (a granularity other
/// than 100, lat/lon offsets, plain `Node` messages, fields out of order, unpacked repeated
/// fields) and malformed blocks.
@Suite struct PrimitiveBlockTests {
    /// Protobuf encoding (`Tests/Support/PBFWriter.swift`).
    typealias Wire = PBFWriter

    static let selection = [[TagCondition(key: "amenity", value: "toilets")]]

    static func decode(_ block: [UInt8], plan: ScanPlan = ScanPlan(selection: selection)) throws(ProtoError) -> BlockContents {
        try withBytes(block) { (b: UnsafeRawBufferPointer) throws(ProtoError) in try PrimitiveBlockDecoder.decode(b, plan: plan) }
    }

    /// Granularity 1000 (1e-6°), offsets in nanodegrees; the scale fields come after the
    /// groups, as the format allows.
    @Test func denseNodesWithGranularityAndOffsets() throws {
        let strings = Wire.strings(["", "amenity", "toilets", "name", "WC"])
        let dense = Wire.field(
            2,
            bytes: Wire.packed(1, [10, 5].map { Wire.zigzag($0) })  // ids 10, 15
                + Wire.packed(8, [60_100_000, -3].map { Wire.zigzag($0) })  // lat units
                + Wire.packed(9, [24_900_000, 7].map { Wire.zigzag($0) })
                + Wire.packed(10, [0, 1, 2, 3, 4, 0]))  // node 10: no tags; node 15: amenity=toilets, name=WC
        let block =
            strings + Wire.field(2, bytes: dense) + Wire.field(17, 1000) + Wire.field(19, UInt64(bitPattern: 5))
            + Wire.field(20, UInt64(bitPattern: -7))
        let contents = try Self.decode(block)
        #expect(contents.nodeCount == 2 && contents.nodeIDRange == 10...15)
        let node = try #require(contents.nodes.first)
        #expect(contents.nodes.count == 1 && node.id == 15)
        #expect(node.position.latitudeText == "60.099997005" && node.position.longitudeText == "24.900006993")
        #expect(node.tags == [OSMTag(key: "amenity", value: "toilets"), OSMTag(key: "name", value: "WC")])
    }

    /// A plain `Node` (sint64 id, unpacked keys and values) and a way whose refs are
    /// delta-coded.
    @Test func plainNodeAndWay() throws {
        let strings = Wire.strings(["", "amenity", "toilets"])
        let node = Wire.field(
            1,
            bytes: Wire.field(1, Wire.zigzag(-4)) + Wire.field(2, 1) + Wire.field(3, 2) + Wire.field(8, Wire.zigzag(601_000_000))
                + Wire.field(9, Wire.zigzag(249_000_000)))
        let way = Wire.field(
            3,
            bytes: Wire.field(1, 77) + Wire.packed(2, [1]) + Wire.packed(3, [2])
                + Wire.packed(8, [5, 3, -2, -6].map { Wire.zigzag($0) }))
        let contents = try Self.decode(strings + Wire.field(2, bytes: node + way))
        #expect(contents.nodes.map(\.id) == [-4])
        #expect(contents.nodes.first?.position.latitudeText == "60.1000000")
        #expect(contents.ways == [OSMWay(id: 77, tags: [OSMTag(key: "amenity", value: "toilets")], nodeIDs: [5, 8, 6, 0])])
    }

    @Test(arguments: [
        (
            Wire.packed(1, [Wire.zigzag(1)]) + Wire.packed(8, [0]) + Wire.packed(9, [0]) + Wire.packed(10, [1]),
            "DenseNodes keys_vals: key without value, node 1"
        ),
        (
            Wire.packed(1, [Wire.zigzag(1)]) + Wire.packed(8, [0]) + Wire.packed(9, [0]) + Wire.packed(10, [1, 2]),
            "DenseNodes keys_vals ends inside node 1"
        ),
        (
            Wire.packed(1, [Wire.zigzag(1), 2]) + Wire.packed(8, [0]) + Wire.packed(9, [0]),
            "DenseNodes has 2 ids, 1 lats and 1 lons"
        ),
        (
            Wire.packed(1, [Wire.zigzag(1)]) + Wire.packed(8, [0]) + Wire.packed(9, [0]) + Wire.packed(10, [9, 9, 0]),
            "tag string index 9 is past the string table (3 entries)"
        ),
        // DenseNodes are read in step from packed fields (issue 36, item 4).
        (Wire.field(1, Wire.zigzag(1)) + Wire.packed(8, [0]) + Wire.packed(9, [0]), "DenseNodes field 1 is not packed"),
        (
            Wire.packed(1, [Wire.zigzag(1)]) + Wire.packed(8, [0]) + Wire.field(9, bytes: [0x00, 0x80]),
            "DenseNodes: a packed field ends inside a varint"
        ),
    ])
    func malformedDenseNodes(dense: [UInt8], reason: String) {
        let block = Wire.strings(["", "amenity", "toilets"]) + Wire.field(2, bytes: Wire.field(2, bytes: dense))
        #expect(performing: { _ = try Self.decode(block) }, throws: { ($0 as? ProtoError)?.reason == reason })
    }

    @Test func truncatedLengthAndOverlongVarint() {
        #expect(
            performing: { _ = try Self.decode([0x0A, 0x05, 0x00]) },
            throws: {
                ($0 as? ProtoError)?.reason == "length 5 runs past the end of the message (1 bytes left)"
            })
        #expect(
            performing: { _ = try Self.decode([0x88] + Array(repeating: 0xFF, count: 9) + [0x7F]) },
            throws: {
                ($0 as? ProtoError)?.reason == "varint longer than 64 bits"
            })
        #expect(
            performing: { _ = try Self.decode(Wire.field(17, 0) + Wire.strings([""])) },
            throws: {
                ($0 as? ProtoError)?.reason == "granularity 0 is not from 1 to 1e9"
            })
    }
}
