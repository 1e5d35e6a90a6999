import Contract
import Foundation
import OSMPBF
import Storage

/// The OSM state (`OSMPBF.OSMState`) as the rows Storage keeps (`osm_objects`,
/// `osm_way_nodes`), and back. Tags are JSON `[[key, value], …]`, a way's node ids
/// `[id, …]`, a relation's members `[[type, id, role], …]`.
extension OSMState {
    /// The rows of `dataset`.
    func records(dataset: String) throws -> (objects: [OSMObjectRecord], wayNodes: [OSMWayNodeRecord]) {
        func json(_ v: some Encodable) throws -> String { String(decoding: try ContractJSON.encode(v), as: UTF8.self) }
        func tags(_ t: [OSMTag]) throws -> String { try json(t.map { [$0.key, $0.value] }) }
        func record(_ type: OSMType, _ id: Int64, _ t: [OSMTag], _ refs: String, at: (lon: String, lat: String)?)
            throws -> OSMObjectRecord
        {
            let key = Key(type: type, id: id)
            return OSMObjectRecord(
                dataset: dataset, osmType: type.name, osmID: id, tags: try tags(t), refs: refs, lon: at?.lon, lat: at?.lat,
                pending: pending[key])
        }
        var objects: [OSMObjectRecord] = []
        for (id, n) in nodes.sorted(by: { $0.key < $1.key }) {
            objects.append(try record(.node, id, n.tags, "[]", at: (n.position.longitudeText, n.position.latitudeText)))
        }
        for (id, w) in ways.sorted(by: { $0.key < $1.key }) {
            objects.append(try record(.way, id, w.tags, try json(w.nodeIDs), at: placed[Key(type: .way, id: id)]))
        }
        for (id, r) in relations.sorted(by: { $0.key < $1.key }) {
            let members = try json(r.members.map { [$0.type.name, String($0.id), $0.role] })
            objects.append(try record(.relation, id, r.tags, members, at: placed[Key(type: .relation, id: id)]))
        }
        let wayNodes = self.wayNodes.map {
            OSMWayNodeRecord(
                dataset: dataset, nodeID: $0.nodeID, wayID: $0.wayID, latNano: $0.position.latitudeNano,
                lonNano: $0.position.longitudeNano)
        }
        return (objects, wayNodes)
    }

    /// The state stored rows describe; nil with the reason when a row does not read back.
    init(_ stored: StoredOSMState) throws {
        self.init()
        func bad(_ o: OSMObjectRecord, _ what: String) -> IngestError {
            .unsupported(path: "osm_objects", reason: "\(o.osmType)/\(o.osmID): \(what) do not read back")
        }
        for o in stored.objects {
            guard let pairs = OSMState.strings(o.tags), pairs.allSatisfy({ $0.count == 2 }) else { throw bad(o, "tags") }
            let tags = pairs.map { OSMTag(key: $0[0], value: $0[1]) }
            let key: Key
            switch o.osmType {
            case "node":
                guard let lon = o.lon, let lat = o.lat, let lo = OSMPosition.nano(lon), let la = OSMPosition.nano(lat)
                else { throw bad(o, "position") }
                nodes[o.osmID] = OSMNode(id: o.osmID, position: OSMPosition(latitudeNano: la, longitudeNano: lo), tags: tags)
                key = Key(type: .node, id: o.osmID)
            case "way":
                guard case .array(let items)? = try? JSONValue.parse(Array(o.refs.utf8), path: "osm_objects") else {
                    throw bad(o, "node ids")
                }
                var ids: [Int64] = []
                for item in items {
                    guard case .number(let text) = item, let id = Int64(text) else { throw bad(o, "node ids") }
                    ids.append(id)
                }
                ways[o.osmID] = OSMWay(id: o.osmID, tags: tags, nodeIDs: ids)
                key = Key(type: .way, id: o.osmID)
            default:
                guard let raw = OSMState.strings(o.refs) else { throw bad(o, "members") }
                var members: [OSMMember] = []
                for m in raw {
                    guard m.count == 3, let id = Int64(m[1]),
                        let t = ["node": OSMType.node, "way": .way, "relation": .relation][m[0]]
                    else { throw bad(o, "members") }
                    members.append(OSMMember(type: t, id: id, role: m[2]))
                }
                relations[o.osmID] = OSMRelation(id: o.osmID, tags: tags, members: members)
                key = Key(type: .relation, id: o.osmID)
            }
            if key.type != .node, let lon = o.lon, let lat = o.lat { placed[key] = (lon, lat) }
            if let p = o.pending { pending[key] = p }
        }
        for n in stored.wayNodes {
            positions[n.nodeID] = OSMPosition(latitudeNano: n.latNano, longitudeNano: n.lonNano)
        }
    }

    /// `[["a", "b"], …]` (the project's JSON reader: lighter per row than `JSONDecoder`);
    /// nil when the text is not an array of arrays of strings.
    static func strings(_ text: String) -> [[String]]? {
        guard case .array(let rows)? = try? JSONValue.parse(Array(text.utf8), path: "osm_objects") else { return nil }
        var out: [[String]] = []
        out.reserveCapacity(rows.count)
        for row in rows {
            guard case .array(let cells) = row else { return nil }
            var strings: [String] = []
            for cell in cells {
                guard case .string(let s) = cell else { return nil }
                strings.append(s)
            }
            out.append(strings)
        }
        return out
    }
}
