import Foundation
import Geo
import LocateTestSupport
import Query
import Routing
import Storage
import Testing

/// Our walking-graph search against Routino, the oracle: from 200 seeded random start points
/// in the Helsinki extract's box, for both modes, the route to every toilet is measured the
/// same way (docs/routing.md) from our search and from Routino's shortest route.
@Suite(.enabled(if: HelsinkiRouting.available, "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf is absent"))
struct WalkGraphOracleTests {
    @Test(arguments: TravelMode.allCases)
    func everyRouteMatchesRoutinos(mode: TravelMode) throws {
        let h = try HelsinkiRouting.make()
        let routino = try StreetNetwork(folder: h.network.folder)
        let toilets = try h.finder.nearest(to: Coordinate(latitude: 60.17, longitude: 24.94), limit: 100)
        var diffs: [Double] = []
        var mismatched = 0
        var other = 0
        var worseSnap = -Double.infinity
        for point in randomPoints(200, seed: 26, lat: 60.1645...60.1788, lon: 24.9355...24.9530) {
            let ours: WalkStart
            do { ours = try h.network.start(at: point, mode: mode) } catch RoutingError.startOffNetwork { continue }
            let theirs = try routino.start(at: point, mode: mode)
            for t in toilets {
                let a = try ours.route(to: t.toilet.coordinate)
                let b = try theirs.route(to: t.toilet.coordinate)
                switch (a, b) {
                case (.route(let x), .route(let y)):
                    let g = Geodesic()
                    let same = g.distance(from: x.geometry[1], to: y.geometry[1]) < 1
                        && g.distance(from: x.geometry[x.geometry.count - 2], to: y.geometry[y.geometry.count - 2]) < 1
                    if same, x.lengthMeters - y.lengthMeters > 20 {
                        print("LONGER \(mode) \(point) -> \(t.toilet.coordinate) ours \(x.lengthMeters) \(x.steps.map(\.text)) theirs \(y.lengthMeters) \(y.steps.map(\.text))")
                        print("OURS " + x.geometry.map { "\($0.longitude),\($0.latitude)" }.joined(separator: " "))
                        print("THEIRS " + y.geometry.map { "\($0.longitude),\($0.latitude)" }.joined(separator: " "))
                    }
                    if same { diffs.append(x.lengthMeters - y.lengthMeters) } else {
                        other += 1
                        worseSnap = max(worseSnap, x.startSnapMeters - y.startSnapMeters, x.endSnapMeters - y.endSnapMeters)
                    }
                case (.none(let x), .none(let y)) where x == y: break
                default:
                    mismatched += 1
                    print("MISMATCH \(point) \(t.toilet.coordinate) ours \(a) theirs \(b)")
                }
            }
        }
        diffs.sort()
        print("ORACLE \(mode) n=\(diffs.count) min=\(diffs.first ?? 0) p1=\(diffs[diffs.count / 100]) p50=\(diffs[diffs.count / 2]) p99=\(diffs[diffs.count * 99 / 100]) max=\(diffs.last ?? 0) mismatched=\(mismatched) othersnap=\(other) worseSnap=\(worseSnap)")
    }
}
