import OSMPBF
import Testing

/// The rules of replication diffs (`ChangeApplier`), on small hand-made states: tags that
/// stop matching retire, a moved node moves its way, a way that cannot be placed from the
/// diffs is pending (keeping its earlier place), and multipolygons keep out of their holes.
@Suite struct ChangeApplierTests {
    static let selection = [[TagCondition(key: "amenity", value: "toilets")]]
    static let toilet = [OSMTag(key: "amenity", value: "toilets")]

    static func position(_ lon: Int64, _ lat: Int64) -> OSMPosition {
        OSMPosition(latitudeNano: lat * 100, longitudeNano: lon * 100)
    }

    /// A square way 10 (nodes 1–4, 1e-7° units × 1000) and a toilet node 20.
    static func state() -> OSMState {
        var s = OSMState()
        s.ways[10] = OSMWay(id: 10, tags: toilet, nodeIDs: [1, 2, 3, 4, 1])
        for (id, lon, lat) in [(1, 0, 0), (2, 1000, 0), (3, 1000, 1000), (4, 0, 1000)] as [(Int64, Int64, Int64)] {
            s.positions[id] = position(lon, lat)
        }
        s.placed[OSMState.Key(type: .way, id: 10)] = ("0.0000500", "0.0000500")
        s.nodes[20] = OSMNode(id: 20, position: position(5, 5), tags: toilet)
        return s
    }

    static func change(_ action: OSMAction, _ object: OSMObject) -> OSMChange {
        OSMChange(action: action, object: object, line: 1)
    }

    @Test func aMovedNodeMovesItsWay() {
        var a = ChangeApplier(state: Self.state(), selection: Self.selection)
        a.apply(Self.change(.modify, .node(OSMNode(id: 3, position: Self.position(3000, 1000), tags: []))))
        let (objects, pending) = a.finish()
        #expect(pending.isEmpty)
        #expect(objects.map(\.osmID) == ["node/20", "way/10"])
        // The quadrilateral (0,0) (1000,0) (3000,1000) (0,1000), in 1e-7°: area 2e6, centroid
        // (13e9 / 12e6, 7e9 / 12e6) = (1083.3, 583.3).
        #expect(objects[1].position?.lon == "0.0001083" && objects[1].position?.lat == "0.0000583")
        #expect(a.state.positions[3] == Self.position(3000, 1000))
    }

    @Test func tagsThatStopMatchingAndDeletesDropObjects() {
        var a = ChangeApplier(state: Self.state(), selection: Self.selection)
        a.apply(
            Self.change(.modify, .node(OSMNode(id: 20, position: Self.position(5, 5), tags: [OSMTag(key: "level", value: "1")]))))
        a.apply(Self.change(.delete, .way(OSMWay(id: 10, tags: [], nodeIDs: []))))
        let (objects, pending) = a.finish()
        #expect(objects.isEmpty && pending.isEmpty)
        #expect(a.state.ways.isEmpty && a.state.positions.isEmpty && a.state.nodes.isEmpty)
    }

    @Test func aWayWithUnknownNodesIsPendingAndKeepsItsEarlierPlace() {
        var a = ChangeApplier(state: Self.state(), selection: Self.selection)
        // Way 10 gains node 99 (not in the diff, not stored); way 11 gains toilet tags.
        a.apply(
            Self.change(
                .modify,
                .way(OSMWay(id: 10, tags: Self.toilet + [OSMTag(key: "fee", value: "no")], nodeIDs: [1, 2, 99, 3, 4, 1]))))
        a.apply(Self.change(.modify, .way(OSMWay(id: 11, tags: Self.toilet, nodeIDs: [50, 51, 52, 50]))))
        let (objects, pending) = a.finish()
        #expect(pending.map(\.key.osmID) == ["way/10", "way/11"])
        #expect(
            pending.map(\.reason) == [
                "1 of its 5 nodes are neither in the diffs nor stored: not placed until the next full read",
                "3 of its 3 nodes are neither in the diffs nor stored: not placed until the next full read",
            ])
        // Way 10 keeps its earlier place with its new tags; way 11 is not guessed.
        #expect(objects.map(\.osmID) == ["node/20", "way/10"])
        #expect(objects[1].position?.lon == "0.0000500" && objects[1].tags.count == 2 && objects[1].problem == nil)
        #expect(a.state.pending.count == 2)
        // A later diff with the missing nodes places way 11.
        var b = ChangeApplier(state: a.state, selection: Self.selection)
        for (id, lon, lat) in [(50, 0, 0), (51, 2000, 0), (52, 0, 2000)] as [(Int64, Int64, Int64)] {
            b.apply(Self.change(.modify, .node(OSMNode(id: id, position: Self.position(lon, lat), tags: []))))
        }
        let (later, stillPending) = b.finish()
        #expect(stillPending.map(\.key.osmID) == ["way/10"])
        #expect(later.first { $0.id == 11 }?.position?.lon == "0.0000667")
    }

    @Test func aMultipolygonIsPlacedOutsideItsHole() {
        var a = ChangeApplier(state: OSMState(), selection: Self.selection)
        // Outer square 0..3000, inner square 1000..2000 around the centroid (1500, 1500).
        let nodes: [(Int64, Int64, Int64)] = [
            (1, 0, 0), (2, 3000, 0), (3, 3000, 3000), (4, 0, 3000), (5, 1000, 1000), (6, 2000, 1000), (7, 2000, 2000),
            (8, 1000, 2000),
        ]
        for (id, lon, lat) in nodes {
            a.apply(Self.change(.create, .node(OSMNode(id: id, position: Self.position(lon, lat), tags: []))))
        }
        // The outer way before the relation (as osmium orders a diff), the inner one after.
        a.apply(Self.change(.create, .way(OSMWay(id: 40, tags: [], nodeIDs: [1, 2, 3, 4, 1]))))
        a.apply(
            Self.change(
                .create,
                .relation(
                    OSMRelation(
                        id: 30, tags: Self.toilet + [OSMTag(key: "type", value: "multipolygon")],
                        members: [OSMMember(type: .way, id: 40, role: "outer"), OSMMember(type: .way, id: 41, role: "inner")]))))
        a.apply(Self.change(.create, .way(OSMWay(id: 41, tags: [], nodeIDs: [5, 6, 7, 8, 5]))))
        let (objects, pending) = a.finish()
        #expect(pending.isEmpty)
        // The widest inside stretch of the line through the centroid: 0..1000 (or 2000..3000).
        #expect(objects.map(\.osmID) == ["relation/30"])
        #expect(objects.first?.position?.lon == "0.0000500" && objects.first?.position?.lat == "0.0001500")
    }

    @Test func holesLeaveAPlainAreaAlone() {
        let square: [Placement.Point] = [(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)]
        let p = Placement.areaPoint(square, holes: [[(0.5, 0.5), (1, 0.5), (1, 1), (0.5, 1)]])
        #expect(p.lon == 2 && p.lat == 2)
        let q = Placement.areaPoint(square, holes: [[(1, 1), (3, 1), (3, 3), (1, 3)]])
        #expect(q.lat == 2 && !(1...3).contains(q.lon))
    }
}
