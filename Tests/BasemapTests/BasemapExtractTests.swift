import Foundation
import LocateTestSupport
import OSMPBF
import Testing

@testable import Basemap

/// The basemap of real extracts (../shared/datasets/osm-pbf), and what a bad extract is told.
@Suite struct BasemapExtractTests {
    @Test func centralHelsinkiHasItsStreetsWaterAndParksInShards() throws {
        let path = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")
        guard FileManager.default.fileExists(atPath: path) else {
            print("skipped: \(path) is absent (../shared/datasets)")
            return
        }
        let map = try Basemap.build(extract: path, name: "helsinki-centre.osm.pbf")
        let index = map.index
        #expect(index.source == "helsinki-centre.osm.pbf")
        #expect(index.sourceTimestamp == nil)
        // Within the header's box, 24.9351762,60.164155 – 24.9534145,60.179113: the ways are cut at it.
        #expect(index.bounds == [24.935184, 60.164158, 24.953413, 60.179107])
        var layers: [String: Int] = [:]
        var names: Set<String> = []
        for (path, bytes) in map.files where path != "basemap/index.json" {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("LOCATE_BASEMAP_SHARD({") && text.hasSuffix("});\n"), "\(path)")
            let json = Data(text.dropFirst("LOCATE_BASEMAP_SHARD(".count).dropLast(3).utf8)
            let doc = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            #expect(doc["schema"] as? String == "basemap-shard/1")
            let band = try #require(BasemapBand.all.first { $0.name == doc["band"] as? String })
            let tile = try #require(doc["tile"] as? [Int])
            #expect(path == "basemap/\(band.name)-\(tile.map(String.init).joined(separator: "-")).js")
            for group in try #require(doc["layers"] as? [[String: Any]]) {
                let layer = try #require(BasemapLayer(rawValue: group["layer"] as? String ?? ""))
                #expect(band.layers.contains(layer))
                let ids = try #require(group["ids"] as? [Int])
                let lines = try #require(group["lines"] as? [[Int]])
                #expect(lines.count == ids.count && ids == ids.sorted())
                #expect(lines.allSatisfy { $0.count >= 4 && $0.count % 2 == 0 })
                if band.name == "high" { layers[layer.rawValue, default: 0] += ids.count }
                for case let n as String in group["names"] as? [Any] ?? [] { names.insert(n) }
            }
        }
        for layer in ["major", "minor", "path", "rail", "park"] { #expect(layers[layer, default: 0] > 0, "\(layer)") }
        #expect(names.contains("Mannerheimintie"))
        #expect(names.contains("Aleksanterinkatu"))
        #expect(index.features == 2_585)
        #expect(index.bands.map(\.shards.count).reduce(0, +) == map.files.count - 1)
    }

    @Test func anExtractWithoutWaysIsToldItHasNothingToDraw() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-nodes-\(getpid()).osm.pbf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(
            PBFWriter.file([PBFWriter.denseBlock([PBFWriter.Node(id: 1, lat: 60.1, lon: 24.9, tags: [("amenity", "toilets")])])])
        )
        .write(to: URL(fileURLWithPath: path))
        #expect(throws: BasemapError.empty(path: path)) { try Basemap.build(extract: path, name: "x") }
        #expect(
            BasemapError.empty(path: path).description
                == "basemap: \(path) holds no streets, paths, railways, water or parks to draw")
    }

    @Test func aFileThatIsNotAnExtractIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-json-\(getpid()).osm.pbf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"type":"FeatureCollection"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BasemapError.self) { try Basemap.build(extract: path, name: "x") }
        #expect(error?.description == "basemap: \(path): not an OpenStreetMap PBF file: it looks like JSON")
        #expect(throws: BasemapError.self) { try Basemap.build(extract: path + ".missing", name: "x") }
    }
}
