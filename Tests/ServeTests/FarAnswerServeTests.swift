import Foundation
import LocateTestSupport
import Testing

/// Answers stay local or say why not, alike in the CLI and the API (issue 23: near Rome,
/// rows 3–5 were Prague toilets 915 km away; in Prague with `--free --wheelchair`, every
/// answer was in Paris, 844 km away; neither said a word).
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct FarAnswerServeTests {
    @Test func farResultsAreNamedWithTheReasonInBothAdapters() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("three.sqlite").path
        for p in ["prague-toilets-2019", "osm-toilets-paris", "osm-toilets-rome"] {
            try CLI.ingest(["pipelines/\(p).yml", "--db", db])
        }
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let cases: [(cli: [String], http: String, note: String?)] = [
            (
                ["--near", "41.8986,12.4769", "--at", "2026-11-27T08:00:00+01:00"],
                "lat=41.8986&lon=12.4769&at=2026-11-27T08:00:00%2B01:00",
                "results 3–5 are over 50 km away (915 km and more): only 2 toilets within 50 km of the query point match (only 7 of the 195 toilets within 50 km have opening hours)"
            ),
            (
                ["--near", "50.0875,14.4214", "--free", "--wheelchair"], "lat=50.0875&lon=14.4214&free=true&wheelchair=true",
                "no toilet within 50 km of the query point matches: the nearest result is 844 km away (none of the 242 toilets within 50 km has wheelchair data)"
            ),
            (["--near", "50.0875,14.4214"], "lat=50.0875&lon=14.4214", nil),
        ]
        for c in cases {
            let text = try CLI.run(["toilet"] + c.cli + ["--db", db])
            let json = try CLI.run(["toilet"] + c.cli + ["--json", "--db", db])
            let http = try server.get("/v1/toilets/nearest?\(c.http)")
            #expect(text.status == 0)
            let notes = (http.json["notes"] as? [String]) ?? ["(none)"]
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(json.stdout), "\(c.http)")
            if let note = c.note {
                #expect(notes == [note], "\(c.http)")
                #expect(text.stderr == "note: \(note)\n", "\(c.cli)")
            } else {
                #expect(notes == [], "\(c.http)")
                #expect(text.stderr == "", "\(c.cli)")
            }
        }
    }
}
