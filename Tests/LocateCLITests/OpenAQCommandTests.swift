import Foundation
import LocateTestSupport
import Testing

/// OpenAQ as a station source end to end: the bundled sample (files), and the live client
/// against a fake OpenAQ API v3 on 127.0.0.1 (`Tests/Support/fake_openaq.py`): a key from
/// the environment only, 401, 429 with Retry-After, a list that never ends, a page larger
/// than asked for, the request budget, and a saved run replayed offline.
@Suite struct OpenAQCommandTests {
    static func sampleDatabase() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("openaq.sqlite").path
        for pipeline in ["openaq-stations-sample", "openaq-air-sample"] {
            try CLI.ingest(["pipelines/\(pipeline).yml", "--db", db])
        }
        return db
    }

    @Test func theSampleAnswersWithBothIndexesAndTheEAQIAlert() throws {
        let db = try Self.sampleDatabase()
        let r = try CLI.run([
            "station", "--near", "50.07,14.43", "--at", "2026-11-21T20:30", "--tz", "Europe/Prague", "--limit", "2", "--alert",
            "eaqi>=moderate", "--json", "--db", db,
        ])
        #expect(r.status == 4)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["openaq-sample/openaq-9101", "openaq-sample/openaq-9102"])
        // OpenAQ has no index of its own; the EAQI is computed for every source.
        #expect(results[0]["index"] is NSNull)
        let eaqi = try #require(results[0]["eaqi"] as? [String: Any])
        #expect(eaqi["version"] as? String == "eea-eaqi-2024")
        #expect(eaqi["level"] as? Int == 3)
        #expect(eaqi["band"] as? String == "moderate")
        #expect(eaqi["dominant_pollutant"] as? String == "PM2.5")
        let parts = try #require(eaqi["pollutants"] as? [[String: Any]])
        #expect(parts.map { $0["pollutant"] as? String } == ["PM2.5", "PM10", "NO2", "O3"])
        // Each on its newest hour; on a tie the first in the table's order sets the level.
        #expect(parts.map { $0["value"] as? Double } == [35, 48, 57.4, 39.9])
        #expect(parts.map { $0["band"] as? String } == ["moderate", "moderate", "moderate", "good"])
        let readings = try #require(results[0]["readings"] as? [[String: Any]])
        let no2 = try #require(readings.first { $0["pollutant"] as? String == "NO2" })
        #expect(no2["unit"] as? String == "µg/m³")
        #expect(no2["source_unit"] as? String == "ppb")
        #expect(no2["conversion"] as? String == "ppb × 1.9125 (NO2, 46.0055 g/mol, at 20 °C and 1013.25 hPa)")
        #expect(no2["quality"] as? String == "ok")
        // Brno: its newest PM2.5 hour is flagged; SO2 alone is good, so the station is not called good.
        let brno = try #require(results[1]["eaqi"] as? [String: Any])
        #expect(brno["level"] is NSNull)
        #expect((brno["pollutants"] as? [[String: Any]])?.map { $0["status"] as? String } == ["flagged", "judged"])
        let alerts = try #require(doc["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["rule"] as? String } == ["eaqi>=moderate"])
        #expect((alerts.first?["eaqi"] as? [String: Any])?["band"] as? String == "moderate")
        let unjudged = try #require(doc["unjudged"] as? [[String: Any]])
        #expect(
            unjudged.map { $0["message"] as? String } == [
                "eaqi>=moderate cannot be judged for Brno - Tuřany (sample) (openaq-9102): no EAQI level (PM2.5 flagged, SO2 judged)"
            ])
    }

    // MARK: the live client

    final class FakeAPI {
        let server: TestServer
        let log: String
        let folder: URL

        init() throws {
            folder = try Fixtures.temporaryFolder()
            log = folder.appendingPathComponent("requests.log").path
            FileManager.default.createFile(atPath: log, contents: nil)
            server = try TestServer(python: [
                Fixtures.repo("Tests/Support/fake_openaq.py"), Fixtures.repo("datasets/openaq-locations-sample.json"),
                Fixtures.repo("datasets/openaq-air-sample"), log,
            ])
        }

        /// The requests the server saw: path and query, and whether a key came with it.
        var requests: [String] {
            (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        }

        /// A pipeline of `kind` against `/MODE/v3` with `extra` source keys.
        func pipeline(_ kind: String, mode: String, extra: String = "") throws -> String {
            let path = folder.appendingPathComponent("\(kind)-\(mode).yml").path
            let region = kind == "stations" ? "region: { west: 12.0, south: 48.5, east: 18.9, north: 51.1 }\n" : ""
            let text = """
                kind: \(kind)
                dataset: openaq-live
                source:
                  url: http://127.0.0.1:\(server.port)/\(mode)/v3
                  format: openaq
                  select: { country: CZ }
                  requests_per_minute: 6000
                \(extra)timezone: Europe/Prague
                \(region)
                """
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        deinit { server.stop() }
    }

    static let key = ["OPENAQ_API_KEY": "test-key"]

    @Test func withoutAKeyNothingIsAsked() throws {
        let api = try FakeAPI()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("k.sqlite").path
        let r = try CLI.run(["ingest", try api.pipeline("stations", mode: "ok"), "--db", db], env: ["OPENAQ_API_KEY": ""])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: the OpenAQ API needs an API key: set OPENAQ_API_KEY in the environment (it is never read from the pipeline)\n"
        )
        #expect(api.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aRefusedKeyIsSaidAsSuch() throws {
        let api = try FakeAPI()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("k.sqlite").path
        let r = try CLI.run(["ingest", try api.pipeline("stations", mode: "ok"), "--db", db], env: ["OPENAQ_API_KEY": "wrong"])
        #expect(r.status == 1)
        let url = "http://127.0.0.1:\(api.server.port)/ok/v3/locations?bbox=12,48.5,18.9,51.1&iso=CZ&limit=1000"
        #expect(r.stderr == "error: \(url): cannot read: HTTP status 401: the API refused the key in OPENAQ_API_KEY\n")
        // Final: a refused key is not retried; the key went in a header, never in the URL.
        #expect(api.requests == ["/ok/v3/locations?bbox=12,48.5,18.9,51.1&iso=CZ&limit=1000\tkey"])
    }

    @Test func aLiveRunHonoursRetryAfterAndReplaysOffline() throws {
        let api = try FakeAPI()
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("live.sqlite").path
        let saved = dir.appendingPathComponent("answers").path
        let start = Date()
        let stations = try CLI.run(
            ["ingest", try api.pipeline("stations", mode: "rate"), "--db", db, "--save-responses", saved], env: Self.key)
        #expect(stations.status == 0, "\(stations.stderr)")
        // 429 with Retry-After: 1, then the answer: the wait was the server's.
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(api.requests.count == 2)
        let air = try CLI.run(
            ["ingest", try api.pipeline("air", mode: "rate", extra: "  history_hours: 24\n"), "--db", db], env: Self.key)
        #expect(air.status == 0, "\(air.stderr)")
        // Per location its latest values, per selected sensor with a value its measurements.
        #expect(api.requests.count == 2 + 2 + 6)
        #expect(api.requests.allSatisfy { $0.hasSuffix("\tkey") && !$0.contains("test-key") })
        let savedText = try FileManager.default.contentsOfDirectory(atPath: saved).map {
            try String(contentsOfFile: saved + "/" + $0, encoding: .utf8)
        }.joined()
        #expect(!savedText.contains("test-key"))
        // The saved answers replay without the network or a key.
        let other = dir.appendingPathComponent("replayed.sqlite").path
        let replayed = try CLI.run(
            ["ingest", try api.pipeline("stations", mode: "rate"), "--db", other, "--replay", saved, "--json"],
            env: ["OPENAQ_API_KEY": ""])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("\"accepted\" : 2"))
        #expect(api.requests.count == 10)
    }

    @Test(arguments: [
        ("loop", "  max_pages: 3\n", 3, "the list has more than 3 pages (source.max_pages)"),
        ("huge", "", 1, "not an OpenAQ API answer: the page holds 1001 results, more than the 1000 asked for"),
        ("ok", "  max_requests: 3\n", 3, "the run needs more than 3 requests (source.max_requests)"),
    ])
    func boundedListsFailChangingNothing(mode: String, extra: String, requests: Int, reason: String) throws {
        let api = try FakeAPI()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("b.sqlite").path
        if mode == "ok" {
            // The budget is per run: the air run of two locations needs 8 requests.
            let setup = try CLI.run(["ingest", try api.pipeline("stations", mode: "ok"), "--db", db], env: Self.key)
            try #require(setup.status == 0, "setup: \(setup.stderr)")
        }
        let before = api.requests.count
        let kind = mode == "ok" ? "air" : "stations"
        let r = try CLI.run(["ingest", try api.pipeline(kind, mode: mode, extra: extra), "--db", db], env: Self.key)
        #expect(r.status == 1)
        #expect(r.stderr.contains(reason), "\(r.stderr)")
        #expect(api.requests.count - before == requests)
    }
}
