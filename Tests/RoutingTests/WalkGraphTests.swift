import Foundation
import Geo
import LocateTestSupport
import Routing
import Testing

/// The walking graph file (`walk-graph.bin`) of a network built from the Helsinki extract:
/// written by the build, made again when missing or stale, refused clearly when damaged.
@Suite(.enabled(if: RoutingFixtures.haveHelsinki, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct WalkGraphTests {
    static let from = Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let to = Coordinate(latitude: 60.1684109, longitude: 24.9520396)

    static func length(_ graph: WalkGraph) throws -> Double? {
        guard case .route(let r) = try graph.start(at: from, mode: .foot).route(to: to) else { return nil }
        return r.lengthMeters
    }

    @Test func theBuildWritesItAndAMissingOrStaleOneIsMadeAgain() throws {
        let graph = try RoutingFixtures.graph()
        let file = (graph.folder as NSString).appendingPathComponent("walk-graph.bin")
        let built = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(built.prefix(8) == Data("LOCWALK\0".utf8))
        let length = try #require(try Self.length(graph))
        try FileManager.default.removeItem(atPath: file)
        #expect(try Self.length(WalkGraph(folder: graph.folder)) == length)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == built)
        // Another database's stamp (bytes 32..<40): stale, made again.
        var stale = built
        stale[32] ^= 0xFF
        try stale.write(to: URL(fileURLWithPath: file))
        #expect(try Self.length(WalkGraph(folder: graph.folder)) == length)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == built)
    }

    @Test func aDamagedOneIsAnErrorNamingIt() throws {
        let graph = try RoutingFixtures.graph()
        let file = (graph.folder as NSString).appendingPathComponent("walk-graph.bin")
        let built = try Data(contentsOf: URL(fileURLWithPath: file))
        var flipped = built
        flipped[built.count / 2] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: file))
        #expect(
            throws: RoutingError.badNetwork(
                path: file, reason: "damaged walking graph: checksum mismatch at byte offset 64 (rebuild the network)")
        ) {
            try WalkGraph(folder: graph.folder)
        }
        try built.prefix(100).write(to: URL(fileURLWithPath: file))
        #expect(throws: RoutingError.self) { try WalkGraph(folder: graph.folder) }
        try Data("not a graph at all, but long enough to have a header of sixty-four bytes...".utf8).write(
            to: URL(fileURLWithPath: file))
        #expect(
            throws: RoutingError.badNetwork(
                path: file, reason: "damaged walking graph: no LOCWALK header (rebuild the network)")
        ) {
            try WalkGraph(folder: graph.folder)
        }
    }

    /// Searches share one graph from many threads at once and agree with one another.
    @Test func concurrentSearchesAgree() async throws {
        let graph = try RoutingFixtures.graph()
        let expected = try Self.length(graph)
        let lengths = try await withThrowingTaskGroup(of: Double?.self) { group in
            for _ in 0..<16 { group.addTask { try Self.length(graph) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(lengths.count == 16 && lengths.allSatisfy { $0 == expected })
    }
}
