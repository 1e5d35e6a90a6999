import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

@Suite struct StationIngestTests {
    /// GIOŚ writes Polish wall-clock time: CEST in summer, CET in winter; a time inside the
    /// spring-forward gap means the first valid instant.
    @Test(arguments: [
        ("2025-07-04 16:00:00", "2025-07-04T14:00:00Z"), ("2025-01-15 10:00:00", "2025-01-15T09:00:00Z"),
        ("2025-03-30 01:00:00", "2025-03-30T00:00:00Z"), ("2025-03-30 02:30:00", "2025-03-30T01:00:00Z"),
        ("2025-03-30 03:00:00", "2025-03-30T01:00:00Z"), ("2025-10-26 02:00:00", "2025-10-26T00:00:00Z"),
        ("2025-10-26 03:00:00", "2025-10-26T02:00:00Z"),
    ])
    func warsawTimesToUTC(local: String, utc: String) {
        #expect(GIOSClient.utc(local, zone: TimeZone(identifier: "Europe/Warsaw") ?? .gmt) == utc)
    }

    /// A sensor's list may hold the repeated autumn hour twice: both rows are kept, the newer
    /// one (by the list's order) at the later instant; any other repeat is a duplicate.
    @Test(arguments: [
        (
            ["2025-10-26 04:00:00", "2025-10-26 03:00:00", "2025-10-26 02:00:00", "2025-10-26 02:00:00", "2025-10-26 01:00:00"],
            [
                MeasurementTimes.Outcome.utc("2025-10-26T03:00:00Z"), .utc("2025-10-26T02:00:00Z"), .utc("2025-10-26T01:00:00Z"),
                .utc("2025-10-26T00:00:00Z"), .utc("2025-10-25T23:00:00Z"),
            ]
        ),
        (
            ["2025-10-26 01:00:00", "2025-10-26 02:00:00", "2025-10-26 02:00:00", "2025-10-26 03:00:00"],
            [
                .utc("2025-10-25T23:00:00Z"), .utc("2025-10-26T00:00:00Z"), .utc("2025-10-26T01:00:00Z"),
                .utc("2025-10-26T02:00:00Z"),
            ]
        ),
        (["2025-10-26 02:00:00"], [.utc("2025-10-26T00:00:00Z")]),
        (["2025-07-04 16:00:00", "2025-07-04 16:00:00"], [.utc("2025-07-04T14:00:00Z"), .duplicate]),
        (
            ["2025-10-26 02:00:00", "2025-10-26 02:00:00", "2025-10-26 02:00:00"],
            [.utc("2025-10-26T00:00:00Z"), .duplicate, .duplicate]
        ),
        (["2025-07-04 25:00:00", "2025-07-04 16:00:00"], [.invalid, .utc("2025-07-04T14:00:00Z")]),
    ])
    func repeatedAutumnHourKeepsBothRows(locals: [String], expected: [MeasurementTimes.Outcome]) {
        var times = MeasurementTimes(locals: locals, zone: TimeZone(identifier: "Europe/Warsaw") ?? .gmt)
        #expect(locals.map { times.utc($0) } == expected)
    }

    @Test func sampleRejectsAndWarnsWithReasons() throws {
        let r = try ingest("gios-stations-sample", into: try newStore())
        #expect(r.run.kind == "stations")
        #expect(r.run.read == 8)
        #expect(r.run.accepted == 6)
        #expect(
            r.rejected == [
                IngestIssue(index: 5, id: "9006", field: "gegrLat", reason: "latitude 'brak' is not a number"),
                IngestIssue(
                    index: 6, id: "9007", field: "gegrLat",
                    reason:
                        "coordinates look swapped: latitude 19.9366, longitude 50.0614 is outside the region, but inside once exchanged"
                ),
            ])
        #expect(
            r.warnings.map(\.reason) == [
                "street is missing", "name had extra spaces: 'Gdańsk  Wzorcowa (sample) '", "city 'New York' has no commune",
            ])
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func realListsIngestAndReleasesMerge() throws {
        let store = try newStore()
        let y2019 = try ingest("gios-stations-legacy-2019", into: store)
        #expect(y2019.run.counts == MergeCounts(added: 175, updated: 0, unchanged: 0, retired: 0))
        #expect(y2019.warnings.filter { $0.reason == "street is missing" }.count == 13)
        #expect(y2019.warnings.contains { $0.id == "11358" && $0.reason == "city 'New York' has no commune" })
        let again = try ingest("gios-stations-legacy-2019", into: store)
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 175, retired: 0))
        // PROVENANCE.md: 158 shared ids (some moved or renamed), 49 new, 17 gone.
        let y2021 = try ingest("gios-stations-legacy-2021", into: store)
        #expect(y2021.run.counts.added == 49)
        #expect(y2021.run.counts.retired == 17)
        #expect(y2021.run.counts.updated + y2021.run.counts.unchanged == 158)
        #expect(y2021.warnings.contains { $0.reason == "street had extra spaces: ' Cegielniana'" })
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func v1FixtureIngests() throws {
        let store = try newStore()
        let r = try ingest("gios-stations-v1", into: store)
        #expect(r.run.accepted == 2)
        let rows = try store.testRows(sql: "SELECT source_id, code, name, province, lat, lon FROM stations ORDER BY source_id")
        #expect(rows.map { $0["code"] as String? } == ["MzWarKondrat", "MzZyraRoosev"])
        #expect(rows.map { $0["name"] as String } == ["Warszawa, ul. Kondratowicza", "Żyrardów, ul. Roosevelta"])
        #expect(rows.first?["lat"] as Double? == 52.290864)
        #expect(rows.first?["lon"] as Double? == 21.042458)
    }

    @Test func pagedV1FileIsAStructuralError() throws {
        let text = "{\"Lista stacji pomiarowych\":[],\"totalPages\":3,\"links\":{\"next\":\"x\"}}"
        let path = try Fixtures.write(text, name: "p.json")
        let store = try newStore()
        let before = try store.contentDigest()
        do {
            try ingest("gios-stations-v1", into: store, source: path)
            Issue.record("accepted a paged file")
        } catch {
            #expect(
                "\(error)"
                    == "\(path): not a GIOŚ station list: the file holds page 1 of 3; ingest the API URL to read every page")
        }
        #expect(try store.contentDigest() == before)
    }
}
