import Foundation
import LocateTestSupport
import OSMPBF
import Testing

@testable import Basemap

/// What the basemap keeps of OpenStreetMap ways: their layer, their simplified lines, their
/// shards and the documents the page reads.
@Suite struct BasemapBuildTests {
    static func tags(_ pairs: [(String, String)]) -> [OSMTag] { pairs.map { OSMTag(key: $0.0, value: $0.1) } }

    @Test(
        arguments: [
            ([("highway", "primary")], false, BasemapLayer.major),
            ([("highway", "tertiary_link")], false, .major),
            ([("highway", "residential"), ("name", "Kalevankatu")], false, .minor),
            ([("highway", "service")], false, .minor),
            ([("highway", "footway")], false, .path),
            ([("highway", "steps")], false, .path),
            ([("railway", "tram")], false, .rail),
            ([("waterway", "river")], false, .waterway),
            ([("natural", "coastline")], false, .waterway),
            ([("natural", "water")], true, .water),
            ([("waterway", "riverbank")], true, .water),
            ([("leisure", "park")], true, .park),
            ([("landuse", "grass")], true, .park),
            // A street along a park's edge is a street.
            ([("highway", "pedestrian"), ("leisure", "park")], true, .minor),
        ] as [([(String, String)], Bool, BasemapLayer)])
    func aWayIsDrawnInItsLayer(tags: [(String, String)], closed: Bool, layer: BasemapLayer) {
        #expect(BasemapLayer.of(tags: Self.tags(tags), closed: closed) == layer)
    }

    @Test(
        arguments: [
            // An area tag on an open way, a tunnel, a subway, a building, a highway bus stop.
            ([("leisure", "park")], false), ([("natural", "water")], false),
            ([("highway", "primary"), ("tunnel", "yes")], false),
            ([("railway", "subway")], false), ([("building", "yes")], true), ([("highway", "bus_stop")], false),
            ([("landuse", "residential")], true),
        ] as [([(String, String)], Bool)])
    func aWayTheMapDoesNotDrawHasNoLayer(tags: [(String, String)], closed: Bool) {
        #expect(BasemapLayer.of(tags: Self.tags(tags), closed: closed) == nil)
    }

    @Test func aTunnelTaggedNoIsDrawn() {
        #expect(BasemapLayer.of(tags: Self.tags([("highway", "primary"), ("tunnel", "no")]), closed: false) == .major)
    }

    @Test func douglasPeuckerKeepsThePointsFartherThanTheTolerance() {
        let points: [(x: Double, y: Double)] = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 0), (5, 0)]
        // (3,1) is 1 from the chord; then (2,0) is 0.632 from (0,0)–(3,1); (4,0) is 0.447 from (3,1)–(5,0).
        #expect(Simplification.kept(points, tolerance: 0.5) == [0, 2, 3, 5])
        #expect(Simplification.kept(points, tolerance: 0.4) == [0, 2, 3, 4, 5])
        #expect(Simplification.kept(points, tolerance: 2) == [0, 5])
        #expect(Simplification.kept([(0, 0), (1, 1)], tolerance: 0) == [0, 1])
        // A closed ring keeps its start twice and its far corner.
        #expect(Simplification.kept([(0, 0), (1, 0), (1, 1), (0, 0)], tolerance: 0.1) == [0, 1, 2, 3])
    }

    @Test func aLongStraightWayIsSimplifiedWithoutRecursion() {
        let points = (0..<200_000).map { (x: Double($0), y: 0.0) }
        #expect(Simplification.kept(points, tolerance: 0.5) == [0, 199_999])
    }

    @Test(
        arguments: [
            (0, 0), (500, 1), (499, 0), (-500, -1), (-499, 0), (24_939_123_400, 24_939_123), (-180_000_000_000, -180_000_000),
        ]
            as [(Int64, Int64)])
    func nanodegreesRoundToMicrodegreesHalfAwayFromZero(nano: Int64, micro: Int64) {
        #expect(BasemapBuilder.rounded(nano) == micro)
    }

    static func line(id: Int64, tags: [(String, String)], _ points: [(Double, Double)?]) -> WayLineReader.Line {
        WayLineReader.Line(
            // A ring (its last point its first) ends with its first node, as OSM closes ways.
            way: OSMWay(
                id: id, tags: Self.tags(tags),
                nodeIDs: points.indices.map { i in
                    guard i > 0, i == points.count - 1, let last = points[i], let first = points[0] else { return Int64(i + 1) }
                    return last == first ? 1 : Int64(i + 1)
                }),
            positions: points.map { p in
                p.map { OSMPosition(latitudeNano: Int64(($0.0 * 1e9).rounded()), longitudeNano: Int64(($0.1 * 1e9).rounded())) }
            })
    }

    @Test func aStreetIsWrittenToEveryShardItCrossesWithItsName() throws {
        var b = BasemapBuilder()
        b.add(
            Self.line(
                id: 7, tags: [("highway", "residential"), ("name", "Kalevankatu")], [(60.168, 24.938), (60.1681234, 24.9391234)]))
        let map = b.basemap(source: "sample.osm.pbf", timestamp: nil)
        let layers = #"[{"ids":[7],"layer":"minor","lines":[[24938000,60168000,1123,123]],"names":["Kalevankatu"]}]"#
        // A minor street is not in the low band; it crosses the zoom-14 tiles x 9326 and 9327.
        #expect(
            map.files.keys.sorted() == ["basemap/high-14-9326-4742.js", "basemap/high-14-9327-4742.js", "basemap/index.json"])
        #expect(
            String(decoding: map.files["basemap/high-14-9326-4742.js"]!, as: UTF8.self)
                == #"LOCATE_BASEMAP_SHARD({"band":"high","layers":"# + layers
                + #","schema":"basemap-shard/1","tile":[14,9326,4742]});"# + "\n")
        #expect(
            String(decoding: map.files["basemap/index.json"]!, as: UTF8.self)
                == #"{"attribution":"© OpenStreetMap contributors","bands":["#
                + #"{"layers":["park","water","waterway","major","rail"],"max_zoom":14,"min_zoom":0,"name":"low","shard_zoom":11,"shards":[]},"#
                + #"{"layers":["park","water","waterway","path","minor","major","rail"],"max_zoom":19,"min_zoom":15,"name":"high","shard_zoom":14,"#
                + #""shards":["14-9326-4742","14-9327-4742"]}],"#
                + #""bounds":[24.938,60.168,24.939123,60.168123],"features":1,"schema":"basemap-index/1","shard_bytes":"#
                + "\(map.index.shardBytes),"
                + #""source":"sample.osm.pbf","source_timestamp":null}"# + "\n")
        #expect(map.index.shardBytes == map.files.filter { $0.key != "basemap/index.json" }.values.map(\.count).reduce(0, +))
    }

    @Test func aMainRoadIsInBothBandsAndNamedOnlyInTheHighOne() throws {
        var b = BasemapBuilder()
        b.add(
            Self.line(
                id: 9, tags: [("highway", "primary"), ("name", "Mannerheimintie")], [(60.168, 24.938), (60.1681, 24.9381)]))
        let map = b.basemap(source: "x", timestamp: 1_555_200_000)
        #expect(map.files.keys.sorted() == ["basemap/high-14-9326-4742.js", "basemap/index.json", "basemap/low-11-1165-592.js"])
        let low = String(decoding: map.files["basemap/low-11-1165-592.js"]!, as: UTF8.self)
        #expect(low.contains(#""layers":[{"ids":[9],"layer":"major","lines":[[24938000,60168000,100,100]],"names":null}]"#))
        let high = String(decoding: map.files["basemap/high-14-9326-4742.js"]!, as: UTF8.self)
        #expect(high.contains(#""names":["Mannerheimintie"]}]"#))
        #expect(String(decoding: map.index.bytes(), as: UTF8.self).contains(#""source_timestamp":"2019-04-14T00:00:00Z""#))
    }

    @Test func aLineCutByTheExtractIsDrawnInPiecesAndAnAreaMissingANodeNotAtAll() {
        var b = BasemapBuilder()
        b.add(
            Self.line(
                id: 1, tags: [("highway", "footway")],
                [(60.1, 24.9), (60.1001, 24.9001), nil, (60.1002, 24.9002), (60.1003, 24.9003)]))
        b.add(Self.line(id: 2, tags: [("leisure", "park")], [(60.1, 24.9), (60.1, 24.91), nil, (60.1, 24.9)]))
        // A single node left between two gaps is no line; a closed park drawn whole is drawn.
        b.add(Self.line(id: 5, tags: [("leisure", "park")], [(60.1, 24.9), (60.1, 24.91), (60.11, 24.91), (60.1, 24.9)]))
        b.add(Self.line(id: 3, tags: [("highway", "footway")], [nil, (60.1, 24.9), nil]))
        #expect(b.features == 2)
        let shard = b.shards.values.flatMap { $0 }.filter { $0.layer == .path }
        #expect(shard.map(\.id) == [1, 1])
        #expect(
            shard.map { String(decoding: $0.line, as: UTF8.self) } == [
                "[24900000,60100000,100,100]", "[24900200,60100200,100,100]",
            ])
        #expect(
            String(decoding: BasemapBuilder.layers(shard, named: true), as: UTF8.self)
                == #"[{"ids":[1,1],"layer":"path","lines":[[24900000,60100000,100,100],[24900200,60100200,100,100]],"names":null}]"#
        )
    }

    @Test func aShardListsItsLayersInDrawingOrderAndItsWaysById() {
        let f = { (layer: BasemapLayer, id: Int64, name: String?) in
            BasemapBuilder.Feature(layer: layer, id: id, name: name, line: Array("[\(id),0,1,1]".utf8))
        }
        let features = [f(.major, 30, "B\"road"), f(.park, 20, nil), f(.major, 10, nil), f(.water, 5, nil)]
        #expect(
            String(decoding: BasemapBuilder.layers(features, named: true), as: UTF8.self)
                == #"[{"ids":[20],"layer":"park","lines":[[20,0,1,1]],"names":null},"#
                + #"{"ids":[5],"layer":"water","lines":[[5,0,1,1]],"names":null},"#
                + #"{"ids":[10,30],"layer":"major","lines":[[10,0,1,1],[30,0,1,1]],"names":[null,"B\"road"]}]"#)
        #expect(String(decoding: BasemapBuilder.layers(features, named: false), as: UTF8.self).contains(#""names":null}]"#))
    }

    @Test func aPositionOffTheEarthIsAGapNotATrap() {
        var b = BasemapBuilder()
        let off = [Int64.max, Int64.min, 90_000_000_001, -180_000_000_001]
        for (i, bad) in off.enumerated() {
            var line = Self.line(id: Int64(10 + i), tags: [("highway", "footway")], [(60.1, 24.9), (60.1001, 24.9001), (0, 0)])
            line.positions[2] = OSMPosition(latitudeNano: i % 2 == 0 ? bad : 0, longitudeNano: i % 2 == 0 ? 0 : bad)
            b.add(line)
        }
        #expect(b.features == 4)
        #expect(b.bounds.map { [$0.west, $0.south, $0.east, $0.north] } == [24_900_000, 60_100_000, 24_900_100, 60_100_100])
    }

    @Test func manyWaysEachAcrossManyShardsAreRefusedBeforeTheyFillMemory() {
        // Each footway's box spans 64 × 47 zoom-14 shards (under the per-way limit); after
        // 2,000,000 / 3,008 of them the builder files no more.
        var b = BasemapBuilder()
        for i in 0..<700 {
            b.add(Self.line(id: Int64(i), tags: [("highway", "footway")], [(60.0, 24.0), (59.5, 25.4)]))
        }
        #expect(b.filed > Basemap.filedLimit)
        #expect(b.shards.values.map(\.count).reduce(0, +) <= Basemap.filedLimit)
        #expect(
            BasemapError.tooDense(path: "x.osm.pbf", limit: 2_000_000).description
                == "basemap: x.osm.pbf: its ways cross more than 2000000 shards in all, each counted once per way "
                + "(cut a smaller extract, e.g. osmium extract -b W,S,E,N)")
    }

    @Test func aWayAcrossTheWorldIsRefusedBeforeItFillsMemory() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-world-\(getpid()).osm.pbf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let nodes = [PBFWriter.Node(id: 1, lat: -85, lon: -179.9), PBFWriter.Node(id: 2, lat: 85, lon: 179.9)]
        try Data(PBFWriter.file([PBFWriter.denseBlock(nodes), PBFWriter.wayBlock([(7, [("railway", "rail")], [1, 2])])]))
            .write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BasemapError.self) { try Basemap.build(extract: path, name: "x") }
        // The low band's zoom-11 box alone is 2,048 × 2,040 tiles.
        guard case .tooLarge(_, let shards, 20_000)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(shards > 4_000_000)
        #expect(
            error?.description
                == "basemap: \(path) would make \(shards) shards, over the limit of 20000 "
                + "(cut a smaller extract, e.g. osmium extract -b W,S,E,N)")
    }

    @Test func aPondSmallerThanHalfAPixelIsLeftOutOfTheLowBand() {
        var b = BasemapBuilder()
        // About 1 m across: under half a pixel at zoom 14, over it at zoom 18.
        b.add(
            Self.line(id: 4, tags: [("natural", "water")], [(60.1, 24.9), (60.1, 24.90002), (60.10001, 24.90002), (60.1, 24.9)]))
        #expect(b.shards.keys.map { BasemapBand.all[$0.band].name } == ["high"])
    }
}
