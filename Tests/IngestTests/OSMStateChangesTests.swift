import OSMPBF
import Places
import Storage
import Testing

@testable import Ingest

/// A run of diffs writes only the rows of the OSM state that changed
/// (`OSMState.changes(since:stored:dataset:)`): the rows before, with those changes applied,
/// must be exactly the rows of the state after (what a rewrite of the whole state writes).
struct OSMStateChangesTests {
    static let toilets = [OSMTag(key: "amenity", value: "toilets")]

    static func position(_ lat: Int64, _ lon: Int64) -> OSMPosition {
        OSMPosition(latitudeNano: lat * 1_000_000, longitudeNano: lon * 1_000_000)
    }

    /// Three toilet nodes, a toilet way of three nodes (placed), a multipolygon with one member
    /// way (pending), and the positions of the ways' nodes.
    static func before() -> OSMState {
        var s = OSMState()
        s.nodes[1] = OSMNode(id: 1, position: position(60_100, 24_900), tags: toilets)
        s.nodes[2] = OSMNode(id: 2, position: position(60_101, 24_901), tags: toilets)
        s.nodes[4] = OSMNode(id: 4, position: position(60_104, 24_904), tags: toilets)
        s.ways[10] = OSMWay(id: 10, tags: toilets, nodeIDs: [100, 101, 102, 100])
        s.ways[11] = OSMWay(id: 11, tags: [], nodeIDs: [103, 104, 105, 103])
        s.relations[20] = OSMRelation(
            id: 20, tags: toilets + [OSMTag(key: "type", value: "multipolygon")],
            members: [OSMMember(type: .way, id: 11, role: "outer")])
        for (i, id) in [100, 101, 102, 103, 104, 105].enumerated() {
            s.positions[Int64(id)] = position(60_000 + Int64(i), 24_000)
        }
        s.placed[.init(type: .way, id: 10)] = ("24.0000000", "60.0010000")
        s.pending[.init(type: .relation, id: 20)] = "a test reason"
        return s
    }

    /// `rows` with `changes` applied, as `PlaceStager.updateOSMState` applies them.
    static func apply(_ changes: OSMStateChanges, to rows: (objects: [OSMObjectRecord], wayNodes: [OSMWayNodeRecord]))
        -> (objects: [OSMObjectRecord], wayNodes: [OSMWayNodeRecord])
    {
        var objects = Dictionary(uniqueKeysWithValues: rows.objects.map { ("\($0.osmType)/\($0.osmID)", $0) })
        for r in changes.removedObjects { objects["\(r.osmType)/\(r.osmID)"] = nil }
        for o in changes.objects { objects["\(o.osmType)/\(o.osmID)"] = o }
        var nodes = Dictionary(uniqueKeysWithValues: rows.wayNodes.map { ("\($0.nodeID)/\($0.wayID)", $0) })
        for r in changes.removedWayNodes { nodes["\(r.nodeID)/\(r.wayID)"] = nil }
        for n in changes.wayNodes { nodes["\(n.nodeID)/\(n.wayID)"] = n }
        let order = ["node": 0, "way": 1, "relation": 2]
        return (
            objects.values.sorted { (order[$0.osmType] ?? 3, $0.osmID) < (order[$1.osmType] ?? 3, $1.osmID) },
            nodes.values.sorted { ($0.nodeID, $0.wayID) < ($1.nodeID, $1.wayID) }
        )
    }

    @Test func unchangedStateWritesNothing() throws {
        let s = Self.before()
        let changes = try s.changes(since: s, stored: s.records(dataset: "d").wayNodes, dataset: "d")
        #expect(changes.objects.isEmpty && changes.removedObjects.isEmpty)
        #expect(changes.wayNodes.isEmpty && changes.removedWayNodes.isEmpty)
    }

    @Test func changedRowsAppliedEqualTheWholeState() throws {
        let before = Self.before()
        var after = before
        after.nodes[1]?.tags.append(OSMTag(key: "fee", value: "no"))  // retagged
        after.nodes[2] = nil  // tag removal or delete
        after.nodes[3] = OSMNode(id: 3, position: Self.position(60_102, 24_902), tags: Self.toilets)  // new
        after.positions[101] = Self.position(60_050, 24_050)  // a moved node of the toilet way
        after.placed[.init(type: .way, id: 10)] = ("24.0166667", "60.0170000")
        after.ways[12] = OSMWay(id: 12, tags: Self.toilets, nodeIDs: [106, 107, 108, 106])  // a new way
        for id in [106, 107, 108] { after.positions[Int64(id)] = Self.position(61_000 + Int64(id), 25_000) }
        after.placed[.init(type: .way, id: 12)] = ("25.0000000", "61.1070000")
        after.ways[11]?.nodeIDs = [103, 104, 103]  // a member way lost a node
        after.positions[105] = nil
        after.pending = [:]  // the multipolygon is no longer pending: now placed
        after.placed[.init(type: .relation, id: 20)] = ("24.0000000", "60.0035000")
        let rowsBefore = try before.records(dataset: "d")
        let changes = try after.changes(since: before, stored: rowsBefore.wayNodes, dataset: "d")
        let applied = Self.apply(changes, to: rowsBefore)
        let rowsAfter = try after.records(dataset: "d")
        #expect(applied.objects == rowsAfter.objects)
        #expect(applied.wayNodes == rowsAfter.wayNodes)
        // Only what changed is written: node 4's row stays as it was.
        let written = Set(changes.objects.map { "\($0.osmType)/\($0.osmID)" })
        #expect(written == ["node/1", "node/3", "way/10", "way/11", "way/12", "relation/20"])
        #expect(changes.removedObjects.map { "\($0.osmType)/\($0.osmID)" } == ["node/2"])
        #expect(changes.removedWayNodes.map { "\($0.nodeID)/\($0.wayID)" } == ["105/11"])
    }

    /// The fast reader of stored tags reads what the JSON reader reads, and leaves to it
    /// anything not in the compact form (escapes, spaces, other shapes).
    @Test(arguments: [
        "[]", "[[]]", #"[["amenity","toilets"]]"#, #"[["a","b"],["c",""],["ä","名"]]"#, #"[["a\"b","c"]]"#,
        #"[["a\\","c"]]"#, #"[ ["a","b"] ]"#, #"[["a","b"],]"#, #"[["a",1]]"#, #"[["a","b"]"#, #"{"a":"b"}"#, "",
    ])
    func compactTagsReadAsJSON(_ text: String) {
        let fast = OSMState.compactStrings(text)
        #expect(fast == nil || fast == OSMState.jsonStrings(text), "\(text)")
        #expect(OSMState.strings(text) == OSMState.jsonStrings(text), "\(text)")
    }
    @Test func compactFormIsTheWrittenForm() throws {
        let s = Self.before()
        for row in try s.records(dataset: "d").objects {
            #expect(OSMState.compactStrings(row.tags) != nil, "\(row.tags)")
        }
    }
}
