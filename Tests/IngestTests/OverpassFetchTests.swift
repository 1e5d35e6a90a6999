import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Live Overpass pipelines against a fake interpreter on 127.0.0.1
/// (Tests/Support/fake_overpass.py, serving the OSM sample): the query the pipeline builds,
/// answers saved and replayed, and every failure leaving the database as it was with a
/// message naming the endpoint.
@Suite(.serialized) struct OverpassFetchTests {
    static let region = "{ west: 2.22, south: 48.81, east: 2.47, north: 48.91 }"

    static func pipeline(extra: String = "") -> String {
        """
        name: osm-live
        kind: toilets
        dataset: osm-live
        source:
          url: https://overpass.invalid/api/interpreter
          format: overpass
        \(extra)
        timezone: Europe/Paris
        fields:
          name: name
          hours: opening_hours
        region: \(region)
        """
    }

    let server: TestServer

    init() throws {
        server = try TestServer(python: [
            Fixtures.repo("Tests/Support/fake_overpass.py"), Fixtures.repo("datasets/osm-toilets-sample.overpass.json"),
        ])
    }

    func endpoint(_ mode: String) -> String { "http://127.0.0.1:\(server.port)/\(mode)/api/interpreter" }

    func runner(_ store: LocateStore, deadline: Double = 200) -> IngestRunner {
        var r = IngestRunner(store: store, clock: fixedClock)
        r.httpLimits.deadlineSeconds = deadline
        r.retryBackoffSeconds = 0.05
        return r
    }

    func spec(_ text: String = OverpassFetchTests.pipeline()) throws -> PipelineSpec {
        try PipelineDecoder.decode(text, path: "p.yml", baseFolder: "/", defaultName: "p")
    }

    func lastQuery() throws -> String {
        let r = try Fixtures.shell("curl -s http://127.0.0.1:\(server.port)/last-query")
        return r.stdout
    }

    @Test func theQueryIsBuiltFromTheRegionFiltersAndTimeout() throws {
        let s = try spec()
        #expect(
            s.overpass.text(region: s.region) == """
                [out:json][timeout:120];
                (
                  nwr["amenity"="toilets"](48.81,2.22,48.91,2.47);
                  nwr["toilets"="yes"]["amenity"](48.81,2.22,48.91,2.47);
                );
                out center;
                """)
        let custom = try spec(
            Self.pipeline(extra: "  query_timeout: 30\n  filters: [\"amenity=toilets,wheelchair=yes\", \"toilets:disposal\"]"))
        #expect(
            custom.overpass.text(region: custom.region) == """
                [out:json][timeout:30];
                (
                  nwr["amenity"="toilets"]["wheelchair"="yes"](48.81,2.22,48.91,2.47);
                  nwr["toilets:disposal"](48.81,2.22,48.91,2.47);
                );
                out center;
                """)
        let area = try spec(Self.pipeline(extra: "  area: Paris"))
        #expect(
            area.overpass.text(region: area.region) == """
                [out:json][timeout:120];
                area["boundary"="administrative"]["name"="Paris"]->.searchArea;
                (
                  nwr["amenity"="toilets"](area.searchArea)(48.81,2.22,48.91,2.47);
                  nwr["toilets"="yes"]["amenity"](area.searchArea)(48.81,2.22,48.91,2.47);
                );
                out center;
                """)
        #expect(
            s.overpass.url(endpoint: "https://e/i", region: s.region).hasPrefix(
                "https://e/i?data=%5Bout%3Ajson%5D%5Btimeout%3A120%5D%3B%0A%28"))
    }

    @Test(arguments: [
        (
            "  filters: [\"amenity=\\\"x\\\"\"]",
            "p.yml:7: invalid pipeline: filters: 'amenity=\"x\"': the character '\"' is not allowed in a tag key or value"
        ),
        (
            "  filters: [\"amenity=toilets,\"]",
            "p.yml:7: invalid pipeline: filters: 'amenity=toilets,' has an empty key or value (write key=value or key, comma-separated)"
        ),
        ("  filters: []", "p.yml:7: invalid pipeline: filters: the list is empty (omit it for the default)"),
        ("  area: \"Paris]\"", "p.yml:7: invalid pipeline: area: 'Paris]': the character ']' is not allowed in an area name"),
        ("  query_timeout: 0", "p.yml:7: invalid pipeline: query_timeout: 0.0 is not a whole number of seconds from 1 to 3600"),
    ])
    func badQueryKeysAreRefused(extra: String, message: String) throws {
        #expect(throws: (any Error).self) { try spec(Self.pipeline(extra: extra)) }
        do { _ = try spec(Self.pipeline(extra: extra)) } catch { #expect("\(error)" == message) }
    }

    @Test func aLiveRunSendsTheQuerySavesTheAnswerAndReplaysIt() async throws {
        let store = try newStore()
        let saved = try Fixtures.temporaryFolder().appendingPathComponent("answers").path
        let s = try spec()
        let report = try await runner(store).run(s, sourceOverride: endpoint("ok"), saveResponses: saved)
        #expect(report.run.accepted == 5)
        #expect(report.run.source == endpoint("ok"))
        #expect(try lastQuery() == s.overpass.text(region: s.region))
        let index = try String(contentsOfFile: saved + "/index.tsv", encoding: .utf8)
        #expect(index.hasPrefix(s.overpass.url(endpoint: endpoint("ok"), region: s.region) + "\t00001.json\t"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: saved + "/00001.json"))
                == Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("datasets/osm-toilets-sample.overpass.json"))))
        #expect(IngestRunner.readsAPI(s, sourceOverride: endpoint("ok")))
        // Offline: the server is gone, the saved answer stands in for it.
        server.stop()
        let replayed = try newStore()
        let again = try await runner(replayed).run(s, sourceOverride: endpoint("ok"), replay: saved)
        #expect(again.run.accepted == 5)
        let sql = "SELECT source_id, content_hash FROM toilets ORDER BY source_id"
        #expect(try store.testRows(sql: sql) == replayed.testRows(sql: sql))
        // Another region is another request: not in the folder.
        var other = s
        other.region.maxLatitude = 48.92
        await #expect(
            throws: IngestError.unreadable(
                path: other.overpass.url(endpoint: endpoint("ok"), region: other.region),
                reason: "not in the replay folder \(saved)")
        ) {
            try await runner(replayed).run(other, sourceOverride: endpoint("ok"), replay: saved)
        }
    }

    @Test func a429WithRetryAfterIsWaitedOutAndRetried() async throws {
        let started = Date()
        let report = try await runner(try newStore()).run(try spec(), sourceOverride: endpoint("busy-once"))
        #expect(report.run.accepted == 5)
        #expect(Date().timeIntervalSince(started) >= 1)
    }

    /// Each failure: the message, and a database exactly as before.
    func expectFailure(
        _ mode: String, deadline: Double = 200, pipeline: String = OverpassFetchTests.pipeline(), _ message: (String) -> String
    ) async throws {
        let store = try newStore()
        _ = try await runner(store).run(try spec(), sourceOverride: endpoint("ok"))
        let before = try store.contentDigest()
        do {
            _ = try await runner(store, deadline: deadline).run(try spec(pipeline), sourceOverride: endpoint(mode))
            Issue.record("the \(mode) answer was ingested")
        } catch {
            #expect("\(error)" == message(endpoint(mode)))
        }
        #expect(try store.contentDigest() == before)
    }

    @Test func aSlowAnswerEndsAtTheDeadline() async throws {
        try await expectFailure("slow", deadline: 1.5, pipeline: Self.pipeline(extra: "  query_timeout: 1")) {
            "\($0): cannot read: no complete answer within the 1.5 s deadline"
        }
    }

    /// A query the server may run longer than the HTTP deadline allows is refused before any
    /// request (regression: query_timeout 1200 passed, and the fetch was killed at 300 s).
    @Test func aQueryTimeoutBeyondTheDeadlineIsRefusedAtOnce() async throws {
        try await expectFailure("ok", deadline: 300, pipeline: Self.pipeline(extra: "  query_timeout: 1200")) {
            "\($0): source.query_timeout 1200 s does not fit in the HTTP deadline of 300 s: lower query_timeout or raise --http-deadline"
        }
    }

    @Test func a429EveryTimeFailsAfterTheTries() async throws {
        try await expectFailure("busy") { "\($0): cannot read: HTTP status 429 after 4 tries" }
    }

    @Test func a429AskingForTooLongAWaitFailsAtOnce() async throws {
        try await expectFailure("busy-long") {
            "\($0): cannot read: HTTP status 429: the server asks to retry after 86400 s, more than the 120 s this run waits"
        }
    }

    @Test func aRemarkWithARuntimeErrorInA200AnswerIsAnError() async throws {
        try await expectFailure("remark") {
            "\($0): the Overpass server reports an error in its answer (remark: 'runtime error: Query timed out in \"query\" at line 3 after 26 seconds.'); the answer may be incomplete, so nothing was stored (a smaller region or a longer query_timeout may help)"
        }
    }

    @Test func truncatedJSONIsAnError() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("datasets/osm-toilets-sample.overpass.json")))
        let half = data.prefix(data.count / 2)
        let line = half.filter { $0 == 0x0A }.count + 1
        #expect(line == 38)
        try await expectFailure("truncated") { "\($0):\(line): malformed JSON at byte \(half.count): unexpected end of input" }
    }

    @Test func aDownloadedOSMGeoJSONFileIsNamedByItsURLInErrors() async throws {
        let text = Self.pipeline().replacingOccurrences(of: "format: overpass", with: "format: osm-geojson")
        let url = endpoint("truncated") + "?data=%5Bout%3Ajson%5D"
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("datasets/osm-toilets-sample.overpass.json")))
        await #expect(
            throws: IngestError.malformedJSON(
                path: url, JSONSyntaxError(reason: "unexpected end of input", line: 38, offset: data.count / 2))
        ) {
            try await runner(try newStore()).run(try spec(text), sourceOverride: url)
        }
    }

    @Test func anHTMLErrorPageIsAnError() async throws {
        try await expectFailure("html") {
            "\($0): cannot read: the server answered with an HTML page (content type text/html; charset=utf-8), not data"
        }
    }
}
