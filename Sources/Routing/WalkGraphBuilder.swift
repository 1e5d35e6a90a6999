import Foundation
import Geo

/// Makes the walking graph of a built network from Routino's own processed database:
/// `filedumper --dump-osm --no-super` lists every routable node (with the transports a
/// barrier stops) and every segment (its two nodes, its highway type, the transports
/// allowed, its way's name), after `planetsplitter` has applied the tagging rules. A
/// segment is usable by a mode when its transports include the mode and the mode's profile
/// prefers its highway type above 0 (`RoutinoLibrary.usableHighways`): the same rule as
/// Routino's routes, so the graph holds exactly the ways Routino routes over.
struct WalkGraphBuilder {
    var filedumper = "/usr/bin/filedumper"

    /// Routino's English names of unnamed ways by highway type (translations.xml, `en`):
    /// what Routino's route steps call a way without a name.
    static let highwayNames: [String: (number: Int, text: String)] = [
        "motorway": (1, "motorway"), "trunk": (2, "trunk road"), "primary": (3, "primary road"),
        "secondary": (4, "secondary road"), "tertiary": (5, "tertiary road"), "unclassified": (6, "unclassified road"),
        "residential": (7, "residential road"), "service": (8, "service road"), "track": (9, "track"),
        "cycleway": (10, "cycleway"), "path": (11, "path"), "steps": (12, "steps"), "ferry": (13, "ferry"),
    ]

    /// Builds the graph of the Routino database in `folder` and writes it there
    /// (`walk-graph.bin`, replaced by a rename so a reader never sees half a file).
    func write(folder: String, source: String) throws -> WalkGraphData {
        var tools = NetworkBuilder()
        tools.filedumper = filedumper
        let dump = try tools.run(
            filedumper, ["--dir=\(folder)", "--dump-osm", "--no-super"], source: source)
        let graph = try parse(dump, usable: usableHighways(), path: folder)
        let bytes = WalkGraphFormat.encode(graph, stamp: WalkGraphFormat.stamp(folder: folder))
        let path = (folder as NSString).appendingPathComponent(WalkGraphFormat.fileName)
        let temporary = path + ".\(UUID().uuidString.prefix(8)).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw RoutingError.badNetwork(path: path, reason: "cannot write the walking graph (\(error.localizedDescription))")
        }
        return graph
    }

    /// Per mode bit, the highway numbers the mode may use.
    func usableHighways() throws -> [(bit: UInt8, highways: Set<Int>)] {
        try TravelMode.allCases.map { ($0.bit, try RoutinoLibrary.usableHighways($0)) }
    }

    /// The graph in `filedumper --dump-osm` output; `path` names the database in errors.
    func parse(_ dump: Data, usable: [(bit: UInt8, highways: Set<Int>)], path: String) throws -> WalkGraphData {
        var g = WalkGraphData()
        var nodeIndex: [Int: UInt32] = [:]
        var names: [String: UInt32] = [:]
        var inWay = false
        var refs: [Int] = []
        var tags: [String: String] = [:]
        var lineNumber = 0
        func fail(_ why: String) -> RoutingError {
            .badNetwork(path: path, reason: "filedumper --dump-osm line \(lineNumber): \(why)")
        }
        let geodesic = Geodesic()
        for raw in String(decoding: dump, as: UTF8.self).split(separator: "\n") {
            lineNumber += 1
            let line = raw.drop { $0 == " " }
            if line.hasPrefix("<node ") {
                guard let id = Self.attribute(line, "id").flatMap({ Int($0) }),
                    let lat = Self.attribute(line, "lat").flatMap({ Double($0) }),
                    let lon = Self.attribute(line, "lon").flatMap({ Double($0) })
                else { throw fail("a node without id, lat or lon") }
                nodeIndex[id] = UInt32(g.latitudes.count)
                g.latitudes.append(lat)
                g.longitudes.append(lon)
                g.barriers.append(0)
            } else if line.hasPrefix("<way ") {
                (inWay, refs, tags) = (true, [], [:])
            } else if line.hasPrefix("<nd "), inWay {
                guard let ref = Self.attribute(line, "ref").flatMap({ Int($0) }) else { throw fail("a way node without ref") }
                refs.append(ref)
            } else if line.hasPrefix("<tag "), let k = Self.attribute(line, "k"), let v = Self.attribute(line, "v") {
                if inWay {
                    tags[k] = v
                } else if v == "no", let last = g.barriers.indices.last, let mode = TravelMode(rawValue: k) {
                    // A node's tags list the transports it stops (a barrier).
                    g.barriers[last] |= mode.bit
                }
            } else if line.hasPrefix("</way>"), inWay {
                inWay = false
                guard refs.count == 2, let a = nodeIndex[refs[0]], let b = nodeIndex[refs[1]] else {
                    throw fail("a segment that is not two known nodes (\(refs))")
                }
                guard let highway = tags["highway"], let type = Self.highwayNames[highway] else {
                    throw fail("a segment without a known highway type (\(tags["highway"] ?? "none"))")
                }
                var allowed: UInt8 = 0
                for (mode, (bit, highways)) in zip(TravelMode.allCases, usable)
                where tags[mode.rawValue] == "yes" && highways.contains(type.number) {
                    allowed |= bit
                }
                guard allowed != 0 else { continue }
                let name = tags["name"] ?? type.text
                let n = names[name] ?? UInt32(g.names.count)
                if n == g.names.count {
                    names[name] = n
                    g.names.append(name)
                }
                g.segmentA.append(a)
                g.segmentB.append(b)
                g.allowed.append(allowed)
                g.nameIndex.append(n)
                g.lengths.append(
                    geodesic.distance(
                        from: Coordinate(latitude: g.latitudes[Int(a)], longitude: g.longitudes[Int(a)]),
                        to: Coordinate(latitude: g.latitudes[Int(b)], longitude: g.longitudes[Int(b)])))
            }
        }
        guard !g.segmentA.isEmpty else { throw fail("no segment a route can use") }
        return g
    }

    /// The value of `name='…'` in a line of Routino's XML, its character references decoded.
    static func attribute(_ line: Substring, _ name: String) -> String? {
        guard let start = line.range(of: " \(name)='") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return decode(rest[..<end])
    }

    /// XML character references and the five entities decoded.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "&", let semi = text[i...].firstIndex(of: ";") {
                let entity = text[text.index(after: i)..<semi]
                var scalar: Unicode.Scalar?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    let named: [Substring: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
                    scalar = named[entity]
                }
                if let scalar {
                    out.unicodeScalars.append(scalar)
                    i = text.index(after: semi)
                    continue
                }
            }
            out.append(text[i])
            i = text.index(after: i)
        }
        return out
    }
}
