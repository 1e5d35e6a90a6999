import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// The bundled legacy-format sample (datasets/gios-air-sample): read from its folder, and
/// from the fake legacy API over HTTP, with the same result.
@Suite struct LegacyAirSampleTests {
    func storeWithSampleStations() throws -> LocateStore {
        let store = try newStore()
        try ingest("gios-stations-sample", into: store)
        return store
    }

    @Test func theSampleFolderIngestsWithItsRejectAndWarningsThenNothingNew() async throws {
        let store = try storeWithSampleStations()
        let r = try await ingest("gios-air-sample", into: store)
        // 12 sensors, 24 hours each plus one bad row, 5 index answers.
        #expect(r.run.counts == MergeCounts(added: 305, updated: 0, unchanged: 0, retired: 0))
        #expect(r.run.read == 306)
        #expect(
            r.rejected == [
                IngestIssue(
                    index: 4, id: "9005/90052", field: "date", reason: "time '2026-11-21 25:00:00' is not YYYY-MM-DD HH:MM:SS")
            ])
        #expect(
            r.warnings == [
                IngestIssue(index: 5, id: "9008", field: "sensors", reason: "the station lists no sensors"),
                IngestIssue(index: 5, id: "9008", field: "index", reason: "no index calculation time"),
            ])
        let again = try await ingest("gios-air-sample", into: store)
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 305, retired: 0))
        let newest = try store.testRows(
            sql:
                "SELECT measured_at, local_time, value FROM measurements WHERE sensor_id = 90011 ORDER BY measured_at DESC LIMIT 2"
        )
        #expect(newest.map { $0["measured_at"] as String } == ["2026-11-21T19:00:00Z", "2026-11-21T18:00:00Z"])
        #expect(newest.map { $0["local_time"] as String } == ["2026-11-21 20:00:00", "2026-11-21 19:00:00"])
        #expect(newest.map { $0["value"] as Double? } == [nil, 52.1])
        let index = try store.testRows(
            sql: "SELECT station_id, level, category, critical_pollutant FROM aq_index ORDER BY station_id")
        #expect(index.map { $0["station_id"] as String } == ["9001", "9002", "9003", "9004", "9005"])
        #expect(index.map { $0["level"] as Int? } == [3, 1, 3, nil, 1])
        #expect(index.map { $0["category"] as String? } == ["Dostateczny", "Dobry", "Dostateczny", "Brak indeksu", "Dobry"])
        #expect(index.map { $0["critical_pollutant"] as String? } == ["PYL", "OZON", "PYL", nil, "PYL"])
    }

    @Test(.enabled(if: Fixtures.haveTool("python3"), "needs python3"))
    func theLegacyAPIOverHTTPGivesTheSameRunAsTheFolder() async throws {
        let server = try FakeGIOS()
        let fromFolder = try await ingest("gios-air-sample", into: try storeWithSampleStations())
        let store = try storeWithSampleStations()
        let fromAPI = try await ingest("gios-air-sample", into: store, source: server.legacyBase("ok"))
        #expect(fromAPI.run.counts == fromFolder.run.counts)
        #expect(fromAPI.rejected == fromFolder.rejected)
        #expect(fromAPI.warnings == fromFolder.warnings)
        #expect(fromAPI.run.sourceSHA256 == fromFolder.run.sourceSHA256)
        #expect(fromAPI.run.source == server.legacyBase("ok"))
    }

    @Test(.enabled(if: Fixtures.haveTool("python3"), "needs python3"))
    func aLegacyStationListReadsFromItsURL() async throws {
        let server = try FakeGIOS()
        let store = try newStore()
        let r = try await ingest("gios-stations-sample", into: store, source: server.legacyBase("ok") + "/station/findAll")
        #expect(r.run.counts == MergeCounts(added: 6, updated: 0, unchanged: 0, retired: 0))
        #expect(r.rejected.map(\.id) == ["9006", "9007"])
    }

    @Test func aMissingAnswerFileNamesTheFileAndChangesNothing() async throws {
        let store = try storeWithSampleStations()
        let before = try store.contentDigest()
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: folder.path)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("data/getData/90032.json"))
        await #expect(throws: IngestError.fileNotFound(path: folder.path + "/data/getData/90032.json")) {
            try await ingest("gios-air-sample", into: store, source: folder.path)
        }
        #expect(try store.contentDigest() == before)
    }

    @Test func aRenamedSensorCountsAsUpdatedAndNewHoursAsAdded() async throws {
        let store = try storeWithSampleStations()
        try await ingest("gios-air-sample", into: store)
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: folder.path)
        let sensors = folder.appendingPathComponent("station/sensors/9001.json")
        let text = try String(contentsOf: sensors, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "dwutlenek azotu", with: "ditlenek azotu").utf8).write(to: sensors)
        let data = folder.appendingPathComponent("data/getData/90013.json")
        let rows = try String(contentsOf: data, encoding: .utf8)
        try Data(
            rows.replacingOccurrences(
                of: "\"values\": [", with: "\"values\": [{\"date\": \"2026-11-21 21:00:00\", \"value\": 20.5},"
            ).utf8
        )
        .write(to: data)
        let r = try await ingest("gios-air-sample", into: store, source: folder.path)
        #expect(r.run.counts == MergeCounts(added: 1, updated: 1, unchanged: 304, retired: 0))
        let name =
            try store.testRows(sql: "SELECT param_name FROM sensors WHERE sensor_id = 90013").first?["param_name"] as String?
        #expect(name == "ditlenek azotu")
    }

    @Test func aFolderWithATrailingSlashReadsTheSame() async throws {
        let r = try await ingest(
            "gios-air-sample", into: try storeWithSampleStations(), source: Fixtures.repo("datasets/gios-air-sample") + "/")
        #expect(r.run.counts.added == 305)
    }

    @Test func theRepeatedAutumnHourIsStoredTwiceAndARepeatedTimeIsRejected() async throws {
        let store = try storeWithSampleStations()
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: folder.path)
        let night = #"""
            {"key": "NO2", "values": [
              {"date": "2026-10-25 03:00:00", "value": 10.0}, {"date": "2026-10-25 02:00:00", "value": 11.0},
              {"date": "2026-10-25 02:00:00", "value": 12.0}, {"date": "2026-10-25 01:00:00", "value": 13.0},
              {"date": "2026-10-25 01:00:00", "value": 13.5}]}
            """#
        try Data(night.utf8).write(to: folder.appendingPathComponent("data/getData/90013.json"))
        let r = try await ingest("gios-air-sample", into: store, source: folder.path)
        #expect(
            r.rejected.contains(
                IngestIssue(
                    index: 0, id: "9001/90013", field: "date",
                    reason: "time '2026-10-25 01:00:00' appears more than once in the sensor's data")))
        let rows = try store.testRows(
            sql: "SELECT measured_at, local_time, value FROM measurements WHERE sensor_id = 90013 ORDER BY measured_at")
        #expect(
            rows.map { $0["measured_at"] as String } == [
                "2026-10-24T23:00:00Z", "2026-10-25T00:00:00Z", "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z",
            ])
        #expect(rows.map { $0["value"] as Double? } == [13.0, 12.0, 11.0, 10.0])
    }

    @Test func aValueThatArrivesLaterFillsTheHourAndNullNeverErasesOne() async throws {
        let store = try storeWithSampleStations()
        try await ingest("gios-air-sample", into: store)
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: folder.path)
        let file = folder.appendingPathComponent("data/getData/90011.json")
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var values = try #require(doc["values"] as? [[String: Any]])
        values[0]["value"] = 49.5  // 20:00, null in the first answer
        values[1]["value"] = NSNull()  // 19:00, 52.1 in the first answer
        doc["values"] = values
        try JSONSerialization.data(withJSONObject: doc).write(to: file)
        let r = try await ingest("gios-air-sample", into: store, source: folder.path)
        #expect(r.run.counts == MergeCounts(added: 0, updated: 1, unchanged: 304, retired: 0))
        let rows = try store.testRows(
            sql: "SELECT value FROM measurements WHERE sensor_id = 90011 ORDER BY measured_at DESC LIMIT 2")
        #expect(rows.map { $0["value"] as Double? } == [49.5, 52.1])
    }

    @Test func airDataNeedsStationsFirst() async throws {
        let store = try newStore()
        await #expect(throws: IngestError.noStations(dataset: "gios-stations-sample")) {
            try await ingest("gios-air-sample", into: store)
        }
        #expect(try store.testRows(sql: "SELECT id FROM ingest_runs").isEmpty)
    }

    @Test func anAirSourceThatIsAFileIsRefused() async throws {
        let store = try storeWithSampleStations()
        let file = Fixtures.repo("datasets/gios-stations-sample.json")
        await #expect(
            throws: IngestError.unsupported(
                path: file, reason: "air pipelines read a folder of API answers, an API URL or --replay")
        ) { try await ingest("gios-air-sample", into: store, source: file) }
    }

    @Test func aLegacyAnswerOfTheWrongShapeIsAnError() async throws {
        let store = try storeWithSampleStations()
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: folder.path)
        let bad = folder.appendingPathComponent("station/sensors/9002.json")
        try Data(#"{"values": []}"#.utf8).write(to: bad)
        await #expect(
            throws: IngestError.unexpectedAnswer(
                path: folder.path + "/station/sensors/9002", reason: "expected an array, found object")
        ) {
            try await ingest("gios-air-sample", into: store, source: folder.path)
        }
    }
}
