import Foundation

/// An object a selection picked, with the one point it is placed at, or why it has none.
public struct SelectedObject: Sendable {
    /// Node, way or relation.
    public var type: OSMType
    /// Its id.
    public var id: Int64
    /// Its tags.
    public var tags: [OSMTag]
    /// Longitude and latitude as decimal text (a node's exact, a way's computed to 7
    /// decimals), or nil when it cannot be placed.
    public var position: (lon: String, lat: String)?
    /// Why it has no position (its nodes are not in the file, a ring does not close…).
    public var problem: String?

    /// `node/123`, `way/45`, `relation/6`.
    public var osmID: String { "\(type.name)/\(id)" }
}

extension OSMType {
    /// `node`, `way` or `relation`.
    public var name: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}

/// How much a selection read: for the report and the benchmark.
public struct SelectionStats: Sendable, Equatable {
    /// Nodes, ways and relations in the file.
    public var nodes = 0
    /// See `nodes`.
    public var ways = 0
    /// See `nodes`.
    public var relations = 0
    /// Data blocks in the file.
    public var blocks = 0
    /// Blocks read again to find member ways of selected relations (pass 2).
    public var wayBlocksReread = 0
    /// Blocks read again for the positions of selected ways' nodes (pass 3).
    public var nodeBlocksReread = 0
    /// Objects (nodes, ways and relations) in the last data block, and in the fullest one.
    public var lastBlockObjects = 0
    /// See `lastBlockObjects`.
    public var fullestBlockObjects = 0

    /// Why the file may have lost its end, or nil. A PBF file has no end marker and no block
    /// count (osmium and osmosis write neither), so a file cut at a block boundary reads as a
    /// whole file. Two signs are kept: the last of several blocks is as full as the fullest
    /// (writers fill blocks to a count, 8,000 objects for osmium and osmosis, and only the
    /// last of a file is partial), or a file sorted by type (`Sort.Type_then_ID`) of several
    /// blocks ends before any way or relation.
    public func truncationSign(sortedByType: Bool) -> String? {
        guard blocks >= 2 else { return nil }
        if lastBlockObjects == fullestBlockObjects {
            return "its last block holds as many objects (\(lastBlockObjects)) as its fullest one"
        }
        if sortedByType, ways == 0, relations == 0 { return "it is sorted by type and ends before any way or relation" }
        return nil
    }
}

/// Reads every object of a PBF file that a tag selection picks and places each at one point
/// (`Placement`). Ways need their nodes' positions, which come earlier in the file; rather
/// than index every node (8 bytes × all nodes of a country), the reader makes more passes,
/// each reading only the blocks it needs:
/// 1. every block: selected nodes (placed at once), selected ways (node ids kept), selected
///    relations (member ids kept); each block's node id range and whether it has ways;
/// 2. only if a selected multipolygon has member ways (outer or inner) not selected
///    themselves: the blocks with ways, for those ways' node ids;
/// 3. only if something needs node positions: the blocks whose node id range holds one.
/// Memory is the selected objects plus their node ids and positions, and one entry per block;
/// the selected objects may cost at most `keptLimit` (16 times the file's size, or 64 MiB).
public enum SelectionReader {
    /// The selected objects, nodes then ways then relations, each in file order.
    public static func read(
        _ file: PBFFile, selection: [[TagCondition]], observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws -> (objects: [SelectedObject], stats: SelectionStats) {
        let (objects, stats, _) = try readState(file, selection: selection, observe: observe)
        return (objects, stats)
    }

    /// The selected objects (see `read`) and the state a replication diff starts from
    /// (`OSMState`).
    public static func readState(
        _ file: PBFFile, selection: [[TagCondition]], observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws -> (objects: [SelectedObject], stats: SelectionStats, state: OSMState) {
        var stats = SelectionStats()
        var nodes: [SelectedObject] = []
        var state = OSMState()
        var ways: [OSMWay] = []
        var relations: [OSMRelation] = []
        var nodeBlocks: [(offset: Int64, range: ClosedRange<Int64>)] = []
        var wayBlocks: [Int64] = []
        var kept = 0
        let keptLimit = SelectionReader.keptLimit(fileSize: file.size)
        try file.scan(plan: ScanPlan(selection: selection), observe: observe) { info, block in
            kept += block.keptBytes
            guard kept <= keptLimit else {
                throw PBFError.selectionTooLarge(path: file.path, offset: info.offset, limit: Int64(keptLimit))
            }
            stats.blocks += 1
            stats.nodes += block.nodeCount
            stats.ways += block.wayCount
            stats.relations += block.relationCount
            stats.lastBlockObjects = block.nodeCount + block.wayCount + block.relationCount
            stats.fullestBlockObjects = max(stats.fullestBlockObjects, stats.lastBlockObjects)
            if let r = block.nodeIDRange { nodeBlocks.append((info.offset, r)) }
            if block.wayCount > 0 { wayBlocks.append(info.offset) }
            for n in block.nodes {
                state.nodes[n.id] = n
                nodes.append(
                    SelectedObject(
                        type: .node, id: n.id, tags: n.tags, position: (n.position.longitudeText, n.position.latitudeText)))
            }
            ways += block.ways
            relations += block.relations
        }
        // Pass 2: member ways of multipolygons that were not selected themselves.
        var memberWays: [Int64: [Int64]] = [:]
        for w in ways { memberWays[w.id] = w.nodeIDs }
        let missingWays = Set(relations.flatMap(ObjectPlacer.memberWayIDs)).subtracting(memberWays.keys)
        if !missingWays.isEmpty {
            try file.scan(plan: ScanPlan(selection: nil, wayIDs: missingWays), offsets: wayBlocks) { _, block in
                stats.wayBlocksReread += 1
                for w in block.ways { memberWays[w.id] = w.nodeIDs }
            }
        }
        // Pass 3: positions of every node a selected way or multipolygon needs.
        var wanted = Set(ways.flatMap(\.nodeIDs))
        for r in relations {
            for id in ObjectPlacer.memberWayIDs(r) { wanted.formUnion(memberWays[id] ?? []) }
        }
        var positions: [Int64: OSMPosition] = [:]
        if !wanted.isEmpty {
            let offsets = blocks(nodeBlocks, holdingAnyOf: wanted)
            try file.scan(plan: ScanPlan(selection: nil, nodeIDs: wanted), offsets: offsets) { _, block in
                stats.nodeBlocksReread += 1
                for n in block.nodes { positions[n.id] = n.position }
            }
        }
        let placer = ObjectPlacer(memberWays: memberWays, positions: positions)
        let placedWays = ways.map { placer.place($0).object }
        let placedRelations = relations.map { placer.place($0).object }
        // The state: selected ways with their tags, member ways with their node ids only.
        for (id, nodeIDs) in memberWays { state.ways[id] = OSMWay(id: id, tags: [], nodeIDs: nodeIDs) }
        for w in ways { state.ways[w.id] = w }
        for r in relations { state.relations[r.id] = r }
        state.positions = positions
        for o in placedWays + placedRelations {
            if let p = o.position { state.placed[OSMState.Key(type: o.type, id: o.id)] = p }
        }
        return (nodes + placedWays + placedRelations, stats, state)
    }

    /// What the objects a selection keeps may cost in all: 16 bytes per byte of the file, at
    /// least 64 MiB. Each block is bounded on its own (`PrimitiveBlockDecoder.maxDecodedBytes`),
    /// but blocks that compress to almost nothing add up: memory follows the bytes read. A
    /// real extract keeps far less (central Helsinki: 18 toilets of 685 KB).
    static func keptLimit(fileSize: Int64) -> Int {
        let (bytes, overflow) = Int(clamping: fileSize).multipliedReportingOverflow(by: 16)
        return overflow ? Int.max : max(64 << 20, bytes)
    }

    /// The offsets of the blocks whose node id range holds one of `wanted` (the blocks a pass
    /// for node positions must read again), in file order.
    static func blocks(_ nodeBlocks: [(offset: Int64, range: ClosedRange<Int64>)], holdingAnyOf wanted: Set<Int64>) -> [Int64] {
        let sorted = wanted.sorted()
        return nodeBlocks.filter { block in
            let i = lowerBound(sorted, block.range.lowerBound)
            return i < sorted.count && sorted[i] <= block.range.upperBound
        }.map(\.offset)
    }

    private static func lowerBound(_ a: [Int64], _ v: Int64) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
