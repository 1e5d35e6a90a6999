import Foundation
import LocateTestSupport
import Testing

/// One monitor that GIOŚ and OpenAQ both list, end to end on the release binary: GIOŚ's
/// 2021 station list and OpenAQ's three Polish locations from ../shared (docs/air.md, "One
/// monitor, two sources").
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct SameMonitorCommandTests {
    static func database() throws -> String {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("both.sqlite").path
        let pipeline = folder.appendingPathComponent("openaq-pl.yml")
        try """
        kind: stations
        dataset: openaq-pl
        source: { path: \(Fixtures.shared("openaq-v3/locations_1000.json")), format: openaq, select: { country: PL } }
        region: { west: 14, south: 49, east: 24.2, north: 55 }
        """.write(to: pipeline, atomically: true, encoding: .utf8)
        try CLI.ingest(["pipelines/gios-stations-legacy-2021.yml", "--db", db])
        try CLI.ingest([pipeline.path, "--db", db])
        return db
    }

    @Test func theTableAndTheJSONListTheMonitorOnce() throws {
        let db = try Self.database()
        let table = try CLI.run(["station", "--near", "52.1608,21.0340", "--limit", "2", "--db", db])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].contains("Warszawa-Ursynów (also openaq-pl/openaq-28, 366 m)"))
        #expect(!lines[2].contains("Ursynów"))
        let json = try CLI.run(["station", "--near", "52.1608,21.0340", "--limit", "2", "--json", "--db", db])
        #expect(json.status == 0)
        if JSONSchemaCheck.available {
            #expect(try JSONSchemaCheck.errors(Data(json.stdout.utf8), schema: "station-answer") == [])
        }
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        let links = try #require(results.first?["same_monitor"] as? [[String: Any]])
        #expect(links.map { $0["id"] as? String } == ["openaq-pl/openaq-28"])
        #expect(links.first?["separation_m"] as? Double == 366.0)
        #expect((results.last?["same_monitor"] as? [Any])?.isEmpty == true)
    }
}
