import OSMPBF
import Storage

extension OSMState {
    /// The rows of `osm_objects` and `osm_way_nodes` that differ between `before` (the state
    /// a run of diffs started from, as read from `stored`) and this state: a run of diffs
    /// writes those only, not the whole state again (a day's diffs change a few rows of a
    /// country's tens of thousands). An object's row differs when the object (tags, position,
    /// node ids, members), its place or its pending reason does; way nodes are compared with
    /// the stored rows themselves.
    func changes(since before: OSMState, stored: [OSMWayNodeRecord], dataset: String) throws -> OSMStateChanges {
        var out = OSMStateChanges()
        func same(_ a: (lon: String, lat: String)?, _ b: (lon: String, lat: String)?) -> Bool {
            a?.lon == b?.lon && a?.lat == b?.lat
        }
        func compare(_ key: Key, _ equal: Bool) throws {
            guard !equal || pending[key] != before.pending[key] || !same(placed[key], before.placed[key]) else { return }
            if let row = try record(key, dataset: dataset) {
                out.objects.append(row)
            } else {
                out.removedObjects.append((key.type.name, key.id))
            }
        }
        for id in Set(nodes.keys).union(before.nodes.keys).sorted() {
            try compare(Key(type: .node, id: id), nodes[id] == before.nodes[id])
        }
        for id in Set(ways.keys).union(before.ways.keys).sorted() {
            try compare(Key(type: .way, id: id), ways[id] == before.ways[id])
        }
        for id in Set(relations.keys).union(before.relations.keys).sorted() {
            try compare(Key(type: .relation, id: id), relations[id] == before.relations[id])
        }
        // Both lists are sorted by (node, way): one merge.
        let now = wayNodeRecords(dataset: dataset)
        let old = stored.sorted { ($0.nodeID, $0.wayID) < ($1.nodeID, $1.wayID) }
        var i = 0
        var j = 0
        while i < now.count || j < old.count {
            if j == old.count || (i < now.count && (now[i].nodeID, now[i].wayID) < (old[j].nodeID, old[j].wayID)) {
                out.wayNodes.append(now[i])
                i += 1
            } else if i == now.count || (old[j].nodeID, old[j].wayID) < (now[i].nodeID, now[i].wayID) {
                out.removedWayNodes.append((old[j].nodeID, old[j].wayID))
                j += 1
            } else {
                if now[i] != old[j] { out.wayNodes.append(now[i]) }
                i += 1
                j += 1
            }
        }
        return out
    }
}
