import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

/// Ingests of the real IPR Praha snapshots in ../shared/datasets.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct RealPragueDataTests {
    /// Expected counts: read, accepted, rejected. Every reject is an exact duplicate of an
    /// earlier feature (same address and position; PROVENANCE.md lists them).
    @Test(arguments: [
        ("prague-toilets-2016", 247, 239, [16, 80, 81, 82, 83, 96, 101, 105]),
        ("prague-toilets-sjtsk", 247, 239, [16, 80, 81, 82, 83, 96, 101, 105]),
        ("prague-toilets-2019", 244, 242, [41, 105]),
        ("prague-toilets-2026", 458, 458, []),
    ])
    func ingestsWithExplainedRejects(pipeline: String, read: Int, accepted: Int, rejectedIndexes: [Int]) throws {
        let report = try ingest(pipeline, into: try newStore())
        #expect(report.run.read == read)
        #expect(report.run.accepted == accepted)
        #expect(report.run.counts == MergeCounts(added: accepted, updated: 0, unchanged: 0, retired: 0))
        #expect(report.rejected.map(\.index) == rejectedIndexes)
        #expect(report.rejected.allSatisfy { $0.field == "id" && $0.reason.hasPrefix("duplicate id, first seen at feature ") })
    }

    @Test func warningsCountBlankAndMissingFields2019() throws {
        let report = try ingest("prague-toilets-2019", into: try newStore())
        var counts: [String: Int] = [:]
        for w in report.warnings { counts["\(w.field): \(w.reason)", default: 0] += 1 }
        #expect(counts["ADRESA: address is blank"] == 53)
        #expect(counts["ADRESA: address is missing"] == 53)
        #expect(counts["OTEVRENO: opening hours missing"] == 13)
        #expect(counts["CENA: price missing"] == 6)
        #expect(counts["OTEVRENO: hours interpreted: léto read as Apr-Sep; zima read as Oct-Mar"] == 4)
        #expect(counts["OTEVRENO: hours interpreted: dušičky read as Nov 01-02"] == 1)
        #expect(counts["OTEVRENO: hours not understood, stored as unknown: not a schedule: 'nejasná' in 'nejasná'"] == 1)
        // OSM syntax with a tolerated variant is read and reported with its canonical form (issue 11).
        #expect(counts["OTEVRENO: hours corrected: at character 1: '5:00' read as '05:00' (hours have two digits)"] == 1)
        // Bare hours (`6-21 h`) are read with a correction each (issue 23 item 5): 32 records.
        let corrected = report.warnings.filter { $0.reason.hasPrefix("hours corrected: ") }
        #expect(corrected.filter { $0.reason.contains("(times are written hh:mm, with minutes)") }.count == 32)
        #expect(corrected.count == 33)
        #expect(report.warnings.count == 167)
    }

    @Test func sJTSKTwinLandsWithinTenCentimetres() throws {
        let a = try newStore()
        let b = try newStore()
        try ingest("prague-toilets-2016", into: a)
        let r = try ingest("prague-toilets-sjtsk", into: b)
        #expect(r.run.sourceCRS == "EPSG:5514")
        #expect(r.run.projOperation?.contains("S-JTSK to WGS 84") == true)
        let sql = "SELECT properties, lat, lon FROM toilets ORDER BY properties"
        let rowsA = try a.testRows(sql: sql)
        let rowsB = try b.testRows(sql: sql)
        #expect(rowsA.count == 239)
        #expect(rowsA.count == rowsB.count)
        var worst = 0.0
        for (x, y) in zip(rowsA, rowsB) {
            #expect(x["properties"] as String == y["properties"] as String)
            let d = Geodesic().distance(
                from: Coordinate(latitude: x["lat"], longitude: x["lon"]), to: Coordinate(latitude: y["lat"], longitude: y["lon"])
            )
            worst = max(worst, d)
        }
        #expect(worst < 0.10)
        #expect(worst > 0.04)  // the published pair differs by 4.9-5.2 cm; 0 would mean no transform happened
    }

    @Test func reingestChangesNothing() throws {
        let store = try newStore()
        // The same dataset: 2026 retires 2019's records (its ids are another scheme: a mass
        // retirement, allowed here), and each repeat changes nothing.
        for (name, accepted) in [("prague-toilets-2019", 242), ("prague-toilets-2026", 458)] {
            let first = try ingest(name, into: store, allowMassRetire: true)
            #expect(first.run.accepted == accepted)
            let before = try toiletsDigest(store)
            let again = try ingest(name, into: store)
            #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: accepted, retired: 0), "\(name)")
            #expect(try toiletsDigest(store) == before, "\(name): the toilets table changed on a repeated ingest")
        }
    }

    @Test func sJTSKAfterWGS84KeepsEveryDerivedID() throws {
        let store = try newStore()
        try ingest("prague-toilets-2016", into: store)
        let r = try ingest("prague-toilets-sjtsk", into: store)
        // Same records 5 cm apart: every id is matched, each counts as updated (it moved).
        #expect(r.run.counts == MergeCounts(added: 0, updated: 239, unchanged: 0, retired: 0))
    }
}
