import Foundation
import LocateTestSupport
import OSMPBF
import Testing

/// The PBF reader against osmium's own reading of the real Helsinki extract: every node
/// position, every way's node list and every relation's members, decoded from the file.
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct PBFReaderTests {
    static let helsinki = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")

    /// `osmium cat -f opl` of a file, one object per line: `n1 v1 … x24.9 y60.1`.
    static func opl(_ path: String) throws -> [String] {
        let r = try Fixtures.run("/usr/bin/env", ["osmium", "cat", path, "-f", "opl"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    static func field(_ line: String, _ prefix: Character) -> String? {
        line.split(separator: " ").first { $0.first == prefix }.map { String($0.dropFirst()) }
    }

    @Test func headerOfHelsinki() throws {
        let file = try PBFFile(path: Self.helsinki)
        #expect(file.header.requiredFeatures == ["OsmSchema-V0.6", "DenseNodes"])
        #expect(file.header.replicationSequence == nil && file.header.replicationTimestamp == nil)
        let box = try #require(file.header.bbox)
        // Nanodegrees in the file; osmium shows them rounded to 7 decimals.
        let rounded = [box.west, box.south, box.east, box.north].map { ($0 * 1e7).rounded() / 1e7 }
        #expect(rounded == [24.9351763, 60.164155, 24.9534146, 60.179113])
    }

    @Test func everyNodeWayAndRelationDecodesAsOsmiumReadsIt() throws {
        let lines = try Self.opl(Self.helsinki)
        var nodes: [Int64: (String, String)] = [:]
        var ways: [Int64: [Int64]] = [:]
        var relations: [Int64: String] = [:]
        for line in lines {
            let id = Int64(line.split(separator: " ")[0].dropFirst()) ?? -1
            switch line.first {
            case "n": nodes[id] = (Self.field(line, "x") ?? "", Self.field(line, "y") ?? "")
            case "w":
                ways[id] = (Self.field(line, "N") ?? "").split(separator: ",").compactMap { Int64($0.dropFirst()) }
            default: relations[id] = Self.field(line, "M") ?? ""
            }
        }
        #expect([nodes.count, ways.count, relations.count] == [24260, 5130, 620] as [Int])
        let file = try PBFFile(path: Self.helsinki)
        // Every tagged object selected by one key-present condition per type of key seen:
        // here, ask for all nodes and ways by id and all relations by a condition on `type`.
        let plan = ScanPlan(
            selection: [[TagCondition(key: "type", value: nil)]], wayIDs: Set(ways.keys), nodeIDs: Set(nodes.keys))
        var seenNodes = 0
        var seenWays = 0
        var counts = (0, 0, 0)
        var mismatches: [String] = []
        try file.scan(plan: plan) { _, block in
            counts.0 += block.nodeCount
            counts.1 += block.wayCount
            counts.2 += block.relationCount
            for n in block.nodes {
                seenNodes += 1
                guard let (x, y) = nodes[n.id] else { continue }
                if Double(x) != n.position.longitude || Double(y) != n.position.latitude {
                    mismatches.append("n\(n.id): \(n.position.longitudeText),\(n.position.latitudeText) vs \(x),\(y)")
                }
            }
            for w in block.ways {
                seenWays += 1
                if ways[w.id] != w.nodeIDs { mismatches.append("w\(w.id)") }
            }
            for r in block.relations {
                let members = r.members.map { "\($0.type.name.prefix(1))\($0.id)@\($0.role)" }.joined(separator: ",")
                // OPL escapes some characters in roles; compare only plain ones.
                if let expected = relations[r.id], !expected.contains("%"), expected != members {
                    mismatches.append("r\(r.id): \(members) vs \(expected)")
                }
            }
        }
        #expect([counts.0, counts.1, counts.2] == [24260, 5130, 620] as [Int])
        #expect([seenNodes, seenWays] == [24260, 5130] as [Int])
        #expect(mismatches == [])
    }

    /// The toilets (`amenity=toilets`; `toilets=yes` with an `amenity`), read from the
    /// uncompressed real file and from the zlib-compressed fixture osmium made of them.
    @Test(arguments: [helsinki, Fixtures.repo("Tests/OSMPBFTests/fixtures/helsinki-toilets.osm.pbf")])
    func toiletsOfHelsinki(path: String) throws {
        let selection = [
            [TagCondition(key: "amenity", value: "toilets")],
            [TagCondition(key: "toilets", value: "yes"), TagCondition(key: "amenity", value: nil)],
        ]
        let (objects, stats) = try SelectionReader.read(try PBFFile(path: path), selection: selection)
        #expect(objects.filter { $0.type == .node }.count == 17)
        #expect(objects.filter { $0.type != .node }.map(\.osmID) == ["way/464733009"])
        let way = try #require(objects.last)
        #expect(way.problem == nil)
        #expect(way.tags.map { "\($0.key)=\($0.value)" } == ["amenity=toilets", "building=yes", "wheelchair=yes"])
        let node = try #require(objects.first { $0.id == 600_408_141 })
        #expect(node.position?.lon == "24.9495113" && node.position?.lat == "60.1756559")
        #expect(node.tags.last?.value == "male pee = free, other side 0,5 €")
        #expect(stats.nodeBlocksReread >= 1 && stats.wayBlocksReread == 0)
    }
}

/// Placement of ways and multipolygons, and a file whose objects are out of order, on an
/// invented fixture (`fixtures/multipolygon.opl`, written as PBF by osmium).
@Suite struct PBFPlacementTests {
    static let selection = [[TagCondition(key: "amenity", value: "toilets")]]

    static func read(_ name: String) throws -> [String] {
        let file = try PBFFile(path: Fixtures.repo("Tests/OSMPBFTests/fixtures/\(name)"))
        return try SelectionReader.read(file, selection: selection).objects.map {
            "\($0.osmID) \($0.position.map { "\($0.lon),\($0.lat)" } ?? "-") \($0.problem ?? "")"
        }
    }

    static let expected = [
        "node/8 24.9050000,60.1050000 ",
        // Open way: halfway along (0.001° east, then 0.001° north; cos(60.1°) ≈ 0.498).
        "way/12 24.9030000,60.1002508 ",
        // C shape: the centroid (25.0013, 60.2015) is in the gap; the middle of the inside
        // stretch of its latitude instead.
        "way/13 25.0005000,60.2015000 ",
        "way/14 - way/14: 1 of its 3 nodes are not in the file (cut off by the extract's boundary?); not placed",
        "relation/20 24.9005000,60.1005000 ",
        "relation/21 - relation/21 is a type=site: only multipolygons are placed",
    ]

    @Test func waysAndMultipolygonsArePlacedByTheDocumentedRule() throws {
        let got = try Self.read("multipolygon.osm.pbf")
        #expect(got == Self.expected)
    }

    @Test func anUnsortedFileReadsTheSame() throws {
        #expect(try Self.read("unsorted.osm.pbf").sorted() == Self.expected.sorted())
    }

    /// The replication state osmium writes from `--output-header` (fixtures/replication.osm.pbf).
    @Test func replicationStateOfTheHeader() throws {
        let file = try PBFFile(path: Fixtures.repo("Tests/OSMPBFTests/fixtures/replication.osm.pbf"))
        #expect(file.header.replicationSequence == 4321)
        #expect(file.header.replicationTimestamp == 1_795_780_800)  // 2026-11-27T12:00:00Z
        #expect(file.header.replicationBaseURL == "https://download.geofabrik.de/europe/finland-updates")
        #expect(file.header.writingProgram == "osmium/1.15.0")
        #expect(file.header.bbox == nil)
    }

    @Test func positionTextIsExact() {
        #expect(OSMPosition(latitudeNano: 60_175_655_900, longitudeNano: -1_000_000_001).latitudeText == "60.1756559")
        #expect(OSMPosition(latitudeNano: 0, longitudeNano: -1_000_000_001).longitudeText == "-1.000000001")
        #expect(OSMPosition(latitudeNano: -500, longitudeNano: 0).latitudeText == "-0.0000005")
    }
}
