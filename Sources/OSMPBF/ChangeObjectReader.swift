/// Reads one `<node>`, `<way>` or `<relation>` of an OsmChange file from the scanner: ids
/// and positions parsed from the attribute bytes, tag keys and values copied as bytes and
/// made strings only when the object's tags can select it (`selection`; nil: always).
/// Reused from object to object (its buffers keep their capacity).
struct ObjectReader {
    private let selection: [[(key: [UInt8], value: [UInt8]?)]]?
    private var tagBytes: [UInt8] = []
    private var tagRanges: [(key: Range<Int>, value: Range<Int>)] = []

    private static let id = Array("id".utf8), lat = Array("lat".utf8), lon = Array("lon".utf8)
    private static let k = Array("k".utf8), v = Array("v".utf8), ref = Array("ref".utf8)
    private static let type = Array("type".utf8), role = Array("role".utf8)

    init(selection: [[TagCondition]]?) {
        // A filter without conditions picks every object: every tag is then kept.
        if let selection, !selection.contains(where: \.isEmpty) {
            self.selection = selection.map { $0.map { (Array($0.key.utf8), $0.value.map { Array($0.utf8) }) } }
        } else {
            self.selection = nil
        }
    }

    /// The object whose start tag `s` just read (`name`, `empty`), through its end tag.
    mutating func read(_ s: inout XMLScanner, _ name: String, empty: Bool, action: OSMAction) throws -> OSMObject {
        guard let idAttribute = s.attribute(ObjectReader.id) else { throw s.error("<\(name)> has no id attribute") }
        guard let id = ObjectReader.int64(s.value(idAttribute)) else {
            throw s.error("<\(name)> id '\(s.string(idAttribute))' is not a whole number")
        }
        guard name == "node" || name == "way" || name == "relation" else {
            throw s.error("<\(name)> in <\(action.rawValue)>: expected <node>, <way> or <relation>")
        }
        var position = OSMPosition(latitudeNano: 0, longitudeNano: 0)
        if name == "node" {
            switch (s.attribute(ObjectReader.lat), s.attribute(ObjectReader.lon)) {
            case (nil, nil) where action == .delete: break
            case (let lat?, let lon?):
                guard let la = Coordinates.nano(bytes: s.value(lat), limit: 90),
                    let lo = Coordinates.nano(bytes: s.value(lon), limit: 180)
                else {
                    throw s.error(
                        "node/\(id): lat '\(s.string(lat))', lon '\(s.string(lon))' is not a position (decimal degrees, ±90, ±180)"
                    )
                }
                position = OSMPosition(latitudeNano: la, longitudeNano: lo)
            default: throw s.error("node/\(id) has no lat and lon attributes")
            }
        }
        tagBytes.removeAll(keepingCapacity: true)
        tagRanges.removeAll(keepingCapacity: true)
        var nodeIDs: [Int64] = []
        var members: [OSMMember] = []
        if !empty {
            while true {
                guard let event = try s.next() else { throw s.error("the file ends inside <\(name)> (truncated?)") }
                switch event {
                case .end(let n) where n == name:
                    return object(name, id, position, nodeIDs, members)
                case .start(let child, let childEmpty):
                    func value(_ key: [UInt8]) throws -> XMLScanner.Attribute {
                        guard let v = s.attribute(key) else {
                            throw s.error("<\(child)> in \(name)/\(id) has no \(String(decoding: key, as: UTF8.self)) attribute")
                        }
                        return v
                    }
                    switch (name, child) {
                    case (_, "tag"):
                        let k = s.value(try value(ObjectReader.k))
                        let v = s.value(try value(ObjectReader.v))
                        let start = tagBytes.count
                        tagBytes.append(contentsOf: k)
                        tagBytes.append(contentsOf: v)
                        tagRanges.append((start..<(start + k.count), (start + k.count)..<tagBytes.count))
                    case ("way", "nd"):
                        let ref = try value(ObjectReader.ref)
                        guard let n = ObjectReader.int64(s.value(ref)) else {
                            throw s.error("way/\(id): nd ref '\(s.string(ref))' is not a whole number")
                        }
                        nodeIDs.append(n)
                    case ("relation", "member"):
                        let type = s.string(try value(ObjectReader.type))
                        let ref = try value(ObjectReader.ref)
                        guard let t = ChangeReader.types[type] else {
                            throw s.error("relation/\(id): member type '\(type)' is not node, way or relation")
                        }
                        guard let r = ObjectReader.int64(s.value(ref)) else {
                            throw s.error("relation/\(id): member ref '\(s.string(ref))' is not a whole number")
                        }
                        members.append(OSMMember(type: t, id: r, role: s.attribute(ObjectReader.role).map(s.string) ?? ""))
                    default: throw s.error("<\(child)> is not allowed in <\(name)>")
                    }
                    if !childEmpty {
                        guard case .end(let closing)? = try s.next(), closing == child else {
                            throw s.error("<\(child)> must be empty")
                        }
                    }
                case .end(let n): throw s.error("unexpected </\(n)> in <\(name)>")
                }
            }
        }
        return object(name, id, position, nodeIDs, members)
    }

    /// The tags read, as strings when the selection can pick them; else none.
    private func tags() -> [OSMTag] {
        guard tagRanges.isEmpty || selects() else { return [] }
        return tagRanges.map {
            OSMTag(
                key: String(decoding: tagBytes[$0.key], as: UTF8.self), value: String(decoding: tagBytes[$0.value], as: UTF8.self)
            )
        }
    }

    /// Whether the tags meet every condition of a filter (`TagCondition.selects`, on bytes).
    private func selects() -> Bool {
        guard let selection else { return true }
        return selection.contains { filter in
            filter.allSatisfy { c in
                tagRanges.contains { t in
                    tagBytes[t.key].elementsEqual(c.key) && (c.value.map { tagBytes[t.value].elementsEqual($0) } ?? true)
                }
            }
        }
    }

    private func object(_ name: String, _ id: Int64, _ position: OSMPosition, _ nodeIDs: [Int64], _ members: [OSMMember])
        -> OSMObject
    {
        switch name {
        case "node": .node(OSMNode(id: id, position: position, tags: tags()))
        case "way": .way(OSMWay(id: id, tags: tags(), nodeIDs: nodeIDs))
        default: .relation(OSMRelation(id: id, tags: tags(), members: members))
        }
    }

    /// The bytes of a decimal whole number as `Int64(String)` reads one: an optional sign,
    /// then at least one digit and nothing else; nil beyond the range of Int64.
    static func int64(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var i = bytes.startIndex
        guard i < bytes.endIndex else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard i < bytes.endIndex else { return nil }
        var value: Int64 = 0
        while i < bytes.endIndex {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int64(d)) : m.addingReportingOverflow(Int64(d))
            guard !o1, !o2 else { return nil }
            value = a
            i += 1
        }
        return value
    }
}
