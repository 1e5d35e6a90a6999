/// The OSM objects behind a dataset's places, kept between runs so that replication diffs
/// apply without reading the extract again (docs/pipelines.md, "Replication diffs"): the
/// selected nodes, the selected ways and the member ways of selected multipolygons (with
/// their node ids), the selected relations, the positions of every node of those ways, and
/// what the last run made of each selected object. Small: a few rows per toilet.
public struct OSMState: Sendable {
    /// Identifies an object across types.
    public struct Key: Hashable, Sendable, Comparable {
        /// Node, way or relation.
        public var type: OSMType
        /// Its id.
        public var id: Int64

        /// A key.
        public init(type: OSMType, id: Int64) {
            self.type = type
            self.id = id
        }

        /// Nodes, then ways, then relations; by id within a type.
        public static func < (a: Key, b: Key) -> Bool { (a.type.rawValue, a.id) < (b.type.rawValue, b.id) }

        /// `node/123`.
        public var osmID: String { "\(type.name)/\(id)" }
    }

    /// Selected nodes, with their tags and positions.
    public var nodes: [Int64: OSMNode] = [:]
    /// Selected ways (with their tags) and member ways of selected multipolygons (tags empty
    /// when not selected themselves), with their node ids.
    public var ways: [Int64: OSMWay] = [:]
    /// Selected relations, with their members.
    public var relations: [Int64: OSMRelation] = [:]
    /// Positions of the nodes of `ways`.
    public var positions: [Int64: OSMPosition] = [:]
    /// Where the last run placed each selected way and relation (nodes are placed by their
    /// own position): a pending object keeps its place until it can be placed again.
    public var placed: [Key: (lon: String, lat: String)] = [:]
    /// Objects selected but not placeable from the diffs alone, with the reason; resolved by
    /// the next full read.
    public var pending: [Key: String] = [:]

    /// An empty state.
    public init() {}

    /// The node ids of each stored way, for the side table of node → way.
    public var wayNodes: [(nodeID: Int64, wayID: Int64, position: OSMPosition)] {
        var out: [(Int64, Int64, OSMPosition)] = []
        for (wayID, way) in ways {
            for nodeID in Set(way.nodeIDs) {
                if let p = positions[nodeID] { out.append((nodeID, wayID, p)) }
            }
        }
        return out.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }
}

extension TagCondition {
    /// Whether `tags` meet every condition of at least one list of `selection` (the same
    /// rule the block decoder applies with its bit masks).
    public static func selects(_ tags: [OSMTag], _ selection: [[TagCondition]]) -> Bool {
        selection.contains { filter in
            filter.allSatisfy { c in tags.contains { $0.key == c.key && (c.value == nil || $0.value == c.value) } }
        }
    }
}
