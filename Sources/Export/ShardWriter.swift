import Contract
import Foundation
import Storage

/// Writes one GeoJSON file per non-empty grid cell and `shards.json`, the index a client
/// reads to find the few cells near a point. Every feature is in exactly one shard.
struct ShardWriter {
    let store: LocateStore
    let folder: String
    let at: Date
    let provenance: Provenance

    struct Shard: Encodable {
        var cell: String
        var file: String
        var count: Int
        var bbox: [Double]
    }

    func write() throws -> [Shard] {
        var shards: [Shard] = []
        var current: (row: Int, column: Int)? = nil
        var features: [ExportedFeature] = []
        func flush() throws {
            guard let c = current, !features.isEmpty else { return }
            let cell = "\(c.row)_\(c.column)"
            let file = "shards/\(cell).geojson"
            var bbox = BBoxAccumulator()
            for f in features { bbox.add(f) }
            let out = try OutputFile(path: folder + "/" + file, replacing: false)
            try out.write(FeatureCollectionFrame.opening(bbox: bbox.texts))
            for (i, f) in features.enumerated() { try out.write(FeatureCollectionFrame.separator(before: i) + f.json) }
            try out.write(try provenance.closing(kind: "toilets", count: features.count))
            try out.commit()
            shards.append(Shard(cell: cell, file: file, count: features.count, bbox: bbox.degrees))
            features.removeAll(keepingCapacity: true)
        }
        try ToiletFeatureSource(store: store, at: at).forEachByCell { f, cell in
            if let c = current, c != cell { try flush() }
            current = cell
            features.append(f)
        }
        try flush()
        try writeJSON(ShardIndex(cells: shards), to: folder + "/shards.json")
        return shards
    }
}

/// `toilets/shards.json` (schema `snapshot-shards/1`): the grid and its non-empty cells.
struct ShardIndex: Encodable {
    static let schema = "snapshot-shards/1"
    var cells: [ShardWriter.Shard]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ShardIndex.schema, forKey: .schema)
        try c.encode(ToiletFeatureSource.gridDegrees, forKey: .gridDegrees)
        try c.encode(
            "row = floor((lat + 90) / grid), column = floor((lon + 180) / grid); cell = row_column", forKey: .cellRule)
        try c.encode(cells, forKey: .cells)
    }

    private enum Keys: String, CodingKey { case schema, gridDegrees = "grid_degrees", cellRule = "cell_rule", cells }
}
