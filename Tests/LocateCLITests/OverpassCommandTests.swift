import Foundation
import LocateTestSupport
import Testing

/// `locate ingest` with OpenStreetMap pipelines, end to end: the bundled Overpass sample, and
/// the live template (its region edited, as its comments say) against a fake Overpass
/// interpreter on 127.0.0.1, saved by default and replayed with the server gone.
@Suite(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
struct OverpassCommandTests {
    @Test func theBundledOverpassSampleIngests() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("o.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-sample.yml", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr == """
                ingested osm-toilets-sample into \(db) (run 1, dataset osm-toilets-sample): read 5, accepted 5, rejected 0, warnings 2
                changes: 5 added, 0 updated, 0 unchanged, 0 retired, 0 reactivated
                warnings: 2× opening_hours: opening hours missing (all in --report FILE)

                """)
    }

    @Test func theLiveTemplateFetchesSavesAndReplays() throws {
        let server = try TestServer(python: [
            Fixtures.repo("Tests/Support/fake_overpass.py"), Fixtures.repo("datasets/osm-toilets-sample.overpass.json"),
        ])
        defer { server.stop() }
        let folder = try Fixtures.temporaryFolder()
        // The template with its region moved to Paris (and the zone and country with it).
        let template = try String(contentsOfFile: Fixtures.repo("pipelines/osm-toilets-overpass.yml"), encoding: .utf8)
        let edited =
            template
            .replacingOccurrences(
                of: "region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }",
                with: "region: { west: 2.22, south: 48.81, east: 2.47, north: 48.91 }"
            )
            .replacingOccurrences(of: "timezone: Europe/Prague", with: "timezone: Europe/Paris")
            .replacingOccurrences(of: "country: CZ\n", with: "")
        #expect(edited != template)
        let pipeline = try Fixtures.write(edited, name: "osm-toilets-overpass.yml", in: folder)
        let db = folder.appendingPathComponent("live.sqlite").path
        let endpoint = "http://127.0.0.1:\(server.port)/ok/api/interpreter"
        let live = try CLI.run(["ingest", pipeline, "--source", endpoint, "--db", db])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(
            live.stderr.hasPrefix(
                "ingested osm-toilets-overpass into \(db) (run 1, dataset osm-toilets-prague): read 5, accepted 5"))
        let runs = try FileManager.default.contentsOfDirectory(atPath: db + ".responses")
        #expect(runs.count == 1)
        let saved = db + ".responses/" + (runs.first ?? "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved).sorted() == ["00001.json", "index.tsv"])
        server.stop()
        let replay = try CLI.run(["ingest", pipeline, "--source", endpoint, "--replay", saved, "--db", db])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stderr.contains("changes: 0 added, 0 updated, 5 unchanged, 0 retired, 0 reactivated"))
        // A GeoJSON pipeline cannot replay.
        let refused = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--replay", saved, "--db", db])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasSuffix(
                "prague-toilets-sample.geojson: --replay reads saved API answers: air pipelines, station lists and Overpass pipelines with a url\n"
            ))
    }

    @Test func aRemarkWithAnErrorFailsWithExit1AndChangesNothing() throws {
        let server = try TestServer(python: [
            Fixtures.repo("Tests/Support/fake_overpass.py"), Fixtures.repo("datasets/osm-toilets-sample.overpass.json"),
        ])
        defer { server.stop() }
        let db = try Fixtures.temporaryFolder().appendingPathComponent("r.sqlite").path
        let endpoint = "http://127.0.0.1:\(server.port)/remark/api/interpreter"
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-sample.yml", "--source", endpoint, "--db", db, "--json"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"\(endpoint): the Overpass server reports an error in its answer (remark: 'runtime error: Query timed out in \\\"query\\\" at line 3 after 26 seconds.'); the answer may be incomplete, so nothing was stored (a smaller region or a longer query_timeout may help)\"},\"schema\":\"error/1\"}\n"
        )
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
