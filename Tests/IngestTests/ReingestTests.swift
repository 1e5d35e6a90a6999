import Digests
import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

/// A digest of the toilets table alone (runs are appended on every ingest).
func toiletsDigest(_ store: LocateStore) throws -> String {
    var h = SHA256Hasher()
    for row in try store.testRows(sql: "SELECT * FROM toilets ORDER BY id") { h.update(Array(row.description.utf8)) }
    return h.finalize().hexString
}

/// Writes a modified copy of a GeoJSON file (Foundation's serialiser; tests only).
func editedCopy(of path: String, _ edit: (inout [[String: Any]]) -> Void) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var features = try #require(doc["features"] as? [[String: Any]])
    edit(&features)
    doc["features"] = features
    let out = try JSONSerialization.data(withJSONObject: doc)
    return try Fixtures.write(String(decoding: out, as: UTF8.self), name: "edited.geojson")
}

@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct ReingestTests {
    @Test func sameInputTwiceLeavesToiletsUnchanged() throws {
        let store = try newStore()
        try ingest("prague-toilets-2019", into: store)
        let before = try toiletsDigest(store)
        let again = try ingest("prague-toilets-2019", into: store)
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 242, retired: 0))
        #expect(try toiletsDigest(store) == before)
    }

    /// Regression (content-hash scheme change): rows hashed by an older scheme but equal in
    /// every column are re-hashed and count as unchanged, not as updated.
    @Test func rowsWithAnOlderHashButEqualContentAreUnchanged() throws {
        let store = try newStore()
        try ingest("prague-toilets-2019", into: store)
        let before = try toiletsDigest(store)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "UPDATE toilets SET content_hash = 'older-scheme'") }
        try queue.close()
        let again = try ingest("prague-toilets-2019", into: store)
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 242, retired: 0))
        #expect(try toiletsDigest(store) == before)
    }

    @Test func editedCopyGivesExactCounts() throws {
        let store = try newStore()
        try ingest("prague-toilets-2026", into: store)
        let path = try editedCopy(of: Fixtures.shared("prague-toilets-2026.geojson")) { f in
            f.removeLast(3)  // 3 retired
            for i in 0..<2 {  // 2 updated
                var p = f[i]["properties"] as? [String: Any] ?? [:]
                p["adresa"] = "Upraveno \(i)"
                f[i]["properties"] = p
            }
            var added = f[10]  // 1 added: a copy with a new globalid
            var p = added["properties"] as? [String: Any] ?? [:]
            p["globalid"] = "{00000000-0000-0000-0000-000000000001}"
            added["properties"] = p
            f.append(added)
        }
        let r = try ingest("prague-toilets-2026", into: store, source: path)
        #expect(r.run.counts == MergeCounts(added: 1, updated: 2, unchanged: 453, retired: 3))
        let retired = try store.testRows(sql: "SELECT count(*) AS n FROM toilets WHERE status = 'retired'")
        #expect(retired.first?["n"] == 3)
        // The original again: the 3 come back (reactivated), the 2 edits revert (updated), the
        // extra retires.
        let back = try ingest("prague-toilets-2026", into: store)
        #expect(back.run.counts == MergeCounts(added: 0, updated: 2, unchanged: 453, retired: 1, reactivated: 3))
    }

    @Test func derivedIDsSurviveASmallMove() throws {
        let store = try newStore()
        try ingest("prague-toilets-2019", into: store)
        let path = try editedCopy(of: Fixtures.shared("prague-toilets-2019.geojson")) { f in
            var g = f[0]["geometry"] as? [String: Any] ?? [:]
            let c = g["coordinates"] as? [Double] ?? []
            g["coordinates"] = [c[0] + 0.00002, c[1]]  // about 1.4 m east
            f[0]["geometry"] = g
        }
        let r = try ingest("prague-toilets-2019", into: store, source: path)
        #expect(r.run.counts == MergeCounts(added: 0, updated: 1, unchanged: 241, retired: 0))
    }
}
