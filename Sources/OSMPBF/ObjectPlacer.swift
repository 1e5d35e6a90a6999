import Foundation

/// Places selected ways and multipolygon relations at one point (`Placement`) from their
/// nodes' positions and their member ways' node ids: the one rule both the PBF reader
/// (`SelectionReader`) and the replication diffs (`ChangeApplier`) use.
struct ObjectPlacer {
    /// Node ids of the ways a relation may need (members of selected multipolygons).
    let memberWays: [Int64: [Int64]]
    /// Positions of the nodes of selected ways and member ways.
    let positions: [Int64: OSMPosition]

    /// An object placed, or with the problem that keeps it unplaced.
    struct Outcome {
        var object: SelectedObject
        /// What is missing when that is all that keeps it unplaced (`2 of its 5 nodes are`).
        var lacking: String? = nil
    }

    static func isMultipolygon(_ r: OSMRelation) -> Bool {
        r.tags.contains { $0.key == "type" && $0.value == "multipolygon" }
    }

    /// Member ways that bound the area: `outer` (or no role, as old data has it).
    static func outerWayIDs(_ r: OSMRelation) -> [Int64] {
        r.members.filter { $0.type == .way && ($0.role == "outer" || $0.role.isEmpty) }.map(\.id)
    }

    /// Member ways that cut holes into it (`inner`).
    static func innerWayIDs(_ r: OSMRelation) -> [Int64] {
        r.members.filter { $0.type == .way && $0.role == "inner" }.map(\.id)
    }

    /// Every member way a multipolygon's placement reads.
    static func memberWayIDs(_ r: OSMRelation) -> [Int64] {
        isMultipolygon(r) ? outerWayIDs(r) + innerWayIDs(r) : []
    }

    private func points(_ ids: [Int64]) -> [Placement.Point]? {
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

    func place(_ w: OSMWay) -> Outcome {
        var object = SelectedObject(type: .way, id: w.id, tags: w.tags, position: nil, problem: nil)
        guard !w.nodeIDs.isEmpty else {
            object.problem = "way/\(w.id) has no nodes"
            return Outcome(object: object)
        }
        guard let line = points(w.nodeIDs) else {
            let missing = Set(w.nodeIDs.filter { positions[$0] == nil })
            object.problem =
                "way/\(w.id): \(missing.count) of its \(Set(w.nodeIDs).count) nodes are not in the file "
                + "(cut off by the extract's boundary?); not placed"
            return Outcome(object: object, lacking: "\(missing.count) of its \(Set(w.nodeIDs).count) nodes are")
        }
        let closed = w.nodeIDs.count >= 4 && w.nodeIDs.first == w.nodeIDs.last
        object.position = ObjectPlacer.text(closed ? Placement.areaPoint(line) : Placement.linePoint(line))
        return Outcome(object: object)
    }

    func place(_ r: OSMRelation) -> Outcome {
        var object = SelectedObject(type: .relation, id: r.id, tags: r.tags, position: nil, problem: nil)
        let id = "relation/\(r.id)"
        guard ObjectPlacer.isMultipolygon(r) else {
            let type = r.tags.first { $0.key == "type" }?.value
            object.problem = "\(id) is a \(type.map { "type=\($0)" } ?? "relation without type"): only multipolygons are placed"
            return Outcome(object: object)
        }
        func rings(_ wayIDs: [Int64], role: String) -> (rings: [[Placement.Point]], failed: Outcome?) {
            var segments: [[Int64]] = []
            for wayID in wayIDs {
                guard let ids = memberWays[wayID] else {
                    object.problem = "\(id): \(role) way/\(wayID) is not in the file; not placed"
                    return ([], Outcome(object: object, lacking: "its \(role) way/\(wayID) is"))
                }
                segments.append(ids)
            }
            guard let rings = Placement.rings(segments) else {
                object.problem = "\(id): its \(role) ways do not join into closed rings; not placed"
                return ([], Outcome(object: object))
            }
            var out: [[Placement.Point]] = []
            for ring in rings {
                guard let pts = points(ring) else {
                    object.problem = "\(id): some nodes of its \(role) ways are not in the file; not placed"
                    return ([], Outcome(object: object, lacking: "some nodes of its \(role) ways are"))
                }
                out.append(pts)
            }
            return (out, nil)
        }
        let outerIDs = ObjectPlacer.outerWayIDs(r)
        guard !outerIDs.isEmpty else {
            object.problem = "\(id): its outer ways do not join into closed rings; not placed"
            return Outcome(object: object)
        }
        let (outers, outerFailure) = rings(outerIDs, role: "outer")
        if let outerFailure { return outerFailure }
        let (inners, innerFailure) = rings(ObjectPlacer.innerWayIDs(r), role: "inner")
        if let innerFailure { return innerFailure }
        // Outer ways that join into no ring at all (one node, say) leave nothing to place.
        guard let best = outers.max(by: { Placement.area($0) < Placement.area($1) }) else {
            object.problem = "\(id): its outer ways do not join into closed rings; not placed"
            return Outcome(object: object)
        }
        // The holes that lie in the largest outer ring (their first point inside it).
        let holes = inners.filter { hole in hole.first.map { Placement.contains(Placement.open(best), $0) } ?? false }
        object.position = ObjectPlacer.text(Placement.areaPoint(best, holes: holes))
        return Outcome(object: object)
    }
}
