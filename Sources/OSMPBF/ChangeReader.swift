/// Reads an OsmChange file (`.osc`, or gzip-compressed `.osc.gz`; OSM wiki "OsmChange"), as
/// replication servers publish it, one change at a time in file order, in bounded memory
/// (two 64 KiB chunks and one object). The XML is read by a small strict reader of our own
/// (`XMLScanner`): the elements of OsmChange 0.6 only (`osmChange`, `create`/`modify`/
/// `delete`, `node`/`way`/`relation`, `tag`, `nd`, `member`, and `bounds`, skipped), no DTD,
/// no CDATA, no text content. Foundation's `XMLParser` is not in `Foundation` on Linux
/// (it is `FoundationXML`, a libxml2 binding the binary would then carry) and names no byte
/// offset in its errors. Every error names the file and the line (and byte) at fault.
public enum ChangeReader {
    /// Calls `body` with each change of the file at `path`, in order; `observe` sees the
    /// file's bytes as read (for its digest).
    public static func read(
        path: String, observe: ((UnsafeRawBufferPointer) -> Void)? = nil, body: (OSMChange) throws -> Void
    ) throws {
        let bytes = try ChangeBytes(path: path, observe: observe)
        var scanner = XMLScanner(bytes: bytes, path: path)
        try read(&scanner, body: body)
    }

    /// The changes of an OsmChange document in memory (the fuzzer), named `path` in errors.
    public static func changes(of content: [UInt8], path: String) throws -> [OSMChange] {
        var scanner = XMLScanner(bytes: try ChangeBytes(bytes: content, path: path), path: path)
        var out: [OSMChange] = []
        try read(&scanner) { out.append($0) }
        return out
    }

    private static func read(_ s: inout XMLScanner, body: (OSMChange) throws -> Void) throws {
        guard case .start(let root, _, let rootEmpty)? = try s.next() else {
            throw s.error("the file holds no XML element (not an OsmChange file?)")
        }
        guard root == "osmChange" else { throw s.error("the root element is <\(root)>, expected <osmChange>") }
        if rootEmpty { return try end(&s) }
        while true {
            guard let event = try s.next() else { throw s.error("the file ends inside <osmChange> (truncated?)") }
            switch event {
            case .end("osmChange"): return try end(&s)
            case .start("bounds", _, let empty):
                if !empty { try s.skipElement("bounds") }
            case .start(let name, _, let empty):
                guard let action = OSMAction(rawValue: name) else {
                    throw s.error("<\(name)> in <osmChange>: expected <create>, <modify> or <delete>")
                }
                if !empty { try readAction(&s, action, body: body) }
            case .end(let name): throw s.error("unexpected </\(name)>")
            }
        }
    }

    private static func end(_ s: inout XMLScanner) throws {
        if let extra = try s.next() { throw s.error("content after </osmChange>: \(extra)") }
    }

    private static func readAction(_ s: inout XMLScanner, _ action: OSMAction, body: (OSMChange) throws -> Void) throws {
        while true {
            guard let event = try s.next() else { throw s.error("the file ends inside <\(action.rawValue)> (truncated?)") }
            switch event {
            case .end(let name) where name == action.rawValue: return
            case .start(let name, let attributes, let empty):
                let line = s.line
                let object = try readObject(&s, name, attributes, empty: empty, action: action)
                try body(OSMChange(action: action, object: object, line: line))
            case .end(let name): throw s.error("unexpected </\(name)> in <\(action.rawValue)>")
            }
        }
    }

    private static func readObject(
        _ s: inout XMLScanner, _ name: String, _ attributes: [(String, String)], empty: Bool, action: OSMAction
    ) throws -> OSMObject {
        func attribute(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
        func required(_ key: String, of element: String) throws -> String {
            guard let v = attribute(key) else { throw s.error("<\(element)> has no \(key) attribute") }
            return v
        }
        let idText = try required("id", of: name)
        guard let id = Int64(idText) else { throw s.error("<\(name)> id '\(idText)' is not a whole number") }
        var tags: [OSMTag] = []
        var nodeIDs: [Int64] = []
        var members: [OSMMember] = []
        guard name == "node" || name == "way" || name == "relation" else {
            throw s.error("<\(name)> in <\(action.rawValue)>: expected <node>, <way> or <relation>")
        }
        var position = OSMPosition(latitudeNano: 0, longitudeNano: 0)
        if name == "node" {
            switch (attribute("lat"), attribute("lon")) {
            case (nil, nil) where action == .delete: break
            case (let lat?, let lon?):
                guard let la = Coordinates.nano(lat, limit: 90), let lo = Coordinates.nano(lon, limit: 180) else {
                    throw s.error("node/\(id): lat '\(lat)', lon '\(lon)' is not a position (decimal degrees, ±90, ±180)")
                }
                position = OSMPosition(latitudeNano: la, longitudeNano: lo)
            default: throw s.error("node/\(id) has no lat and lon attributes")
            }
        }
        if !empty {
            while true {
                guard let event = try s.next() else { throw s.error("the file ends inside <\(name)> (truncated?)") }
                switch event {
                case .end(let n) where n == name:
                    return object(name, id, position, tags, nodeIDs, members)
                case .start(let child, let a, let childEmpty):
                    func value(_ key: String) throws -> String {
                        guard let v = a.first(where: { $0.0 == key })?.1 else {
                            throw s.error("<\(child)> in \(name)/\(id) has no \(key) attribute")
                        }
                        return v
                    }
                    switch (name, child) {
                    case (_, "tag"): tags.append(OSMTag(key: try value("k"), value: try value("v")))
                    case ("way", "nd"):
                        let ref = try value("ref")
                        guard let n = Int64(ref) else { throw s.error("way/\(id): nd ref '\(ref)' is not a whole number") }
                        nodeIDs.append(n)
                    case ("relation", "member"):
                        let type = try value("type")
                        let ref = try value("ref")
                        guard let t = ChangeReader.types[type] else {
                            throw s.error("relation/\(id): member type '\(type)' is not node, way or relation")
                        }
                        guard let r = Int64(ref) else {
                            throw s.error("relation/\(id): member ref '\(ref)' is not a whole number")
                        }
                        members.append(OSMMember(type: t, id: r, role: a.first { $0.0 == "role" }?.1 ?? ""))
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
        return object(name, id, position, tags, nodeIDs, members)
    }

    private static let types: [String: OSMType] = ["node": .node, "way": .way, "relation": .relation]

    private static func object(
        _ name: String, _ id: Int64, _ position: OSMPosition, _ tags: [OSMTag], _ nodeIDs: [Int64], _ members: [OSMMember]
    ) -> OSMObject {
        switch name {
        case "node": .node(OSMNode(id: id, position: position, tags: tags))
        case "way": .way(OSMWay(id: id, tags: tags, nodeIDs: nodeIDs))
        default: .relation(OSMRelation(id: id, tags: tags, members: members))
        }
    }
}

/// Decimal degrees as exact nanodegrees.
enum Coordinates {
    /// `-12.3456789` → -12_345_678_900: an optional sign, digits, an optional point and at
    /// most 9 decimals; nil otherwise or when beyond ±`limit`.
    static func nano(_ text: String, limit: Int64) -> Int64? {
        var negative = false
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var point = false
        for (i, b) in text.utf8.enumerated() {
            switch b {
            case UInt8(ascii: "-") where i == 0: negative = true
            case UInt8(ascii: ".") where !point && wholeDigits > 0: point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let d = Int64(b - UInt8(ascii: "0"))
                if point {
                    fractionDigits += 1
                    guard fractionDigits <= 9 else { return nil }
                    fraction = fraction * 10 + d
                } else {
                    wholeDigits += 1
                    guard wholeDigits <= 3 else { return nil }
                    whole = whole * 10 + d
                }
            default: return nil
            }
        }
        guard wholeDigits > 0, !point || fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<9 { fraction *= 10 }
        let value = whole * 1_000_000_000 + fraction
        guard value <= limit * 1_000_000_000 else { return nil }
        return negative ? -value : value
    }
}
