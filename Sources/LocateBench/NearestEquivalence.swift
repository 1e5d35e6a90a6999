import Foundation
import Geo
import Ingest
import Places
import Query
import Storage
import SyntheticData

/// The release-mode half of the nearest-search guarantee: `count` synthetic S-JTSK toilets
/// ingested into a fresh database, then `queries` seeded random queries (k = 1 and 10
/// alternately) compared with a brute-force geodesic scan over the source positions,
/// reprojected independently of the database. The debug test suite runs the same check on
/// 5,000 points (`NearestTests.syntheticFiveThousandEqualsBruteForce`).
enum NearestEquivalence {
    /// Runs the check in `folder` and prints one line per mismatch and a summary
    /// (`points=… queries=… mismatches=… seconds=…`). Returns the number of mismatches.
    static func run(count: Int, queries: Int, folder: String) throws -> Int {
        let started = Date()
        let source = folder + "/equivalence-\(count).geojson"
        let db = folder + "/equivalence-\(count).sqlite"
        for path in [db, db + ".toilets.kdt"] where FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
        try SyntheticToilets.write(count: count, to: source)
        let spec = try PipelineDecoder.decode(
            SyntheticToilets.pipelineYAML, path: "synthetic.yml", baseFolder: folder, defaultName: "synthetic")
        let store = try LocateStore(path: db)
        let report = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) }).run(spec, sourceOverride: source)
        let finder = try ToiletFinder(store: store)
        var mismatches = 0
        if report.run.accepted != count || finder.count != count {
            print("ingest accepted \(report.run.accepted) and indexed \(finder.count) of \(count) points")
            mismatches += 1
        }
        // Row ids follow input order in a fresh database.
        let reprojector = try Reprojector(from: .sJTSK, area: spec.region)
        let points = SyntheticToilets.positions(count: count).enumerated().compactMap { i, xy in
            reprojector.transform(x: xy.x, y: xy.y).map { (id: Int64(i + 1), c: $0) }
        }
        let g = Geodesic()
        var rng = SeededRandom(seed: 99)
        for i in 0..<queries {
            let p = Coordinate(
                latitude: .random(in: 49.90...50.22, using: &rng), longitude: .random(in: 14.15...14.80, using: &rng))
            let k = i % 2 == 0 ? 1 : 10
            let want = BruteForce.nearest(points.map { ($0.id, g.distance(from: p, to: $0.c)) }, limit: k)
            let got = try finder.nearest(to: p, limit: k).map { ($0.rowID, $0.distanceMeters ?? -1) }
            if got.map(\.0) != want.map(\.0) || got.map(\.1) != want.map(\.1) {
                mismatches += 1
                print("mismatch k=\(k) at \(p.latitude),\(p.longitude): index \(got) scan \(want)")
            }
        }
        print(
            "points=\(count) queries=\(queries) mismatches=\(mismatches)",
            "seconds=\(String(format: "%.1f", Date().timeIntervalSince(started)))")
        return mismatches
    }
}
