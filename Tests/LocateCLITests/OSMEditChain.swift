import Foundation
import LocateTestSupport

/// A chain of edited versions of a real OSM extract, for the replication soak
/// (`DiffSoakTests`): the extract as OPL (osmium's text format, one object a line), edited
/// by a seeded generator the way mappers edit (new toilets, retags, tags removed, toilets
/// moved out of the pipeline's region and back, deleted, new toilet buildings whose corners
/// move, a building moved out), each version bumping the versions of the objects it changes
/// so that `osmium derive-changes` sees them. Only nodes and ways are kept.
struct OSMEditChain {
    /// One object line: its fields in OPL order (`n123`, `v1`, …, `T…`, `x…`, `y…`, `N…`).
    private var nodes: [Int64: [String]] = [:]
    private var ways: [Int64: [String]] = [:]
    /// Node ids of every way (nodes of a way are never deleted).
    private var wayRefs: [Int64: [Int64]] = [:]
    /// The toilet buildings the chain made, and toilet nodes it moved out of the region.
    private var buildings: [Int64] = []
    private var movedOut: [Int64: (x: String, y: String)] = [:]
    private var nextID: Int64 = 9_000_000_000
    private var rng: SeededRandom
    /// Where new toilets go (inside the extract's box and the pipeline's region).
    let box: (west: Double, south: Double, east: Double, north: Double)
    /// How many edits of each kind were made.
    private(set) var made: [String: Int] = [:]

    /// Reads the OPL text of the extract.
    init(opl: String, box: (west: Double, south: Double, east: Double, north: Double), seed: UInt64) {
        rng = SeededRandom(seed: seed)
        self.box = box
        for line in opl.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard let first = fields.first, let id = Int64(first.dropFirst()) else { continue }
            switch first.first {
            case "n": nodes[id] = fields
            case "w":
                ways[id] = fields
                let refs = fields.first { $0.hasPrefix("N") }.map { $0.dropFirst().split(separator: ",") } ?? []
                wayRefs[id] = refs.compactMap { Int64($0.dropFirst()) }
            default: continue
            }
        }
    }

    /// The version as OPL, sorted by type and id (as `derive-changes` needs).
    var opl: String {
        var out = ""
        out.reserveCapacity(nodes.count * 90 + ways.count * 120)
        for id in nodes.keys.sorted() { out += nodes[id, default: []].joined(separator: " ") + "\n" }
        for id in ways.keys.sorted() { out += ways[id, default: []].joined(separator: " ") + "\n" }
        return out
    }

    private static func field(_ fields: [String], _ letter: Character) -> String? {
        fields.first { $0.first == letter }.map { String($0.dropFirst()) }
    }

    private static func isToilet(_ fields: [String]) -> Bool {
        guard let tags = field(fields, "T") else { return false }
        return tags.split(separator: ",").contains { $0 == "amenity=toilets" || $0 == "toilets=yes" }
    }

    /// `fields` with `letter`'s field set to `value` and the version bumped.
    private static func set(_ fields: [String], _ changes: [Character: String]) -> [String] {
        var out = fields
        for (i, f) in out.enumerated() {
            if f.first == "v", let v = Int(f.dropFirst()) { out[i] = "v\(v + 1)" }
            if let c = f.first, let value = changes[c] { out[i] = "\(c)\(value)" }
        }
        return out
    }

    private mutating func coordinate() -> (x: String, y: String) {
        (
            String(format: "%.7f", Double.random(in: box.west...box.east, using: &rng)),
            String(format: "%.7f", Double.random(in: box.south...box.north, using: &rng))
        )
    }

    private mutating func newNode(_ tags: String, at p: (x: String, y: String)) -> Int64 {
        nextID += 1
        nodes[nextID] = ["n\(nextID)", "v1", "dV", "c0", "t2026-11-02T00:00:00Z", "i0", "u", "T\(tags)", "x\(p.x)", "y\(p.y)"]
        return nextID
    }

    private var referenced: Set<Int64> { Set(wayRefs.values.joined()) }

    /// Toilet nodes in the region that no way uses.
    private var standaloneToilets: [Int64] {
        let used = referenced
        return nodes.filter { OSMEditChain.isToilet($0.value) && !used.contains($0.key) && movedOut[$0.key] == nil }
            .map(\.key).sorted()
    }

    /// Makes the next version: one to three edits.
    mutating func edit() {
        for _ in 0..<Int.random(in: 1...3, using: &rng) { editOnce() }
    }

    private mutating func editOnce() {
        // Weighted towards growth, so that no run retires most of the places (the guard
        // against mass retirement would rightly stop it).
        let kinds = [
            "new toilet", "new toilet", "new toilet", "retag", "retag", "tag removed", "toilet tags added",
            "toilet tags added", "moved out", "moved back", "moved back", "deleted", "new building", "new building",
            "corner moved", "corner moved", "building moved out", "building deleted",
        ]
        let kind = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
        let toilets = standaloneToilets
        switch kind {
        case "new toilet":
            _ = newNode("amenity=toilets,fee=\(Bool.random(using: &rng) ? "yes" : "no")", at: coordinate())
        case "retag" where !toilets.isEmpty:
            let id = toilets[Int.random(in: 0..<toilets.count, using: &rng)]
            nodes[id] = OSMEditChain.set(nodes[id, default: []], ["T": "amenity=toilets,name=Soak\(nextID % 1000),fee=yes"])
        case "tag removed" where !toilets.isEmpty:
            let id = toilets[Int.random(in: 0..<toilets.count, using: &rng)]
            nodes[id] = OSMEditChain.set(nodes[id, default: []], ["T": "level=1"])
        case "toilet tags added":
            let used = referenced
            let plain = nodes.filter { OSMEditChain.field($0.value, "T") == "" && !used.contains($0.key) }.map(\.key).sorted()
            guard !plain.isEmpty else { return }
            let id = plain[Int.random(in: 0..<plain.count, using: &rng)]
            nodes[id] = OSMEditChain.set(nodes[id, default: []], ["T": "amenity=toilets"])
        case "moved out" where !toilets.isEmpty:
            // Outside the pipeline's region (Finland): the pipeline rejects it.
            let id = toilets[Int.random(in: 0..<toilets.count, using: &rng)]
            let fields = nodes[id, default: []]
            movedOut[id] = (OSMEditChain.field(fields, "x") ?? "", OSMEditChain.field(fields, "y") ?? "")
            nodes[id] = OSMEditChain.set(fields, ["x": String(format: "%.7f", 10 + Double(id % 100) / 1000), "y": "50.0000000"])
        case "moved back" where !movedOut.isEmpty:
            let id = movedOut.keys.sorted()[Int.random(in: 0..<movedOut.count, using: &rng)]
            guard let p = movedOut.removeValue(forKey: id), let fields = nodes[id] else { return }
            nodes[id] = OSMEditChain.set(fields, ["x": p.x, "y": p.y])
        case "deleted" where !toilets.isEmpty || !movedOut.isEmpty:
            let pool = toilets + movedOut.keys.sorted()
            let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
            nodes[id] = nil
            movedOut[id] = nil
        case "new building":
            let c = coordinate()
            guard let x = Double(c.x), let y = Double(c.y) else { return }
            let corners = [(0.0, 0.0), (0.0001, 0.0), (0.0001, 0.00005), (0.0, 0.00005)].map { dx, dy in
                newNode("", at: (String(format: "%.7f", x + dx), String(format: "%.7f", y + dy)))
            }
            nextID += 1
            let refs = corners + [corners[0]]
            ways[nextID] = [
                "w\(nextID)", "v1", "dV", "c0", "t2026-11-02T00:00:00Z", "i0", "u", "Tamenity=toilets,building=yes",
                "N" + refs.map { "n\($0)" }.joined(separator: ","),
            ]
            wayRefs[nextID] = refs
            buildings.append(nextID)
        case "corner moved" where !buildings.isEmpty:
            let way = buildings[Int.random(in: 0..<buildings.count, using: &rng)]
            let corner = wayRefs[way, default: []][Int.random(in: 0..<4, using: &rng)]
            guard let fields = nodes[corner], let x = OSMEditChain.field(fields, "x").flatMap(Double.init) else { return }
            nodes[corner] = OSMEditChain.set(fields, ["x": String(format: "%.7f", x + 0.00002)])
        case "building moved out" where !buildings.isEmpty:
            let way = buildings[Int.random(in: 0..<buildings.count, using: &rng)]
            for corner in Set(wayRefs[way, default: []]) {
                guard let fields = nodes[corner], let x = OSMEditChain.field(fields, "x").flatMap(Double.init),
                    let y = OSMEditChain.field(fields, "y").flatMap(Double.init)
                else { continue }
                nodes[corner] = OSMEditChain.set(
                    fields, ["x": String(format: "%.7f", x - 14.9), "y": String(format: "%.7f", y - 10.1)])
            }
        case "building deleted" where !buildings.isEmpty:
            let i = Int.random(in: 0..<buildings.count, using: &rng)
            let way = buildings.remove(at: i)
            ways[way] = nil
            for corner in wayRefs.removeValue(forKey: way) ?? [] { nodes[corner] = nil }
        default:
            return
        }
        made[kind, default: 0] += 1
    }
}
