/// Applies the changes of replication diffs, in order, to the state a full read left
/// (`OSMState`), then places every selected object by the same rules as the PBF reader
/// (`ObjectPlacer`). The rules (docs/pipelines.md, "Replication diffs"):
/// - a node, way or relation whose new tags the selection picks is stored; one whose tags it
///   no longer picks (or that is deleted) is dropped, and its place is then retired;
/// - a moved node of a stored way moves that way's place (and a multipolygon's);
/// - a way or multipolygon that cannot be placed because some of its nodes (or member ways)
///   are neither in the diffs nor in the state (a way that gains toilet tags while its nodes
///   stay unchanged) is pending: never guessed; it keeps its earlier place if it had one,
///   and the next full read of an extract resolves it.
public struct ChangeApplier {
    /// The state as the changes so far leave it.
    public private(set) var state: OSMState
    private let selection: [[TagCondition]]
    /// Positions of the nodes the diffs hold that the state has not (a new way's new nodes
    /// come before it), and the node ids of every way (a new multipolygon's member ways come
    /// before it), in diff order: `finish` looks up only the few that a stored way needs, the
    /// last one of an id winning. A log, not a dictionary: a day's 800,000 moved nodes are
    /// appended, not hashed (a dictionary of them was a fifth of a run). Memory: 24 bytes a
    /// node and the node ids of each way (a planet day: some tens of MB).
    private var seenNodes: [(id: Int64, position: OSMPosition)] = []
    private var seenWays: [(id: Int64, nodeIDs: [Int64]?)] = []
    /// Ways and relations a change named: unplaceable ones are pending, not problems.
    private var touched: Set<OSMState.Key> = []
    private var memberWayIDs: Set<Int64>
    /// How many creates, modifies and deletes were applied.
    public var counts: [OSMAction: Int] {
        var out: [OSMAction: Int] = [:]
        for (i, action) in [OSMAction.create, .modify, .delete].enumerated() where actionCounts[i] > 0 {
            out[action] = actionCounts[i]
        }
        return out
    }
    private var actionCounts = [0, 0, 0]
    /// After `finish`: the selected objects (before or after the changes) whose place the
    /// changes may have changed: named by a change, a way with a moved node, a multipolygon
    /// with such a member way, or pending. Every other place is as the last run left it.
    public private(set) var placesTouched: Set<OSMState.Key> = []
    private var changed: Set<OSMState.Key> = []
    private var moved: Set<Int64> = []
    private let selectedBefore: Set<OSMState.Key>

    /// Starts from `state`, selecting with `selection` (the pipeline's filters).
    public init(state: OSMState, selection: [[TagCondition]]) {
        self.state = state
        self.selection = selection
        memberWayIDs = Set(state.relations.values.flatMap(ObjectPlacer.memberWayIDs))
        selectedBefore = ChangeApplier.selected(state, selection)
    }

    /// The keys of the objects of `state` that are places: nodes, selected ways, relations.
    private static func selected(_ state: OSMState, _ selection: [[TagCondition]]) -> Set<OSMState.Key> {
        var keys = Set(state.nodes.keys.map { OSMState.Key(type: .node, id: $0) })
        for (id, w) in state.ways where TagCondition.selects(w.tags, selection) { keys.insert(.init(type: .way, id: id)) }
        for id in state.relations.keys { keys.insert(.init(type: .relation, id: id)) }
        return keys
    }

    /// Applies one change.
    public mutating func apply(_ change: OSMChange) {
        switch change.action {
        case .create: actionCounts[0] += 1
        case .modify: actionCounts[1] += 1
        case .delete: actionCounts[2] += 1
        }
        let live = change.action != .delete
        let key = OSMState.Key(type: change.object.type, id: change.object.id)
        let wasStored = holds(key)
        defer {
            // Only objects of the state matter (most changes of a day are not). A way named
            // by a change is touched (pending when it cannot be placed) when it is stored
            // before or after it; a member way `finish` takes from `seenWays` is touched too.
            if wasStored || holds(key) {
                changed.insert(key)
                if key.type == .way { touched.insert(key) }
            }
        }
        switch change.object {
        case .node(let n):
            if state.positions[n.id] != nil {
                moved.insert(n.id)
                if live { state.positions[n.id] = n.position }
            } else if live {
                seenNodes.append((n.id, n.position))
            }
            if live, TagCondition.selects(n.tags, selection) {
                state.nodes[n.id] = n
            } else if wasStored {
                state.nodes[n.id] = nil
            }
        case .way(let w):
            seenWays.append((w.id, live ? w.nodeIDs : nil))
            if live, TagCondition.selects(w.tags, selection) || memberWayIDs.contains(w.id) {
                state.ways[w.id] = w
            } else {
                state.ways[w.id] = nil
            }
        case .relation(let r):
            touched.insert(OSMState.Key(type: .relation, id: r.id))
            if live, TagCondition.selects(r.tags, selection) { state.relations[r.id] = r } else { state.relations[r.id] = nil }
            memberWayIDs = Set(state.relations.values.flatMap(ObjectPlacer.memberWayIDs))
        }
    }

    /// Whether the state holds the object (a node selected, a way selected or a member way,
    /// a relation selected); inlined: as a method of `self` it copied the applier per change.
    @inline(__always)
    private func holds(_ key: OSMState.Key) -> Bool {
        switch key.type {
        case .node: state.nodes.index(forKey: key.id) != nil
        case .way: state.ways.index(forKey: key.id) != nil
        case .relation: state.relations.index(forKey: key.id) != nil
        }
    }

    /// Places every selected object (nodes, then ways, then relations, each by id) and
    /// returns them with the objects left pending; `state` then holds the new state.
    public mutating func finish() -> (objects: [SelectedObject], pending: [(key: OSMState.Key, reason: String)]) {
        let (objects, pending, _) = finish(touchedOnly: false)
        return (objects, pending)
    }

    /// `finish()`; with `touchedOnly`, only the objects of `placesTouched` are returned (a
    /// country's tens of thousands of untouched nodes are not made objects again), and
    /// `selected` counts every selected object all the same.
    public mutating func finish(touchedOnly: Bool) -> (
        objects: [SelectedObject], pending: [(key: OSMState.Key, reason: String)], selected: Int
    ) {
        // Member ways of new multipolygons that came (unselected) before them in the diffs.
        let missing = Set(memberWayIDs.filter { state.ways[$0] == nil })
        if !missing.isEmpty {
            var found: [Int64: [Int64]?] = [:]
            for (id, nodeIDs) in seenWays where missing.contains(id) { found[id] = .some(nodeIDs) }
            for (id, nodeIDs) in found {
                guard let nodeIDs else { continue }
                state.ways[id] = OSMWay(id: id, tags: [], nodeIDs: nodeIDs)
                touched.insert(OSMState.Key(type: .way, id: id))
            }
        }
        seenWays = []
        // Keep only the ways still needed: selected ones and members of stored relations.
        state.ways = state.ways.filter { TagCondition.selects($0.value.tags, selection) || memberWayIDs.contains($0.key) }
        // The nodes of those ways that the state had no position of, from the diffs' log.
        var wanted: Set<Int64> = []
        for way in state.ways.values {
            for id in way.nodeIDs where state.positions[id] == nil { wanted.insert(id) }
        }
        var seen: [Int64: OSMPosition] = [:]
        if !wanted.isEmpty {
            for (id, p) in seenNodes where wanted.contains(id) { seen[id] = p }
        }
        seenNodes = []
        var positions: [Int64: OSMPosition] = [:]
        for way in state.ways.values {
            for id in way.nodeIDs {
                if let p = state.positions[id] ?? seen[id] { positions[id] = p }
            }
        }
        state.positions = positions
        let placer = ObjectPlacer(memberWays: state.ways.mapValues(\.nodeIDs), positions: positions)
        var objects: [SelectedObject] = []
        var outcomes: [ObjectPlacer.Outcome] = []
        for id in state.ways.keys.sorted() {
            if let w = state.ways[id], TagCondition.selects(w.tags, selection) { outcomes.append(placer.place(w)) }
        }
        for id in state.relations.keys.sorted() {
            if let r = state.relations[id] { outcomes.append(placer.place(r)) }
        }
        var pending: [(OSMState.Key, String)] = []
        var placed: [OSMState.Key: (lon: String, lat: String)] = [:]
        var stillPending: [OSMState.Key: String] = [:]
        for outcome in outcomes {
            var object = outcome.object
            let key = OSMState.Key(type: object.type, id: object.id)
            if let lacking = outcome.lacking, touched.contains(key) || state.pending[key] != nil {
                let reason = "\(lacking) neither in the diffs nor stored: not placed until the next full read"
                pending.append((key, reason))
                stillPending[key] = reason
                // Keep the earlier place, with the new tags; never a guessed one.
                guard let before = state.placed[key] else { continue }
                object.position = before
                object.problem = nil
                placed[key] = before
            } else if let p = object.position {
                placed[key] = p
            }
            objects.append(object)
        }
        // What the changes may have moved: named objects, ways with a moved node, relations
        // with such a member way, and pending objects (before or now).
        var reach = changed.union(state.pending.keys).union(stillPending.keys)
        var touchedWays: Set<Int64> = []
        for (id, way) in state.ways {
            guard changed.contains(.init(type: .way, id: id)) || way.nodeIDs.contains(where: moved.contains) else { continue }
            touchedWays.insert(id)
            reach.insert(.init(type: .way, id: id))
        }
        for (id, r) in state.relations {
            let members = ObjectPlacer.memberWayIDs(r)
            if members.contains(where: { touchedWays.contains($0) || changed.contains(.init(type: .way, id: $0)) }) {
                reach.insert(.init(type: .relation, id: id))
            }
        }
        state.placed = placed
        state.pending = stillPending
        placesTouched = reach.intersection(selectedBefore.union(ChangeApplier.selected(state, selection)))
        let selected = state.nodes.count + objects.count
        let nodeIDs = touchedOnly ? placesTouched.filter { $0.type == .node }.map(\.id).sorted() : state.nodes.keys.sorted()
        let nodes: [SelectedObject] = nodeIDs.compactMap { id in
            state.nodes[id].map { n in
                SelectedObject(
                    type: .node, id: n.id, tags: n.tags, position: (n.position.longitudeText, n.position.latitudeText))
            }
        }
        if touchedOnly { objects = objects.filter { placesTouched.contains(OSMState.Key(type: $0.type, id: $0.id)) } }
        return (nodes + objects, pending, selected)
    }
}
