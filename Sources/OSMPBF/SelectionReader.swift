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
}

/// Reads every object of a PBF file that a tag selection picks and places each at one point
/// (`Placement`). Ways need their nodes' positions, which come earlier in the file; rather
/// than index every node (8 bytes × all nodes of a country), the reader makes more passes,
/// each reading only the blocks it needs:
/// 1. every block: selected nodes (placed at once), selected ways (node ids kept), selected
///    relations (member ids kept); each block's node id range and whether it has ways;
/// 2. only if a selected multipolygon has member ways not selected themselves: the blocks
///    with ways, for those ways' node ids;
/// 3. only if something needs node positions: the blocks whose node id range holds one.
/// Memory is the selected objects plus their node ids and positions, and one entry per block.
public enum SelectionReader {
    /// The selected objects, nodes then ways then relations, each in file order.
    public static func read(
        _ file: PBFFile, selection: [[TagCondition]], observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws -> (objects: [SelectedObject], stats: SelectionStats) {
        var stats = SelectionStats()
        var nodes: [SelectedObject] = []
        var ways: [OSMWay] = []
        var relations: [OSMRelation] = []
        var nodeBlocks: [(offset: Int64, range: ClosedRange<Int64>)] = []
        var wayBlocks: [Int64] = []
        try file.scan(plan: ScanPlan(selection: selection), observe: observe) { info, block in
            stats.blocks += 1
            stats.nodes += block.nodeCount
            stats.ways += block.wayCount
            stats.relations += block.relationCount
            if let r = block.nodeIDRange { nodeBlocks.append((info.offset, r)) }
            if block.wayCount > 0 { wayBlocks.append(info.offset) }
            for n in block.nodes {
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
        let missingWays = Set(relations.filter(isMultipolygon).flatMap(outerWayIDs)).subtracting(memberWays.keys)
        if !missingWays.isEmpty {
            try file.scan(plan: ScanPlan(selection: nil, wayIDs: missingWays), offsets: wayBlocks) { _, block in
                stats.wayBlocksReread += 1
                for w in block.ways { memberWays[w.id] = w.nodeIDs }
            }
        }
        // Pass 3: positions of every node a selected way or multipolygon needs.
        var wanted = Set(ways.flatMap(\.nodeIDs))
        for r in relations where isMultipolygon(r) {
            for id in outerWayIDs(r) { wanted.formUnion(memberWays[id] ?? []) }
        }
        var positions: [Int64: OSMPosition] = [:]
        if !wanted.isEmpty {
            let sorted = wanted.sorted()
            let offsets = nodeBlocks.filter { block in
                let i = lowerBound(sorted, block.range.lowerBound)
                return i < sorted.count && sorted[i] <= block.range.upperBound
            }.map(\.offset)
            try file.scan(plan: ScanPlan(selection: nil, nodeIDs: wanted), offsets: offsets) { _, block in
                stats.nodeBlocksReread += 1
                for n in block.nodes { positions[n.id] = n.position }
            }
        }
        let placedWays = ways.map { place($0, positions: positions) }
        let placedRelations = relations.map { place($0, memberWays: memberWays, positions: positions) }
        return (nodes + placedWays + placedRelations, stats)
    }

    private static func isMultipolygon(_ r: OSMRelation) -> Bool {
        r.tags.contains { $0.key == "type" && $0.value == "multipolygon" }
    }

    private static func outerWayIDs(_ r: OSMRelation) -> [Int64] {
        r.members.filter { $0.type == .way && ($0.role == "outer" || $0.role.isEmpty) }.map(\.id)
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

    private static func points(_ ids: [Int64], _ positions: [Int64: OSMPosition]) -> [Placement.Point]? {
        var out: [Placement.Point] = []
        out.reserveCapacity(ids.count)
        for id in ids {
            guard let p = positions[id] else { return nil }
            out.append((p.longitude, p.latitude))
        }
        return out
    }

    private static func text(_ p: Placement.Point) -> (lon: String, lat: String) {
        (String(format: "%.7f", p.lon), String(format: "%.7f", p.lat))
    }

    private static func place(_ w: OSMWay, positions: [Int64: OSMPosition]) -> SelectedObject {
        var object = SelectedObject(type: .way, id: w.id, tags: w.tags, position: nil, problem: nil)
        guard !w.nodeIDs.isEmpty else {
            object.problem = "way/\(w.id) has no nodes"
            return object
        }
        guard let line = points(w.nodeIDs, positions) else {
            let missing = Set(w.nodeIDs.filter { positions[$0] == nil })
            object.problem =
                "way/\(w.id): \(missing.count) of its \(Set(w.nodeIDs).count) nodes are not in the file "
                + "(cut off by the extract's boundary?); not placed"
            return object
        }
        let closed = w.nodeIDs.count >= 4 && w.nodeIDs.first == w.nodeIDs.last
        object.position = text(closed ? Placement.areaPoint(line) : Placement.linePoint(line))
        return object
    }

    private static func place(_ r: OSMRelation, memberWays: [Int64: [Int64]], positions: [Int64: OSMPosition])
        -> SelectedObject
    {
        var object = SelectedObject(type: .relation, id: r.id, tags: r.tags, position: nil, problem: nil)
        let id = "relation/\(r.id)"
        guard isMultipolygon(r) else {
            let type = r.tags.first { $0.key == "type" }?.value
            object.problem = "\(id) is a \(type.map { "type=\($0)" } ?? "relation without type"): only multipolygons are placed"
            return object
        }
        var segments: [[Int64]] = []
        for wayID in outerWayIDs(r) {
            guard let ids = memberWays[wayID] else {
                object.problem = "\(id): outer way/\(wayID) is not in the file; not placed"
                return object
            }
            segments.append(ids)
        }
        guard !segments.isEmpty, let rings = Placement.rings(segments) else {
            object.problem = "\(id): its outer ways do not join into closed rings; not placed"
            return object
        }
        var best: [Placement.Point]? = nil
        for ring in rings {
            guard let pts = points(ring, positions) else {
                object.problem = "\(id): some nodes of its outer ways are not in the file; not placed"
                return object
            }
            if Placement.area(pts) > best.map(Placement.area) ?? -1 { best = pts }
        }
        if let best { object.position = text(Placement.areaPoint(best)) }
        return object
    }
}
