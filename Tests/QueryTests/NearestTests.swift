import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Query
import Storage
import Testing

/// Brute force: every active toilet, exact geodesic distance, sorted by (distance, row id).
func bruteForce(_ store: LocateStore, near p: Coordinate, limit: Int, wheelchair: Bool = false, free: Bool = false) throws
    -> [(Int64, Double)]
{
    var sql = "SELECT id, lat, lon FROM toilets WHERE status = 'active'"
    if wheelchair { sql += " AND wheelchair = 'yes'" }
    if free { sql += " AND is_free = 1" }
    let g = Geodesic()
    let all = try store.testRows(sql: sql).map { r -> (Int64, Double) in
        (r["id"], g.distance(from: p, to: Coordinate(latitude: r["lat"], longitude: r["lon"])))
    }
    return Array(all.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit))
}

func storeWith(_ pipeline: String, source: String? = nil, yaml: String? = nil) throws -> LocateStore {
    let dir = Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("q.sqlite").path)
    let spec: PipelineSpec
    if let yaml {
        spec = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: dir.path, defaultName: pipeline)
    } else {
        spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(pipeline).yml"))
    }
    _ = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) }).run(spec, sourceOverride: source)
    return store
}

func randomPoints(_ n: Int, seed: UInt64, lat: ClosedRange<Double> = 49.90...50.22, lon: ClosedRange<Double> = 14.15...14.80)
    -> [Coordinate]
{
    var rng = SeededRandom(seed: seed)
    return (0..<n).map { _ in Coordinate(latitude: .random(in: lat, using: &rng), longitude: .random(in: lon, using: &rng)) }
}

@Suite struct NearestTests {
    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
        arguments: ["prague-toilets-2016", "prague-toilets-2019", "prague-toilets-2026"])
    func equalsBruteForceOnRealData(pipeline: String) throws {
        let store = try storeWith(pipeline)
        let finder = try ToiletFinder(store: store)
        for (i, p) in randomPoints(300, seed: 7).enumerated() {
            let k = [1, 5, 10, 40][i % 4]
            let got = try finder.nearest(to: p, limit: k).map { ($0.rowID, $0.distanceMeters) }
            let want = try bruteForce(store, near: p, limit: k)
            #expect(got.map(\.0) == want.map(\.0), "k=\(k) at \(p)")
            #expect(got.map(\.1) == want.map(\.1))
        }
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func filtersEqualBruteForce() throws {
        let store = try storeWith("prague-toilets-2026")
        let finder = try ToiletFinder(store: store)
        for p in randomPoints(100, seed: 11) {
            let got = try finder.nearest(to: p, limit: 5, filter: ToiletFilter(wheelchair: true)).map(\.rowID)
            #expect(got == (try bruteForce(store, near: p, limit: 5, wheelchair: true)).map(\.0))
        }
        let s2 = try storeWith("prague-toilets-2019")
        let f2 = try ToiletFinder(store: s2)
        for p in randomPoints(100, seed: 12) {
            let got = try f2.nearest(to: p, limit: 5, filter: ToiletFilter(free: true)).map(\.rowID)
            #expect(got == (try bruteForce(s2, near: p, limit: 5, free: true)).map(\.0))
        }
    }

    @Test func duplicatePositionsTieByRowID() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let all = try finder.nearest(to: Coordinate(latitude: 50.0875, longitude: 14.4214), limit: 100)
        #expect(all.count == 12)
        #expect(all.map(\.distanceMeters) == all.map(\.distanceMeters).sorted())
    }

    @Test func maxDistanceCapsResults() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let p = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let near = try finder.nearest(to: p, limit: 100, filter: ToiletFilter(maxDistanceMeters: 500))
        let want = try bruteForce(store, near: p, limit: 100).filter { $0.1 <= 500 }
        #expect(near.map(\.rowID) == want.map(\.0))
        #expect(!near.isEmpty)
    }

    @Test func retiredRecordsAreNeverReturned() throws {
        let dir = Fixtures.temporaryFolder()
        let text = try String(contentsOfFile: Fixtures.repo("datasets/prague-toilets-sample.geojson"), encoding: .utf8)
        let store = try storeWith("prague-toilets-sample")
        let p = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let first = try ToiletFinder(store: store).nearest(to: p, limit: 1)[0]
        // Re-ingest without the nearest record: it is retired, and the index follows.
        let edited = text.replacingOccurrences(
            of: "\"Staroměstské nám. (sample)\"", with: "\"Staroměstské nám. (sample) přesunuto\"")
        let path = Fixtures.write(edited, name: "s.geojson", in: dir)
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/prague-toilets-sample.yml"))
        let r = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1) }).run(spec, sourceOverride: path)
        #expect(r.run.counts == MergeCounts(added: 1, updated: 0, unchanged: 11, retired: 1))
        let after = try ToiletFinder(store: store).nearest(to: p, limit: 12).map(\.rowID)
        #expect(!after.contains(first.rowID))
        #expect(after.count == 12)
    }

    @Test func syntheticHundredThousandEqualsBruteForce() throws {
        let dir = Fixtures.temporaryFolder()
        let source = dir.appendingPathComponent("synthetic.geojson").path
        try SyntheticToilets.write(count: 100_000, to: source)
        let store = try storeWith("synthetic", source: source, yaml: SyntheticToilets.pipelineYAML)
        let finder = try ToiletFinder(store: store)
        #expect(finder.count == 100_000)
        let all = try store.testRows(sql: "SELECT id, lat, lon FROM toilets").map {
            (id: $0["id"] as Int64, c: Coordinate(latitude: $0["lat"], longitude: $0["lon"]))
        }
        let g = Geodesic()
        for (i, p) in randomPoints(200, seed: 99).enumerated() {
            let k = i % 2 == 0 ? 1 : 10
            let want = all.map { ($0.id, g.distance(from: p, to: $0.c)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(k)
            let got = try finder.nearest(to: p, limit: k)
            #expect(got.map(\.rowID) == want.map(\.0))
            #expect(got.map(\.distanceMeters) == want.map(\.1))
        }
    }
}
