/// One OSM tag.
public struct OSMTag: Sendable, Equatable {
    /// The key (`amenity`).
    public var key: String
    /// The value (`toilets`).
    public var value: String

    /// A tag.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// An OSM position in nanodegrees, as PBF computes it (`offset + granularity × value`,
/// OSM PBF format, "Definition of the OSMData format"). OSM stores 7 decimals; the text
/// form keeps exactly what the file holds.
public struct OSMPosition: Sendable, Equatable {
    /// Latitude in 1e-9 degrees.
    public var latitudeNano: Int64
    /// Longitude in 1e-9 degrees.
    public var longitudeNano: Int64

    /// A position from nanodegrees.
    public init(latitudeNano: Int64, longitudeNano: Int64) {
        self.latitudeNano = latitudeNano
        self.longitudeNano = longitudeNano
    }

    /// Latitude in degrees.
    public var latitude: Double { Double(latitudeNano) / 1e9 }
    /// Longitude in degrees.
    public var longitude: Double { Double(longitudeNano) / 1e9 }
    /// Latitude as decimal text: 7 decimals when the value is a whole 1e-7 (OSM's own
    /// precision), else 9; exact, with no floating-point rounding.
    public var latitudeText: String { Self.text(latitudeNano) }
    /// Longitude as decimal text (see `latitudeText`).
    public var longitudeText: String { Self.text(longitudeNano) }

    static func text(_ nano: Int64) -> String {
        let negative = nano < 0
        let magnitude = nano.magnitude
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: 1_000_000_000)
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        if digits.hasSuffix("00") { digits.removeLast(2) }
        return (negative ? "-" : "") + String(whole) + "." + digits
    }
}

/// A node as read: tags only when the scan selected it by its tags.
public struct OSMNode: Sendable, Equatable {
    /// The node id.
    public var id: Int64
    /// Where it is.
    public var position: OSMPosition
    /// Its tags (empty when read only for its position).
    public var tags: [OSMTag]

    /// A node.
    public init(id: Int64, position: OSMPosition, tags: [OSMTag]) {
        self.id = id
        self.position = position
        self.tags = tags
    }
}

/// A way: its tags and node ids in order.
public struct OSMWay: Sendable, Equatable {
    /// The way id.
    public var id: Int64
    /// Its tags (empty when read only for its nodes).
    public var tags: [OSMTag]
    /// Its node ids, in order (a closed way repeats the first at the end).
    public var nodeIDs: [Int64]

    /// A way.
    public init(id: Int64, tags: [OSMTag], nodeIDs: [Int64]) {
        self.id = id
        self.tags = tags
        self.nodeIDs = nodeIDs
    }
}

/// The kind of an OSM object (PBF `Relation.MemberType`).
public enum OSMType: Int, Sendable, Equatable {
    /// A node.
    case node = 0
    /// A way.
    case way = 1
    /// A relation.
    case relation = 2
}

/// A member of a relation.
public struct OSMMember: Sendable, Equatable {
    /// What kind of object it is.
    public var type: OSMType
    /// Its id.
    public var id: Int64
    /// Its role (`outer`, `inner`, or empty).
    public var role: String

    /// A member.
    public init(type: OSMType, id: Int64, role: String) {
        self.type = type
        self.id = id
        self.role = role
    }
}

/// A relation: its tags and members in order.
public struct OSMRelation: Sendable, Equatable {
    /// The relation id.
    public var id: Int64
    /// Its tags.
    public var tags: [OSMTag]
    /// Its members, in order.
    public var members: [OSMMember]

    /// A relation.
    public init(id: Int64, tags: [OSMTag], members: [OSMMember]) {
        self.id = id
        self.tags = tags
        self.members = members
    }
}

/// One condition on tags: `key=value`, or `key` present with any value.
public struct TagCondition: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value required, or nil for any.
    public var value: String?

    /// A condition.
    public init(key: String, value: String?) {
        self.key = key
        self.value = value
    }
}

/// What a scan reads from each block.
public struct ScanPlan: Sendable {
    /// Objects selected by their tags: those meeting every condition of at least one inner
    /// list (at most 64 conditions in all). Nil selects nothing by tags.
    public var selection: [[TagCondition]]?
    /// Ways to return (with their node ids) whatever their tags.
    public var wayIDs: Set<Int64>
    /// Nodes to return (with their positions) whatever their tags.
    public var nodeIDs: Set<Int64>

    /// A plan.
    public init(selection: [[TagCondition]]?, wayIDs: Set<Int64> = [], nodeIDs: Set<Int64> = []) {
        precondition((selection ?? []).joined().count <= 64, "at most 64 tag conditions")
        self.selection = selection
        self.wayIDs = wayIDs
        self.nodeIDs = nodeIDs
    }
}

/// What one data block holds, in counts, and the objects a scan asked for.
public struct BlockContents: Sendable {
    /// Nodes selected by tags or asked for by id, in block order.
    public var nodes: [OSMNode] = []
    /// Ways selected by tags or asked for by id.
    public var ways: [OSMWay] = []
    /// Relations selected by tags.
    public var relations: [OSMRelation] = []
    /// How many nodes, ways and relations the block holds.
    public var nodeCount = 0
    /// See `nodeCount`.
    public var wayCount = 0
    /// See `nodeCount`.
    public var relationCount = 0
    /// The smallest and largest node id in the block (nil without nodes).
    public var nodeIDRange: ClosedRange<Int64>? = nil
    /// Bytes of memory the objects above cost, strings included (as the decoder counts them
    /// against its budget, `PrimitiveBlockDecoder.maxDecodedBytes`).
    public var keptBytes = 0
}
