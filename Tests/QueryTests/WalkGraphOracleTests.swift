import Foundation
import Geo
import LocateTestSupport
import Places
import Query
import Routing
import Storage
import Testing

/// Our walking-graph search (`WalkGraph`) against Routino, the oracle: from 200 seeded random
/// start points in the Helsinki extract's box, for both modes, the route to every one of the
/// 18 toilets from our search and from Routino's shortest route (`StreetNetwork`), both
/// measured the same way (docs/routing.md, "Our search and Routino").
@Suite(.enabled(if: HelsinkiRouting.available, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct WalkGraphOracleTests {
    @Test(arguments: TravelMode.allCases)
    func everyRouteMatchesRoutinosWithinItsWholeMetres(mode: TravelMode) throws {
        let h = try HelsinkiRouting.make()
        let routino = try StreetNetwork(folder: h.network.folder)
        let toilets = try h.finder.nearest(to: Coordinate(latitude: 60.17, longitude: 24.94), limit: 100)
        #expect(toilets.count == 18)
        let g = Geodesic()
        var pairs = 0
        var sameSnaps = 0
        var rankings = 0
        for point in randomPoints(200, seed: 26, lat: 60.1645...60.1788, lon: 24.9355...24.9530) {
            let ours: WalkStart
            do { ours = try h.network.start(at: point, mode: mode) } catch RoutingError.startOffNetwork { continue }
            let theirs = try routino.start(at: point, mode: mode)
            var ranked: [(id: Int64, ours: Double, theirs: Double, slack: Double)] = []
            var startsAlike = true
            for t in toilets {
                let a = try ours.route(to: t.toilet.coordinate)
                let b = try theirs.route(to: t.toilet.coordinate)
                pairs += 1
                switch (a, b) {
                case (.route(let x), .route(let y)):
                    let startGap = g.distance(from: x.geometry[1], to: y.geometry[1])
                    let endGap = g.distance(from: x.geometry[x.geometry.count - 2], to: y.geometry[y.geometry.count - 2])
                    startsAlike = startsAlike && startGap < 1
                    // Where both join and leave the network at the same places (to 1 m),
                    // ours is longer by at most 3 m (the ends may lie 1 m apart, and Routino
                    // places them by whole-metre fractions), and Routino's longer by at most
                    // its whole-metre truncations: 1 m per segment of its route and 2 m for
                    // each end's piece of a segment.
                    let slack = 4 + Double(y.geometry.count - 3)
                    if startGap < 1 && endGap < 1 {
                        sameSnaps += 1
                        #expect(x.lengthMeters <= y.lengthMeters + 3, "\(mode) \(point) → \(t.toilet.coordinate)")
                        #expect(y.lengthMeters - x.lengthMeters <= slack, "\(mode) \(point) → \(t.toilet.coordinate)")
                    } else {
                        // Elsewhere our point is never a worse place to join than Routino's.
                        #expect(x.startSnapMeters <= y.startSnapMeters + 0.5 && x.endSnapMeters <= y.endSnapMeters + 0.5)
                    }
                    ranked.append((t.rowID, x.lengthMeters, y.lengthMeters, slack))
                case (.none(let x), .none(let y)):
                    #expect(x == y)
                default:
                    Issue.record("\(mode) \(point) → \(t.toilet.coordinate): ours \(a), Routino's \(b)")
                }
            }
            // The k = 5 ranking by our lengths equals Routino's, but for ties within the
            // lengths' allowed difference.
            guard startsAlike else { continue }
            rankings += 1
            let byOurs = ranked.sorted { ($0.ours, $0.id) < ($1.ours, $1.id) }.prefix(5)
            let byTheirs = ranked.sorted { ($0.theirs, $0.id) < ($1.theirs, $1.id) }.prefix(5)
            for (p, q) in zip(byOurs, byTheirs) where p.id != q.id {
                #expect(abs(p.theirs - q.theirs) <= p.slack + q.slack, "\(mode) \(point): \(p.id) vs \(q.id)")
            }
        }
        // Nearly all pairs join and leave the network where Routino does; the rest differ
        // by Routino's order among segments equally near in whole metres.
        #expect(Double(sameSnaps) >= 0.85 * Double(pairs), "\(sameSnaps) of \(pairs)")
        #expect(rankings >= 150)
    }
}
