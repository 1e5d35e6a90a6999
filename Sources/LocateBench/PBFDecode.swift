import Foundation
import Ingest
import OSMPBF

/// `locate-bench pbf FILE`: the toilet selection of a PBF file (the Overpass default
/// filters, as `format: osm-pbf` reads it) without storage: decode throughput.
enum PBFDecode {
    static func run(path: String) throws {
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
        let selection = OverpassQuery.standard.filters.map { $0.map { TagCondition(key: $0.key, value: $0.value) } }
        let cpuStart = clock()
        let start = Date()
        let file = try PBFFile(path: path)
        let (objects, stats) = try SelectionReader.read(file, selection: selection)
        let seconds = Date().timeIntervalSince(start)
        let cpu = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC)
        print("pbf_bytes=\(Int(bytes))")
        print("pbf_nodes=\(stats.nodes) pbf_ways=\(stats.ways) pbf_relations=\(stats.relations) pbf_blocks=\(stats.blocks)")
        print("pbf_selected=\(objects.count) pbf_unplaced=\(objects.filter { $0.problem != nil }.count)")
        print("pbf_reread_blocks=\(stats.nodeBlocksReread + stats.wayBlocksReread)")
        print(String(format: "pbf_seconds=%.3f pbf_cpu_seconds=%.3f", seconds, cpu))
        print(String(format: "pbf_nodes_per_s=%.0f pbf_mb_per_s=%.1f", Double(stats.nodes) / seconds, bytes / 1e6 / seconds))
    }
}
