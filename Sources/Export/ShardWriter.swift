import Foundation
import Storage

/// Writes one GeoJSON file per non-empty grid cell and `shards.json`, the index a client
/// reads to find the few cells near a point. Every feature is in exactly one shard.
struct ShardWriter {
    let store: LocateStore
    let folder: String
    let at: Date
    let provenance: Provenance

    struct Shard {
        var cell: String
        var file: String
        var count: Int
        var bbox: [String]
    }

    func write() throws -> [Shard] {
        var shards: [Shard] = []
        var current: (row: Int, column: Int)? = nil
        var features: [ToiletFeature] = []
        func flush() throws {
            guard let c = current, !features.isEmpty else { return }
            let cell = "\(c.row)_\(c.column)"
            let file = "shards/\(cell).geojson"
            var bbox = BBoxAccumulator()
            for f in features { bbox.add(f) }
            let out = try OutputFile(path: folder + "/" + file)
            try out.write(Array(provenance.json(dataset: "toilets", count: features.count, bbox: bbox.texts).utf8))
            for (i, f) in features.enumerated() { try out.write((i == 0 ? [] : Array(",\n".utf8)) + f.json) }
            try out.write("\n]}\n")
            try out.commit()
            shards.append(Shard(cell: cell, file: file, count: features.count, bbox: bbox.texts))
            features.removeAll(keepingCapacity: true)
        }
        try ToiletFeatureSource(store: store, at: at).forEachByCell { f, cell in
            if let c = current, c != cell { try flush() }
            current = cell
            features.append(f)
        }
        try flush()
        let g = ToiletFeatureSource.gridDegrees
        let cells = shards.map { s in
            "{\"cell\":\(JSONText.quoted(s.cell)),\"file\":\(JSONText.quoted(s.file)),\"count\":\(s.count),\"bbox\":[\(s.bbox.joined(separator: ","))]}"
        }
        let index =
            "{\"grid_degrees\":\(JSONText.number(g)),\"cell_rule\":\"row = floor((lat + 90) / grid), column = floor((lon + 180) / grid); cell = row_column\","
            + "\"cells\":[\n" + cells.joined(separator: ",\n") + "\n]}\n"
        guard FileManager.default.createFile(atPath: folder + "/shards.json", contents: Data(index.utf8)) else {
            throw ExportError.unwritable(path: folder + "/shards.json", reason: "cannot create the file")
        }
        return shards
    }
}
