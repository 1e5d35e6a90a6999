/// What an OsmChange entry does to its object.
public enum OSMAction: String, Sendable, Equatable {
    /// A new object.
    case create
    /// A new version of an object.
    case modify
    /// The object is gone.
    case delete
}

/// One object of an OsmChange file (OSM wiki "OsmChange"), at its new version.
public enum OSMObject: Sendable, Equatable {
    /// A node (a deleted node without `lat`/`lon` has position 0, 0).
    case node(OSMNode)
    /// A way.
    case way(OSMWay)
    /// A relation.
    case relation(OSMRelation)

    /// Its kind.
    public var type: OSMType {
        switch self {
        case .node: .node
        case .way: .way
        case .relation: .relation
        }
    }

    /// Its id.
    public var id: Int64 {
        switch self {
        case .node(let n): n.id
        case .way(let w): w.id
        case .relation(let r): r.id
        }
    }
}

/// One entry of an OsmChange file: an action on an object, with the line it starts on.
public struct OSMChange: Sendable, Equatable {
    /// Create, modify or delete.
    public var action: OSMAction
    /// The object as the change leaves it.
    public var object: OSMObject
    /// The 1-based line of its start tag in the (inflated) file.
    public var line: Int

    /// A change.
    public init(action: OSMAction, object: OSMObject, line: Int) {
        self.action = action
        self.object = object
        self.line = line
    }
}

extension OSMPosition {
    /// Decimal degrees text (as `latitudeText` writes it) as exact nanodegrees; nil when it
    /// is not one or is beyond ±180.
    public static func nano(_ text: String) -> Int64? { Coordinates.nano(text, limit: 180) }
}
