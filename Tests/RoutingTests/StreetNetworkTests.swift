import Foundation
import Geo
import LocateTestSupport
import Routing
import Testing

/// Routino through `Routing` on the real street network of central Helsinki
/// (../shared/datasets/osm-pbf/helsinki-centre.osm.pbf: 3,059 routable nodes).
@Suite(.enabled(if: RoutingFixtures.haveHelsinki, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct StreetNetworkTests {
    @Test func buildRecordsTheAreaAndSourceAndListsIt() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("n.sqlite").path
        let m = try NetworkBuilder().build(
            source: RoutingFixtures.helsinki, databasePath: db, name: "helsinki", builtAt: Date(timeIntervalSince1970: 0))
        #expect(m.name == "helsinki")
        #expect(m.source == RoutingFixtures.helsinki)
        #expect(m.nodes == 3059)
        #expect(m.builtAt == "1970-01-01T00:00:00Z")
        // The extract's own box is 24.9351762,60.164155 – 24.9534145,60.179113 (osmium fileinfo).
        #expect(abs(m.bbox.minLongitude - 24.935185) < 1e-6 && abs(m.bbox.maxLongitude - 24.953411) < 1e-6)
        #expect(abs(m.bbox.minLatitude - 60.164158) < 1e-6 && abs(m.bbox.maxLatitude - 60.179107) < 1e-6)
        #expect(try NetworkCatalog.list(databasePath: db) == [m])
        // A rebuild replaces it by switching the link: one network, one build folder.
        let again = try NetworkBuilder().build(
            source: RoutingFixtures.helsinki, databasePath: db, name: "helsinki", builtAt: Date(timeIntervalSince1970: 60))
        #expect(try NetworkCatalog.list(databasePath: db) == [again])
        let entries = try FileManager.default.contentsOfDirectory(atPath: NetworkCatalog.folder(forDatabase: db))
        #expect(entries.filter { $0.hasPrefix(".helsinki-") }.count == 1)
        #expect(entries.filter { !$0.hasPrefix(".") } == ["helsinki"])
    }

    @Test func aFailedBuildNamesTheFileAndLeavesNothing() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("n.sqlite").path
        #expect(throws: RoutingError.unreadableSource(path: "/nonexistent/x.osm.pbf", reason: "no such file")) {
            try NetworkBuilder().build(source: "/nonexistent/x.osm.pbf", databasePath: db, name: "x", builtAt: Date())
        }
        #expect(throws: RoutingError.badName("../x")) {
            try NetworkBuilder().build(source: RoutingFixtures.helsinki, databasePath: db, name: "../x", builtAt: Date())
        }
        let junk = try Fixtures.write("this is not OSM data\n", name: "junk.osm.pbf")
        #expect(throws: RoutingError.self) {
            try NetworkBuilder().build(source: junk, databasePath: db, name: "junk", builtAt: Date())
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: NetworkCatalog.folder(forDatabase: db))) ?? []
        #expect(left == [])
    }

    @Test func aRouteIsNeverShorterThanTheStraightLineAndRunsEndToEnd() throws {
        let network = try RoutingFixtures.network()
        let from = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let to = Coordinate(latitude: 60.1684109, longitude: 24.9520396)
        let start = try network.start(at: from, mode: .foot)
        guard case .route(let r) = try start.route(to: to) else {
            Issue.record("no route")
            return
        }
        let straight = Geodesic().distance(from: from, to: to)
        #expect(r.lengthMeters >= straight)
        #expect(r.lengthMeters < straight * 2)
        #expect(r.geometry.first == from && r.geometry.last == to)
        #expect(r.startSnapMeters < 50 && r.endSnapMeters < 50)
        #expect(!r.steps.isEmpty)
        #expect(abs(r.steps.map(\.distanceMeters).reduce(0, +) + r.startSnapMeters + r.endSnapMeters - r.lengthMeters) < 1e-6)
        #expect(abs(r.durationSeconds - r.lengthMeters / 1.3) < 1e-9)
    }

    @Test func aStartFarFromEveryWayIsAnError() throws {
        let network = try RoutingFixtures.network()
        // 2 km out to sea, south of the extract.
        let sea = Coordinate(latitude: 60.145, longitude: 24.945)
        #expect(throws: RoutingError.self) {
            let start = try network.start(at: sea, mode: .foot)
            _ = try start.route(to: Coordinate(latitude: 60.1684109, longitude: 24.9520396))
        }
    }
}

/// The Helsinki extract and a network built from it once per test process.
enum RoutingFixtures {
    static let helsinki = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")
    static let haveHelsinki = FileManager.default.fileExists(atPath: helsinki)

    /// A network built from the extract into a temporary folder: its walking graph.
    static func graph() throws -> WalkGraph {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("n.sqlite").path
        _ = try NetworkBuilder().build(source: helsinki, databasePath: db, name: "helsinki", builtAt: Date())
        return try NetworkCatalog.network(for: Coordinate(latitude: 60.17, longitude: 24.94), databasePath: db)
    }

    /// The same network, routed by Routino (the oracle of `WalkGraphTests`).
    static func network() throws -> StreetNetwork { try StreetNetwork(folder: try graph().folder) }
}
