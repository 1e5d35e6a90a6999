import Foundation
import GRDB
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

@Suite(.enabled(if: Fixtures.haveSharedDatasets && Fixtures.haveTool("python3"), "needs ../shared/datasets and python3"))
struct AirIngestTests {
    static let pipeline = """
        name: air-test
        kind: air
        dataset: gios-stations
        source:
          url: http://unused
        timezone: Europe/Warsaw
        stations: [552]
        """

    func storeWithStations() throws -> LocateStore {
        let store = try newStore()
        try ingest("gios-stations-v1", into: store)
        return store
    }

    func run(_ store: LocateStore, _ source: String, replay: String? = nil, save: String? = nil) async throws
        -> IngestReport
    {
        let spec = try PipelineDecoder.decode(AirIngestTests.pipeline, path: "air.yml", baseFolder: "/tmp", defaultName: "air")
        var runner = IngestRunner(store: store, clock: fixedClock)
        runner.httpLimits.stallSeconds = 1
        runner.retryBackoffSeconds = 0.01
        return try await runner.run(spec, sourceOverride: source, replay: replay, saveResponses: save)
    }

    @Test func ingestsSensorsHistoryAndIndexThenOnlyNewRows() async throws {
        let server = try FakeGIOS()
        let store = try storeWithStations()
        let r = try await run(store, server.base("ok"))
        // 7 sensors; 6 with data (3764 has 2 pages of 20 rows), 3765 is manual: an API error.
        #expect(r.run.kind == "air")
        #expect(r.run.counts == MergeCounts(added: 148, updated: 0, unchanged: 0, retired: 0))
        #expect(r.warnings.map(\.id) == ["552/3765"])
        #expect(r.warnings.first?.reason.hasPrefix("API-ERR-100003: Dla stanowiska typu manualnego") == true)
        let again = try await run(store, server.base("ok"))
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 148, retired: 0))
        // Times: Polish wall clock → UTC; the null newest value of 3761 is kept as null.
        let newest = try store.testRows(
            sql:
                "SELECT measured_at, local_time, value FROM measurements WHERE sensor_id = 3761 ORDER BY measured_at DESC LIMIT 2"
        )
        #expect(newest.map { $0["measured_at"] as String } == ["2025-07-04T14:00:00Z", "2025-07-04T13:00:00Z"])
        #expect(newest.map { $0["local_time"] as String } == ["2025-07-04 16:00:00", "2025-07-04 15:00:00"])
        #expect(newest.first?["value"] as Double? == nil)
        #expect(newest.last?["value"] as Double? == 5.5)
        let index = try store.testRows(sql: "SELECT calculated_at, level, category, critical_pollutant, pollutants FROM aq_index")
        #expect(index.first?["calculated_at"] as String? == "2025-07-04T12:35:10Z")
        #expect(index.first?["level"] as Int? == 1)
        #expect(index.first?["category"] as String? == "Dobry")
        #expect((index.first?["pollutants"] as String?)?.contains("\"SO2\":{\"level\":null") == true)
    }

    @Test(arguments: ["flaky429", "flaky500", "slow"])
    func retriesUntilTheServerAnswers(mode: String) async throws {
        let server = try FakeGIOS()
        let r = try await run(try storeWithStations(), server.base(mode))
        #expect(r.run.counts.added == 148)
    }

    @Test(arguments: [
        ("down", "HTTP status 503 after 4 tries"),
        ("truncated", "malformed JSON"),
        ("pagechange", "the page count changed from 2 to 3 during the run"),
    ])
    func failuresChangeNothing(mode: String, message: String) async throws {
        let server = try FakeGIOS()
        let store = try storeWithStations()
        let before = try store.contentDigest()
        do {
            _ = try await run(store, server.base(mode))
            Issue.record("\(mode) succeeded")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        #expect(try store.contentDigest() == before)
    }

    @Test func savedResponsesReplayOffline() async throws {
        let server = try FakeGIOS()
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("responses").path
        let live = try await run(try storeWithStations(), server.base("ok"), save: folder)
        let index = try String(contentsOfFile: folder + "/index.tsv", encoding: .utf8)
        #expect(index.split(separator: "\n").count == 10)  // sensors, 7 data (3764: 2 pages), index
        #expect(index.contains("\(server.base("ok"))/aqindex/getIndex/552\t"))
        server.server.stop()
        let replayed = try await run(try storeWithStations(), server.base("ok"), replay: folder)
        #expect(replayed.run.counts == live.run.counts)
        #expect(replayed.run.sourceSHA256 == live.run.sourceSHA256)
    }
}
