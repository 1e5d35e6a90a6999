import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// The bulk paths (a fresh dataset, and ≥ 20,000 additions to an existing one) pack the
/// R*Tree themselves: it must pass SpatiaLite's and SQLite's own checks. A fresh dataset of
/// 5,000 points, then exactly 20,000 more (the bulk threshold).
@Suite struct BulkMergeTests {
    @Test(.enabled(if: Fixtures.haveTool("spatialite") && Fixtures.haveTool("sqlite3"), "spatialite or sqlite3 CLI missing"))
    func packedRTreePassesBothChecksAfterABulkMerge() throws {
        let dir = try Fixtures.temporaryFolder()
        let small = dir.appendingPathComponent("small.geojson").path
        let large = dir.appendingPathComponent("large.geojson").path
        try SyntheticToilets.write(count: 5_000, to: small)
        try SyntheticToilets.write(count: 25_000, to: large)  // same seed: the first 5,000 are equal
        let db = dir.appendingPathComponent("b.sqlite").path
        let store = try LocateStore(path: db)
        let spec = try PipelineDecoder.decode(
            SyntheticToilets.pipelineYAML, path: "s.yml", baseFolder: dir.path, defaultName: "s")
        let runner = IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) })
        let first = try runner.run(spec, sourceOverride: small)
        #expect(first.run.counts == MergeCounts(added: 5_000, updated: 0, unchanged: 0, retired: 0))
        let second = try runner.run(spec, sourceOverride: large)
        #expect(second.run.counts == MergeCounts(added: 20_000, updated: 0, unchanged: 5_000, retired: 0))
        let check = try Fixtures.shell("spatialite -silent '\(db)' \"SELECT CheckSpatialIndex('toilets', 'geom')\"")
        #expect(check.stdout.split(separator: "\n").last == "1")
        let rtree = try Fixtures.shell(
            "sqlite3 '\(db)' \"SELECT rtreecheck('idx_toilets_geom'); SELECT count(*) FROM idx_toilets_geom\"")
        #expect(rtree.stdout == "ok\n25000\n")
        let triggers = try store.testRows(
            sql: "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'toilets'")
        // SpatiaLite's eight and the data nonce's three (`DataNonce`), all put back.
        #expect(triggers.first?["n"] == 11)
        // A window query through the R*Tree finds exactly what a scan finds.
        let viaIndex = try store.testRows(
            sql:
                "SELECT count(*) AS n FROM idx_toilets_geom WHERE xmin <= 14.45 AND xmax >= 14.40 AND ymin <= 50.10 AND ymax >= 50.06"
        )
        let viaScan = try store.testRows(
            sql: "SELECT count(*) AS n FROM toilets WHERE lon BETWEEN 14.40 AND 14.45 AND lat BETWEEN 50.06 AND 50.10")
        #expect(viaIndex.first?["n"] as Int? == viaScan.first?["n"] as Int?)
    }
}
