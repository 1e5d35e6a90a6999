import Foundation
import Geo
import LocateTestSupport
import Testing

@testable import Routing

/// Networks and points no real extract has (issue 36): poles, ±180°, streets on two
/// continents, a node at the far end of the globe, and forged `walk-graph.bin` files. Each
/// network is built by the test from generated OSM XML.
@Suite struct HostileNetworkTests {
    /// A network built from `osm` beside a new database; its walking graph.
    static func graph(_ osm: String, name: String = "generated") throws -> WalkGraph {
        let folder = try Fixtures.temporaryFolder()
        let source = try Fixtures.write(osm, name: "\(name).osm", in: folder)
        let db = folder.appendingPathComponent("n.sqlite").path
        _ = try NetworkBuilder().build(source: source, databasePath: db, name: name, builtAt: Date(timeIntervalSince1970: 0))
        return try NetworkCatalog.network(for: Coordinate(latitude: 60.17, longitude: 24.94), databasePath: db, name: name)
    }

    static let helsinki = GeneratedStreets.Grid(south: 60.165, west: 24.93, count: 8, name: "Helsinki")
    /// Streets within 600 m of the north pole: 6 rows, each 10° of longitude between nodes.
    static let pole = GeneratedStreets.Grid(south: 89.9935, west: 0, count: 6, name: "Pole")

    /// The points of the probe that spun for ever (a radius in cells divided by a cell width
    /// that vanishes with cos(latitude)): each answers at once, with a route where a street is
    /// near and the start-off-network error elsewhere.
    @Test func polesAndTheAntimeridianAnswerAtOnce() throws {
        let graph = try Self.graph(GeneratedStreets.osm(grids: [Self.helsinki, Self.pole]))
        let near: [(Double, Double)] = [(90, 24.94), (89.999, 24.94), (89.9999, -180), (89.999, 180)]
        for (lat, lon) in near {
            for mode in TravelMode.allCases {
                let start = try graph.start(at: Coordinate(latitude: lat, longitude: lon), mode: mode)
                let to = Coordinate(latitude: 89.995, longitude: 20)
                guard case .route(let r) = try start.route(to: to) else {
                    Issue.record("no route from \(lat),\(lon)")
                    continue
                }
                #expect(r.lengthMeters >= Geodesic().distance(from: start.point, to: to))
                #expect(r.lengthMeters < 3000)
            }
        }
        let far: [(Double, Double)] = [(-90, 0), (-89.999, 24.94), (60.17, 180), (60.17, -180), (0, 180), (-90, -180)]
        for (lat, lon) in far {
            #expect(
                throws: RoutingError.startOffNetwork(
                    latitude: lat, longitude: lon, meters: nil, limitMeters: 500, network: "generated")
            ) { try graph.start(at: Coordinate(latitude: lat, longitude: lon), mode: .foot) }
        }
    }

    /// Two 4 km streets, in Helsinki and in Tokyo, and one from Helsinki to (-89, -179): the
    /// grid's memory follows the segments (a few slots each), not the box they span (the
    /// whole globe: 29 GB before), and routes in each city still work.
    @Test func aNetworkAcrossTheGlobeCostsWhatItsSegmentsCost() throws {
        let streets = [
            GeneratedStreets.Street(from: (60.17, 24.90), to: (60.17, 24.972), nodes: 41, name: "Helsinki street"),
            GeneratedStreets.Street(from: (35.68, 139.74), to: (35.68, 139.784), nodes: 41, name: "Tokyo street"),
            GeneratedStreets.Street(from: (60.17, 24.90), to: (-89, -179), nodes: 2, name: "Far street"),
        ]
        let graph = try Self.graph(GeneratedStreets.osm(streets: streets))
        // Routino prunes the straight streets' inner nodes: one segment each.
        #expect(graph.segmentCount == 3)
        // Each city street is listed in the 18 cells it crosses, the far one once apart: a
        // table of 128 slots (twice the 36 listed cells, to a power of 2).
        #expect(graph.grid.long.count == 1)
        #expect(graph.grid.cells.slotCount == 128)
        for (from, to) in [((60.1702, 24.91), (60.1698, 24.96)), ((35.6802, 139.75), (35.6798, 139.78))] {
            let start = try graph.start(at: Coordinate(latitude: from.0, longitude: from.1), mode: .foot)
            guard case .route(let r) = try start.route(to: Coordinate(latitude: to.0, longitude: to.1)) else {
                Issue.record("no route from \(from)")
                continue
            }
            #expect(r.lengthMeters > 2700 && r.lengthMeters < 2900)
        }
        let tokyo = try graph.start(at: Coordinate(latitude: 35.6802, longitude: 139.75), mode: .foot)
        #expect(try tokyo.route(to: Coordinate(latitude: 60.1698, longitude: 24.96)) == .none(.unreachable))
    }
}

/// Forged `walk-graph.bin` files (issue 36): a checksum recomputed over bytes that break the
/// structure. Each is refused when mapped with the documented "damaged … rebuild" error,
/// never a trap or a negative route.
@Suite struct ForgedWalkGraphTests {
    /// Three nodes in a line, 111 m apart, and the two segments between them.
    static let data = WalkGraphData(
        latitudes: [60.0, 60.001, 60.002], longitudes: [24.94, 24.94, 24.94], barriers: [0, 0, 0], segmentA: [0, 1],
        segmentB: [1, 2], lengths: [111.4, 111.4], allowed: [3, 3], nameIndex: [0, 0], names: ["Forged street"])

    /// One value of one array of the file changed.
    struct Patch: Sendable, CustomStringConvertible {
        enum Array: String, Sendable { case latitudes, longitudes, lengths, offsets, adjacency, segmentA, nameIndex, nameOffsets }
        var array: Array
        var index: Int
        var double: Double? = nil
        var word: UInt32? = nil
        var description: String { "\(array)[\(index)] = \(double.map { "\($0)" } ?? word.map { "\($0)" } ?? "")" }

        static func double(_ array: Array, _ index: Int, _ value: Double) -> Patch {
            Patch(array: array, index: index, double: value)
        }
        static func word(_ array: Array, _ index: Int, _ value: UInt32) -> Patch {
            Patch(array: array, index: index, word: value)
        }

        func offset(in l: WalkGraphFormat.Layout) -> Int {
            switch array {
            case .latitudes: l.latitudes + 8 * index
            case .longitudes: l.longitudes + 8 * index
            case .lengths: l.lengths + 8 * index
            case .offsets: l.offsets + 4 * index
            case .adjacency: l.adjacency + 4 * index
            case .segmentA: l.segmentA + 4 * index
            case .nameIndex: l.nameIndex + 4 * index
            case .nameOffsets: l.nameOffsets + 4 * index
            }
        }
    }

    static let cases: [(Patch, String)] = [
        (.double(.latitudes, 1, .nan), "node 1 is not on the globe (nan,24.94)"),
        (.double(.longitudes, 2, .infinity), "node 2 is not on the globe (60.002,inf)"),
        (.double(.latitudes, 0, 1e300), "node 0 is not on the globe (1e+300,24.94)"),
        (.double(.longitudes, 0, -181), "node 0 is not on the globe (60.0,-181.0)"),
        (.double(.lengths, 0, -653), "segment 0 has length -653.0 m between ends 111 m apart"),
        (.double(.lengths, 1, .nan), "segment 1 has length nan m between ends 111 m apart"),
        (.double(.lengths, 1, 3), "segment 1 has length 3.0 m between ends 111 m apart"),
        (.word(.adjacency, 0, 7), "adjacency of node 0 lists a segment that does not end there"),
        (.word(.adjacency, 3, 0), "adjacency of node 2 lists a segment that does not end there"),
        (.word(.offsets, 2, 0), "adjacency offsets fall at node 1"),
        (.word(.offsets, 3, 3), "adjacency offsets do not run from 0 to 2 × segments"),
        (.word(.segmentA, 1, 3), "segment 1 names a node or name that is not there"),
        (.word(.nameIndex, 0, 1), "segment 0 names a node or name that is not there"),
        (.word(.nameOffsets, 1, 99), "name 0 out of range"),
    ]

    @Test(arguments: cases)
    func aForgedFileIsRefusedAsDamaged(patch: Patch, reason: String) throws {
        let folder = try Fixtures.temporaryFolder().path
        let manifest = NetworkManifest(
            name: "forged", source: "forged.osm", sourceBytes: 0,
            bbox: BoundingBox(minLongitude: 24.94, minLatitude: 60, maxLongitude: 24.94, maxLatitude: 60.002), nodes: 3,
            builtAt: "1970-01-01T00:00:00Z")
        try manifest.data().write(to: URL(fileURLWithPath: folder + "/network.json"))
        // Stamped with the folder's (absent) Routino files: current, so never made again.
        var bytes = WalkGraphFormat.encode(Self.data, stamp: WalkGraphFormat.stamp(folder: folder))
        let path = folder + "/walk-graph.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try WalkGraph(folder: folder).segmentCount == 2)
        let layout = WalkGraphFormat.Layout(nodes: 3, segments: 2, names: 1, nameBytes: 13)
        let at = patch.offset(in: layout)
        if let v = patch.double {
            withUnsafeBytes(of: v.bitPattern.littleEndian) { for (k, x) in $0.enumerated() { bytes[at + k] = x } }
        }
        if let v = patch.word {
            withUnsafeBytes(of: v.littleEndian) { for (k, x) in $0.enumerated() { bytes[at + k] = x } }
        }
        try Data(WalkGraph.withChecksum(bytes)).write(to: URL(fileURLWithPath: path))
        #expect(throws: RoutingError.badNetwork(path: path, reason: "damaged walking graph: \(reason) (rebuild the network)")) {
            try WalkGraph(folder: folder)
        }
        // The same bytes through the fuzzing target's door.
        #expect(throws: RoutingError.self) { try WalkGraph(fileBytes: WalkGraph.withChecksum(bytes)) }
    }
}

/// A source with no way a route can use: the documented error, not Routino's own words.
@Suite struct EmptyNetworkTests {
    @Test func anExtractWithoutStreetsSaysSo() throws {
        let folder = try Fixtures.temporaryFolder()
        let source = try Fixtures.write(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6">
              <node id="1" version="1" lat="60.17" lon="24.94"><tag k="amenity" v="toilets"/></node>
              <node id="2" version="1" lat="60.171" lon="24.941"/>
              <node id="3" version="1" lat="60.172" lon="24.942"/>
              <way id="10" version="1"><nd ref="2"/><nd ref="3"/><tag k="building" v="yes"/></way>
            </osm>

            """, name: "no-streets.osm", in: folder)
        let db = folder.appendingPathComponent("n.sqlite").path
        #expect(throws: RoutingError.emptyNetwork(source: source)) {
            try NetworkBuilder().build(source: source, databasePath: db, name: "none", builtAt: Date())
        }
        #expect(
            RoutingError.emptyNetwork(source: source).description
                == "\(source): no way a route can use (no highway=* for foot or wheelchair)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: NetworkCatalog.folder(forDatabase: db))) == [])
    }

    /// Messages for HTTP clients name no server path.
    @Test func messagesWithoutPaths() {
        #expect(
            RoutingError.noNetwork(folder: "/srv/db.sqlite.network").descriptionWithoutPaths
                == "no street network is built beside the database (build one: locate network build EXTRACT.osm.pbf --db DB)")
        #expect(
            RoutingError.badNetwork(path: "/srv/db.sqlite.network/.x-1/walk-graph.bin", reason: "damaged walking graph: z")
                .descriptionWithoutPaths == "walk-graph.bin: damaged walking graph: z")
        #expect(
            RoutingError.library(function: "Routino_LoadDatabase", code: 3, folder: "/srv/n").descriptionWithoutPaths
                == "Routino_LoadDatabase failed (Routino error 3)")
    }
}
