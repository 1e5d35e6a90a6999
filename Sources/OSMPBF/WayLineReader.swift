/// Ways picked by their tags, each with the positions of its nodes (what a map draws: streets,
/// paths, rivers, the outlines of parks and lakes). Two passes over the file:
/// 1. every block, keeping the ways a selection picks (their tags and node ids);
/// 2. only the blocks whose node id range holds a node one of them needs, keeping those
///    nodes' positions.
/// Memory is the kept ways, their node ids and positions: at most `SelectionReader.keptLimit`
/// for the ways (16 times the file's size, at least 64 MiB), and one position per node the file
/// holds, so it follows the bytes read, never a size the file declares.
public enum WayLineReader {
    /// A way and its nodes' positions, in the way's order; a node the file lacks (an extract cut
    /// at its border) leaves a nil.
    public struct Line: Sendable, Equatable {
        /// The way: its id, tags and node ids.
        public var way: OSMWay
        /// The position of each of `way.nodeIDs`, nil where the file has no such node.
        public var positions: [OSMPosition?]

        /// A way and its positions.
        public init(way: OSMWay, positions: [OSMPosition?]) {
            self.way = way
            self.positions = positions
        }
    }

    /// The ways of `file` that meet `selection` (see `ScanPlan.selection`), in file order.
    public static func read(_ file: PBFFile, selection: [[TagCondition]]) throws -> [Line] {
        var ways: [OSMWay] = []
        var nodeBlocks: [(offset: Int64, range: ClosedRange<Int64>)] = []
        var kept = 0
        let keptLimit = SelectionReader.keptLimit(fileSize: file.size)
        try file.scan(plan: ScanPlan(selection: selection)) { info, block in
            kept += block.keptBytes
            guard kept <= keptLimit else {
                throw PBFError.selectionTooLarge(path: file.path, offset: info.offset, limit: Int64(keptLimit))
            }
            if let r = block.nodeIDRange { nodeBlocks.append((info.offset, r)) }
            ways += block.ways
        }
        let wanted = Set(ways.lazy.flatMap(\.nodeIDs))
        var positions: [Int64: OSMPosition] = [:]
        if !wanted.isEmpty {
            let offsets = SelectionReader.blocks(nodeBlocks, holdingAnyOf: wanted)
            positions.reserveCapacity(wanted.count)
            try file.scan(plan: ScanPlan(selection: nil, nodeIDs: wanted), offsets: offsets) { _, block in
                for n in block.nodes { positions[n.id] = n.position }
            }
        }
        return ways.map { Line(way: $0, positions: $0.nodeIDs.map { positions[$0] }) }
    }
}
