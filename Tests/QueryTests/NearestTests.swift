import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// Brute force, first half: every active toilet (optionally only wheelchair-accessible or
/// free ones) as row id and position, read once per store.
func activeToilets(_ store: LocateStore, wheelchair: Bool = false, free: Bool = false) throws -> [(Int64, Coordinate)] {
    var sql = "SELECT id, lat, lon FROM toilets WHERE status = 'active'"
    if wheelchair { sql += " AND wheelchair = 'yes'" }
    if free { sql += " AND is_free = 1" }
    return try store.testRows(sql: sql).map { r -> (Int64, Coordinate) in
        (r["id"], Coordinate(latitude: r["lat"], longitude: r["lon"]))
    }
}

/// Brute force, second half: the `limit` nearest of `toilets` to `p` by exact geodesic
/// distance, ties by row id.
func bruteForce(_ toilets: [(Int64, Coordinate)], near p: Coordinate, limit: Int) -> [(Int64, Double)] {
    let g = Geodesic()
    return BruteForce.nearest(toilets.map { ($0.0, g.distance(from: p, to: $0.1)) }, limit: limit)
}

@Suite struct NearestTests {
    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
        arguments: ["prague-toilets-2016", "prague-toilets-2019", "prague-toilets-2026"])
    func equalsBruteForceOnRealData(pipeline: String) throws {
        let store = try storeWith(pipeline)
        let finder = try ToiletFinder(store: store)
        let toilets = try activeToilets(store)
        for (i, p) in randomPoints(300, seed: 7).enumerated() {
            let k = [1, 5, 10, 40][i % 4]
            let got = try finder.nearest(to: p, limit: k).map { ($0.rowID, $0.distanceMeters ?? -1) }
            let want = bruteForce(toilets, near: p, limit: k)
            #expect(got.map(\.0) == want.map(\.0), "k=\(k) at \(p)")
            #expect(got.map(\.1) == want.map(\.1))
        }
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func filtersEqualBruteForce() throws {
        let store = try storeWith("prague-toilets-2026")
        let finder = try ToiletFinder(store: store)
        let accessible = try activeToilets(store, wheelchair: true)
        for p in randomPoints(100, seed: 11) {
            let got = try finder.nearest(to: p, limit: 5, filter: ToiletFilter(wheelchair: true)).map(\.rowID)
            #expect(got == bruteForce(accessible, near: p, limit: 5).map(\.0))
        }
        let s2 = try storeWith("prague-toilets-2019")
        let f2 = try ToiletFinder(store: s2)
        let free = try activeToilets(s2, free: true)
        for p in randomPoints(100, seed: 12) {
            let got = try f2.nearest(to: p, limit: 5, filter: ToiletFilter(free: true)).map(\.rowID)
            #expect(got == bruteForce(free, near: p, limit: 5).map(\.0))
        }
    }

    /// Three toilets at one position, listed out of address order between a nearer and a
    /// farther one: equal distances come back by row id (input order), also when the limit
    /// cuts through the tie.
    @Test func duplicatePositionsTieByRowID() throws {
        let pipeline = """
            name: ties
            kind: toilets
            dataset: ties
            source:
              path: ties.geojson
            timezone: Europe/Prague
            id:
              field: gid
            fields:
              address: ADRESA
            region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
            """
        let features = [
            ("far", 14.4300, 50.0900), ("C", 14.4250, 50.0880), ("near", 14.4215, 50.0876), ("A", 14.4250, 50.0880),
            ("B", 14.4250, 50.0880),
        ]
        .enumerated().map { i, f in
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(f.1),\(f.2)]},\"properties\":{\"gid\":\"t\(i)\",\"ADRESA\":\"\(f.0)\"}}"
        }
        let source = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}", name: "ties.geojson")
        let store = try storeWith("ties", source: source, yaml: pipeline)
        let finder = try ToiletFinder(store: store)
        let p = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let all = try finder.nearest(to: p, limit: 10)
        #expect(all.map(\.address) == ["near", "C", "A", "B", "far"])
        #expect(all.map(\.rowID) == [3, 2, 4, 5, 1])
        #expect(Set(all[1...3].map(\.distanceMeters)).count == 1, "the three share one distance")
        #expect(try finder.nearest(to: p, limit: 2).map(\.rowID) == [3, 2])
        #expect(try finder.nearest(to: p, limit: 3).map(\.rowID) == [3, 2, 4])
    }

    @Test func maxDistanceCapsResults() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let p = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let near = try finder.nearest(to: p, limit: 100, filter: ToiletFilter(maxDistanceMeters: 500))
        let want = bruteForce(try activeToilets(store), near: p, limit: 100).filter { $0.1 <= 500 }
        #expect(near.map(\.rowID) == want.map(\.0))
        #expect(!near.isEmpty)
    }

    @Test func retiredRecordsAreNeverReturned() throws {
        let dir = try Fixtures.temporaryFolder()
        let text = try String(contentsOfFile: Fixtures.repo("datasets/prague-toilets-sample.geojson"), encoding: .utf8)
        let store = try storeWith("prague-toilets-sample")
        let p = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let first = try ToiletFinder(store: store).nearest(to: p, limit: 1)[0]
        // Re-ingest with the nearest record 111 m away under a new address (beyond the 5 m
        // of position matching): a new place, the old one is retired, and the index follows.
        let edited = text.replacingOccurrences(
            of: "\"Staroměstské nám. (sample)\"", with: "\"Staroměstské nám. (sample) přesunuto\""
        ).replacingOccurrences(of: "     50.0874\n", with: "     50.0884\n")
        let path = try Fixtures.write(edited, name: "s.geojson", in: dir)
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/prague-toilets-sample.yml"))
        let r = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1) }).run(spec, sourceOverride: path)
        #expect(r.run.counts == MergeCounts(added: 1, updated: 0, unchanged: 11, retired: 1))
        let after = try ToiletFinder(store: store).nearest(to: p, limit: 12).map(\.rowID)
        #expect(!after.contains(first.rowID))
        #expect(after.count == 12)
    }

    /// 5,000 synthetic S-JTSK points (a tree 13 levels deep) and 100 queries against a scan
    /// that reprojects the source positions itself (row ids are input order in a fresh
    /// database). The same check on 100,000 points and 200 queries runs in release: `bash
    /// bench/equivalence.sh`. (It had 20,000 points: 27 s of a debug build's suite.)
    @Test func syntheticFiveThousandEqualsBruteForce() throws {
        let count = 5_000
        let dir = try Fixtures.temporaryFolder()
        let source = dir.appendingPathComponent("synthetic.geojson").path
        try SyntheticToilets.write(count: count, to: source)
        let store = try storeWith("synthetic", source: source, yaml: SyntheticToilets.pipelineYAML)
        let finder = try ToiletFinder(store: store)
        #expect(finder.count == count)
        let spec = try PipelineDecoder.decode(
            SyntheticToilets.pipelineYAML, path: "s.yml", baseFolder: dir.path, defaultName: "synthetic")
        let reprojector = try Reprojector(from: .sJTSK, area: spec.region)
        let all = try SyntheticToilets.positions(count: count).enumerated().map { i, xy in
            (id: Int64(i + 1), c: try #require(reprojector.transform(x: xy.x, y: xy.y)))
        }
        let g = Geodesic()
        for (i, p) in randomPoints(100, seed: 99).enumerated() {
            let k = i % 2 == 0 ? 1 : 10
            let want = BruteForce.nearest(all.map { ($0.id, g.distance(from: p, to: $0.c)) }, limit: k)
            let got = try finder.nearest(to: p, limit: k)
            #expect(got.map(\.rowID) == want.map(\.0), "k=\(k) at \(p)")
            #expect(got.map(\.distanceMeters) == want.map(\.1))
        }
    }
}
