import Foundation
import LocateTestSupport
import Testing

@testable import Geo

@Suite struct GeodesicTests {
    /// Expected values from PROJ's `geod +ellps=WGS84 -I -f %.9f -F %.6f`: ordinary lines,
    /// the equator (short and past (1 − f)·180°, where the line over a pole is shorter),
    /// antipodes (on the equator, and off it), a pole, a point to itself, nearly antipodal.
    @Test(arguments: [
        (50.0, 14.0, 50.0, 15.0, 71_695.219606, 89.616973750),
        (50.0875, 14.4214, 50.0755, 14.4378, 1_777.487374, 138.664664183),
        (0.0, 0.0, 0.5, 179.5, 19_936_288.578965, 25.671872868),
        (0.0, 0.0, 0.0, 179.0, 19_926_188.851996, 90.0),
        (0.0, 0.0, 0.0, 180.0, 20_003_931.458625, 0.0),
        (-30.0, 10.0, 30.0, -170.0, 20_003_931.458625, 180.0),
        (90.0, 0.0, -45.0, 30.0, 14_986_910.107290, 150.0),
        (50.08, 14.42, 50.08, 14.42, 0.0, 180.0),
        (-0.000001, 0.0, 0.0, 179.9, 20_003_008.312466, 170.454343398),
    ])
    func inverseMatchesGeod(lat1: Double, lon1: Double, lat2: Double, lon2: Double, meters: Double, bearing: Double) {
        let r = Geodesic().inverse(
            from: Coordinate(latitude: lat1, longitude: lon1), to: Coordinate(latitude: lat2, longitude: lon2))
        #expect(abs(r.distanceMeters - meters) < 1e-6, "distance \(r.distanceMeters)")
        #expect(abs(r.bearingDegrees - bearing) < 1e-9, "bearing \(r.bearingDegrees)")
    }

    @Test func zeroDistanceToItself() {
        let p = Coordinate(latitude: 50.08, longitude: 14.42)
        #expect(Geodesic().distance(from: p, to: p) == 0)
    }

    @Test func wgs84IsTheDefaultEllipsoid() {
        #expect(Geodesic().ellipsoid == Ellipsoid.wgs84)
        #expect(Ellipsoid.wgs84.semiMajorAxisMeters == 6_378_137)
        #expect(Ellipsoid.wgs84.flattening == 1 / 298.257_223_563)
        #expect(abs(Ellipsoid.wgs84.semiMinorAxisMeters - 6_356_752.314_245) < 1e-6)
    }

    /// The Newton slope ∂λ₁₂/∂α₁ = m₁₂ / (a cos α₂ cos β₂) agrees with a central difference.
    @Test(arguments: [(-50.0, 49.0, 1.0), (-30.0, 10.0, 2.0), (-70.0, -60.0, 0.5)])
    func lambdaSlopeIsTheDerivative(lat1: Double, lat2: Double, alpha1: Double) {
        let g = Geodesic()
        let p1 = ReducedLatitude(latitudeDegrees: lat1, flattening: g.flattening)
        let p2 = ReducedLatitude(latitudeDegrees: lat2, flattening: g.flattening)
        let h = 1e-6
        let up = g.arc(p1, p2, sinAlpha1: sin(alpha1 + h), cosAlpha1: cos(alpha1 + h)).lambda12
        let down = g.arc(p1, p2, sinAlpha1: sin(alpha1 - h), cosAlpha1: cos(alpha1 - h)).lambda12
        let slope = g.arc(p1, p2, sinAlpha1: sin(alpha1), cosAlpha1: cos(alpha1)).lambdaSlope
        #expect(abs((up - down) / (2 * h) - slope) < 1e-6 * abs(slope), "slope \(slope)")
    }

    /// 3,000 seeded pairs: anywhere, within a few km, and nearly antipodal (where the
    /// azimuth is ill-conditioned, so only distances are compared). The bound, 1e-7 m, is
    /// what `NearestIndex`'s 1 mm pruning margin relies on.
    @Test(.enabled(if: Fixtures.haveTool("geod"), "PROJ's geod tool (proj-bin) is not installed"))
    func seededPairsMatchGeodTool() throws {
        var rng = SeededRandom(seed: 2013)
        var pairs: [(Coordinate, Coordinate, antipodal: Bool)] = []
        for i in 0..<3000 {
            let a = Coordinate(latitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng))
            let b: Coordinate
            switch i % 3 {
            case 0:
                b = Coordinate(latitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng))
            case 1:
                b = Coordinate(
                    latitude: max(-90, min(90, a.latitude + .random(in: -0.05...0.05, using: &rng))),
                    longitude: a.longitude + .random(in: -0.05...0.05, using: &rng))
            default:
                let d = pow(10, Double.random(in: -8...0, using: &rng))
                b = Coordinate(
                    latitude: max(-90, min(90, -a.latitude + .random(in: -d...d, using: &rng))),
                    longitude: remainder(a.longitude + 180 + .random(in: -d...d, using: &rng), 360))
            }
            pairs.append((a, b, i % 3 == 2))
        }
        let input = pairs.map { "\($0.0.latitude) \($0.0.longitude) \($0.1.latitude) \($0.1.longitude)" }
        let file = try Fixtures.write(input.joined(separator: "\n") + "\n", name: "pairs.txt")
        let out = try Fixtures.shell("geod +ellps=WGS84 -I -f %.12f -F %.9f +units=m < '\(file)'")
        let rows = out.stdout.split(separator: "\n")
        try #require(rows.count == pairs.count)
        let g = Geodesic()
        for (row, pair) in zip(rows, pairs) {
            let fields = row.split(whereSeparator: { $0 == "\t" || $0 == " " }).compactMap { Double($0) }
            try #require(fields.count == 3)
            let r = g.inverse(from: pair.0, to: pair.1)
            #expect(abs(r.distanceMeters - fields[2]) < 1e-7, "\(pair.0) → \(pair.1): \(r.distanceMeters) vs \(fields[2])")
            if !pair.antipodal {
                let turn = remainder(r.bearingDegrees - fields[0], 360)
                #expect(abs(turn) < 1e-8, "\(pair.0) → \(pair.1): bearing \(r.bearingDegrees) vs \(fields[0])")
            }
        }
    }
}
