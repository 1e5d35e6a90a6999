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
        var objects: [OSMObjectRecord] = []
        for id in nodes.keys.sorted() { objects += try record(Key(type: .node, id: id), dataset: dataset).map { [$0] } ?? [] }
        for id in ways.keys.sorted() { objects += try record(Key(type: .way, id: id), dataset: dataset).map { [$0] } ?? [] }
        for id in relations.keys.sorted() {
            objects += try record(Key(type: .relation, id: id), dataset: dataset).map { [$0] } ?? []
        }
        return (objects, wayNodeRecords(dataset: dataset))
    }

    /// The rows of `osm_way_nodes` of `dataset`.
    func wayNodeRecords(dataset: String) -> [OSMWayNodeRecord] {
        wayNodes.map {
            OSMWayNodeRecord(
                dataset: dataset, nodeID: $0.nodeID, wayID: $0.wayID, latNano: $0.position.latitudeNano,
                lonNano: $0.position.longitudeNano)
        }
    }

    /// The row of `osm_objects` of one object, nil when the state does not hold it.
    func record(_ key: Key, dataset: String) throws -> OSMObjectRecord? {
        func json(_ v: some Encodable) throws -> String { String(decoding: try ContractJSON.encode(v), as: UTF8.self) }
        func record(_ t: [OSMTag], _ refs: String, at: (lon: String, lat: String)?) throws -> OSMObjectRecord {
            OSMObjectRecord(
                dataset: dataset, osmType: key.type.name, osmID: key.id, tags: try json(t.map { [$0.key, $0.value] }),
                refs: refs, lon: at?.lon, lat: at?.lat, pending: pending[key])
        }
        switch key.type {
        case .node:
            guard let n = nodes[key.id] else { return nil }
            return try record(n.tags, "[]", at: (n.position.longitudeText, n.position.latitudeText))
        case .way:
            guard let w = ways[key.id] else { return nil }
            return try record(w.tags, try json(w.nodeIDs), at: placed[key])
        case .relation:
            guard let r = relations[key.id] else { return nil }
            let members = try json(r.members.map { [$0.type.name, String($0.id), $0.role] })
            return try record(r.tags, members, at: placed[key])
        }
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
    static func strings(_ text: String) -> [[String]]? { compactStrings(text) ?? jsonStrings(text) }

    /// `strings(_:)` by the JSON reader.
    static func jsonStrings(_ text: String) -> [[String]]? {
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

    /// `strings(_:)` of the compact form the state is written in (`[["k","v"],…]`, no space,
    /// no escape): nil for anything else, which the JSON reader then reads. A country's
    /// state is tens of thousands of rows: this is a fifth of a run's fixed cost less.
    static func compactStrings(_ text: String) -> [[String]]? {
        var text = text
        return text.withUTF8 { b -> [[String]]? in
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
            guard b.count >= 2, b[0] == open, b[b.count - 1] == close else { return nil }
            var out: [[String]] = []
            var i = 1
            if b.count == 2 { return out }
            while true {
                guard i < b.count, b[i] == open else { return nil }
                i += 1
                var row: [String] = []
                if i < b.count, b[i] == close {
                    i += 1
                } else {
                    while true {
                        guard i < b.count, b[i] == quote else { return nil }
                        i += 1
                        let start = i
                        while i < b.count, b[i] != quote {
                            guard b[i] != UInt8(ascii: "\\"), b[i] >= 0x20 else { return nil }
                            i += 1
                        }
                        guard i < b.count else { return nil }
                        row.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
                        i += 1
                        guard i < b.count else { return nil }
                        if b[i] == comma {
                            i += 1
                            continue
                        }
                        guard b[i] == close else { return nil }
                        i += 1
                        break
                    }
                }
                out.append(row)
                guard i < b.count else { return nil }
                if b[i] == comma {
                    i += 1
                    continue
                }
                guard b[i] == close, i == b.count - 1 else { return nil }
                return out
            }
        }
    }
}
