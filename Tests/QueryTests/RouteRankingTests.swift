import Foundation
import Geo
import Hours
import LocateTestSupport
import Places
import Query
import Routing
import Storage
import Testing

/// Ranking by route on real data: the 18 OSM toilets of central Helsinki
/// (pipelines/osm-toilets-helsinki-centre.yml) and the street network of the same extract
/// (../shared/datasets/osm-pbf/helsinki-centre.osm.pbf), built with planetsplitter.
@Suite(.enabled(if: HelsinkiRouting.available, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct RouteRankingTests {
    /// 200 seeded random start points in the extract's box, both modes: every route is at
    /// least the straight line, and the answer (k = 5) is the brute-force ranking of the
    /// routes to every toilet.
    @Test(arguments: TravelMode.allCases)
    func theRankingIsTheBruteForceRankingOfEveryRoute(mode: TravelMode) throws {
        let h = try HelsinkiRouting.make()
        var tested = 0
        var routes = 0
        for point in randomPoints(200, seed: 26, lat: 60.1645...60.1788, lon: 24.9355...24.9530) {
            let start = try h.network.start(at: point, mode: mode)
            // Every toilet, with its route (or none), as the brute force sees it.
            let all = try h.finder.nearest(to: point, limit: 100)
            #expect(all.count == 18)
            var brute: [(rank: Double, straight: Double, id: Int64, global: String)] = []
            do {
                for t in all where mode != .wheelchair || t.wheelchair != .no {
                    let straight = try #require(t.distanceMeters)
                    switch try start.route(to: t.toilet.coordinate) {
                    case .route(let r):
                        routes += 1
                        #expect(r.lengthMeters >= straight, "route \(r.lengthMeters) < straight \(straight) from \(point)")
                        brute.append((r.lengthMeters, straight, t.rowID, t.id))
                    case .none:
                        brute.append((straight, straight, t.rowID, t.id))
                    }
                }
            } catch RoutingError.startOffNetwork {
                continue
            }
            brute.sort { ($0.rank, $0.straight, $0.id) < ($1.rank, $1.straight, $1.id) }
            let answer = try h.finder.nearestByRoute(to: point, limit: 5, open: nil, start: start)
            #expect(answer.map(\.id) == brute.prefix(5).map(\.global), "from \(point)")
            #expect(answer.map { $0.route?.rankMeters ?? -1 } == brute.prefix(5).map(\.rank))
            tested += 1
        }
        // Nearly every point of the box is within 500 m of a way.
        #expect(tested >= 190)
        #expect(routes >= tested * 15)
    }

    /// Pinned: from Kaivokatu, the straight-line nearest toilet (the level -1 one, 203 m) is
    /// fourth on foot; the first on foot is 231 m away in a straight line, 274 m by route
    /// (273 m by Routino's route, whose points are its own fixed-point node positions, up to
    /// 0.3 m from the extract's: `WalkGraphOracleTests`).
    @Test func walkingOrderDiffersFromTheStraightLine() throws {
        let h = try HelsinkiRouting.make()
        let point = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let straight = try h.finder.nearest(to: point, limit: 5).map(\.id)
        let start = try h.network.start(at: point, mode: .foot)
        let walked = try h.finder.nearestByRoute(to: point, limit: 5, open: nil, start: start)
        #expect(straight.first == "osm-toilets-helsinki-centre/node/4642563720")
        #expect(walked.first?.id == "osm-toilets-helsinki-centre/node/6328892649")
        #expect(walked.map(\.id) != straight)
        #expect(walked.firstIndex { $0.id == "osm-toilets-helsinki-centre/node/4642563720" } == 3)
        let first = try #require(walked.first?.route?.route)
        #expect(Int(first.lengthMeters.rounded()) == 274)
        #expect(Int((walked[0].distanceMeters ?? 0).rounded()) == 231)
    }

    /// Steps: on foot the route to the first toilet takes 9 m of steps; by wheelchair it
    /// goes round, longer, and uses none.
    @Test func theWheelchairGoesRoundTheSteps() throws {
        let h = try HelsinkiRouting.make()
        let point = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let toilet = Coordinate(latitude: 60.1701476, longitude: 24.9425236)
        guard case .route(let foot) = try h.network.start(at: point, mode: .foot).route(to: toilet),
            case .route(let chair) = try h.network.start(at: point, mode: .wheelchair).route(to: toilet)
        else {
            Issue.record("no route")
            return
        }
        #expect(foot.steps.contains { $0.name == "steps" })
        #expect(!chair.steps.contains { $0.name == "steps" })
        #expect(chair.lengthMeters > foot.lengthMeters)
        #expect(chair.durationSeconds == chair.lengthMeters / 1.0)
    }

    /// Open on arrival: the Sofiankatu toilet (Mo-Su 09:30-16:00) is open at 15:55, but
    /// closed by the time one walks there from Kaivokatu; at 15:40 it is listed, with its
    /// arrival after the route's walking time.
    @Test func aToiletThatClosesBeforeYouWalkThereIsNotOffered() throws {
        let h = try HelsinkiRouting.make()
        let point = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let sofiankatu = "osm-toilets-helsinki-centre/node/603743745"
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        func answer(_ wall: String) throws -> [ToiletResult] {
            let at = try #require(WallClock.instant(wall, in: zone))
            let start = try h.network.start(at: point, mode: .foot)
            return try h.finder.nearestByRoute(to: point, limit: 5, open: OpenFilter(at: at), start: start)
        }
        let late = try answer("2026-11-23T15:55")
        #expect(!late.contains { $0.id == sofiankatu })
        // Straight line, no arrival asked: it is open at 15:55.
        let at = try #require(WallClock.instant("2026-11-23T15:55", in: zone))
        #expect(try h.finder.nearestOpen(to: point, limit: 5, open: OpenFilter(at: at)).contains { $0.id == sofiankatu })
        let early = try answer("2026-11-23T15:40")
        let found = try #require(early.first { $0.id == sofiankatu })
        let seconds = try #require(found.route?.seconds)
        #expect(seconds > 5 * 60)
        #expect(found.arrivalAt == (try #require(WallClock.instant("2026-11-23T15:40", in: zone))).addingTimeInterval(seconds))
    }
}

/// A store of the Helsinki toilets and the network of the same extract, in a new folder
/// (each test its own: a finder is used within one task).
final class HelsinkiRouting {
    static let extract = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")
    static let available = FileManager.default.fileExists(atPath: extract)

    let finder: ToiletFinder
    let network: WalkGraph

    private init() throws {
        let store = try storeWith("osm-toilets-helsinki-centre")
        finder = try ToiletFinder(store: store)
        _ = try NetworkBuilder().build(source: Self.extract, databasePath: store.path, name: "helsinki", builtAt: Date())
        network = try NetworkCatalog.network(for: Coordinate(latitude: 60.17, longitude: 24.94), databasePath: store.path)
    }

    /// A new store and network.
    static func make() throws -> HelsinkiRouting { try HelsinkiRouting() }
}

/// `wheelchair=no` toilets are left out by wheelchair, kept on foot (two toilets written for
/// this test on the Helsinki streets: the nearer one is tagged wheelchair=no).
@Suite(.enabled(if: HelsinkiRouting.available, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct WheelchairNoTests {
    @Test func aWheelchairNeverGetsAWheelchairNoToilet() throws {
        let geojson = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {"@id": "node/1", "amenity": "toilets", "wheelchair": "no"},
              "geometry": {"type": "Point", "coordinates": [24.9390, 60.1702]}},
             {"type": "Feature", "properties": {"@id": "node/2", "amenity": "toilets", "wheelchair": "yes"},
              "geometry": {"type": "Point", "coordinates": [24.9425236, 60.1701476]}}]}
            """
        let source = try Fixtures.write(geojson, name: "two.geojson")
        let store = try storeWith("osm-toilets-helsinki-centre", source: source)
        let finder = try ToiletFinder(store: store)
        _ = try NetworkBuilder().build(
            source: HelsinkiRouting.extract, databasePath: store.path, name: "helsinki", builtAt: Date())
        let point = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let network = try NetworkCatalog.network(for: point, databasePath: store.path)
        let foot = try finder.nearestByRoute(to: point, limit: 5, open: nil, start: network.start(at: point, mode: .foot))
        let chair = try finder.nearestByRoute(
            to: point, limit: 5, open: nil, start: network.start(at: point, mode: .wheelchair))
        #expect(foot.map(\.sourceID) == ["node/1", "node/2"])
        #expect(chair.map(\.sourceID) == ["node/2"])
    }
}
