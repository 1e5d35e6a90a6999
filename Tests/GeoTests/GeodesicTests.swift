import Foundation
import Geo
import LocateTestSupport
import Testing

@Suite struct GeodesicTests {
    /// Expected values from PROJ's `geod +ellps=WGS84 -I` (distance to the millimetre).
    @Test(arguments: [
        (50.0, 14.0, 50.0, 15.0, 71_695.220, 89.616974),
        (50.0875, 14.4214, 50.0755, 14.4378, 1_777.487, 138.664664),
        (0.0, 0.0, 0.5, 179.5, 19_936_288.579, 25.671873),
    ])
    func inverseMatchesGeod(lat1: Double, lon1: Double, lat2: Double, lon2: Double, meters: Double, bearing: Double) {
        let r = Geodesic().inverse(
            from: Coordinate(latitude: lat1, longitude: lon1), to: Coordinate(latitude: lat2, longitude: lon2))
        #expect(abs(r.distanceMeters - meters) < 0.0006)
        #expect(abs(r.bearingDegrees - bearing) < 1e-6)
    }

    @Test func zeroDistanceToItself() {
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        #expect(Geodesic().distance(from: p, to: p) == 0)
    }

    @Test(.enabled(if: Fixtures.haveTool("geod"), "PROJ's geod tool (proj-bin) is not installed"))
    func randomPairsMatchGeodTool() throws {
        var rng = SeededRandom(seed: 2026)
        var lines: [String] = []
        var pairs: [(Coordinate, Coordinate)] = []
        for _ in 0..<50 {
            let a = Coordinate(latitude: .random(in: -80...80, using: &rng), longitude: .random(in: -179...179, using: &rng))
            let b = Coordinate(latitude: .random(in: -80...80, using: &rng), longitude: .random(in: -179...179, using: &rng))
            pairs.append((a, b))
            lines.append("\(a.latitude) \(a.longitude) \(b.latitude) \(b.longitude)")
        }
        let out = try Fixtures.shell(
            "printf '%s\\n' \(lines.map { "'\($0)'" }.joined(separator: " ")) | geod +ellps=WGS84 -I -f %.9f +units=m")
        #expect(out.status == 0, "\(out.stderr)")
        let rows = out.stdout.split(separator: "\n")
        try #require(rows.count == pairs.count)
        for (row, pair) in zip(rows, pairs) {
            let fields = row.split(whereSeparator: { $0 == "\t" || $0 == " " })
            let expected = try #require(fields.count == 3 ? Double(fields[2]) : nil, "geod line '\(row)'")
            #expect(abs(Geodesic().distance(from: pair.0, to: pair.1) - expected) < 0.0006, "\(pair)")
        }
    }
}
