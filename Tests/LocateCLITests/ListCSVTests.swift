import Foundation
import LocateTestSupport
import Testing

/// `--format csv` of the list answers (issue 24): stations, a station's history, runs; and
/// `--format geojson` of stations. Every field of every line
/// spells the same member of the `--json` document's items (`ContractCSV`'s rules: null empty,
/// numbers and booleans as in JSON, a list of texts joined by `;`, anything else nested as its
/// JSON text), and `locate runs` shows each run's dataset and source release.
@Suite struct ListCSVTests {
    /// Whether `field` spells the JSON value `v` by `ContractCSV`'s rules.
    static func spells(_ field: String, _ v: Any?) -> Bool {
        switch v {
        case let list as [Any] where list.allSatisfy({ $0 is String || $0 is NSNumber }):
            return field == list.map { "\($0)" }.joined(separator: ";")
        case let nested as [Any]:
            guard let read = try? JSONSerialization.jsonObject(with: Data(field.utf8)) as? [Any] else { return false }
            return (read as NSArray).isEqual(to: nested)
        case let nested as [String: Any]:
            guard let read = try? JSONSerialization.jsonObject(with: Data(field.utf8)) as? [String: Any] else { return false }
            return (read as NSDictionary).isEqual(to: nested)
        default: return ToiletCSVTests.spells(field, v)
        }
    }

    /// The CSV of `args` against the items under `key` of the same command's `--json`.
    static func check(_ args: [String], items key: String) throws -> [[String]] {
        let csv = try CLI.run(args + ["--format", "csv"])
        let json = try CLI.run(args + ["--json"])
        #expect(csv.status == json.status, "\(csv.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let items = document?[key] as? [[String: Any]] ?? []
        let rows = ToiletCSVTests.parse(csv.stdout)
        #expect(Array(csv.stdout.utf8.suffix(2)) == [13, 10], "CRLF line ends")
        #expect(rows.count == items.count + 1)
        let header = rows.first ?? []
        #expect(header.first == "id")
        #expect(Set(header) == Set(items.first?.keys.map { $0 } ?? []), "every member is a column, and only those")
        for (row, item) in zip(rows.dropFirst(), items) {
            #expect(row.count == header.count)
            for (name, value) in zip(header, row) {
                #expect(spells(value, item[name]), "\(name): '\(value)' for \(String(describing: item[name]))")
            }
        }
        return rows
    }

    @Test func stationsWithTheirAirAsCSV() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        try CLI.ingest(["pipelines/gios-air-sample.yml", "--db", db])
        let rows = try Self.check(
            ["station", "--near", "50.06,19.94", "--limit", "3", "--at", "2026-11-21T12:00", "--db", db], items: "results")
        #expect(rows.count == 4)
        let readings = try #require(rows.first?.firstIndex(of: "readings"))
        #expect(rows[1][readings].hasPrefix("[{\"age_minutes\":"), "a list of objects is its JSON text")
        _ = try Self.check(["station", "--name", "krakow", "--db", db], items: "results")
        // A station's shown history: a line per value, as the JSON's pollutants[].history.
        let show = ["station", "show", "9001", "--at", "2026-11-21T12:00", "--db", db]
        let csv = ToiletCSVTests.parse(try CLI.run(show + ["--format", "csv"]).stdout)
        let detail = try JSONSerialization.jsonObject(with: Data(try CLI.run(show + ["--json"]).stdout.utf8)) as? [String: Any]
        var want: [[String]] = [["at", "pollutant", "station", "unit", "value"]]
        for p in detail?["pollutants"] as? [[String: Any]] ?? [] {
            for h in p["history"] as? [[String: Any]] ?? [] {
                want.append([
                    h["at"] as? String ?? "?", p["pollutant"] as? String ?? "?", "gios-stations-sample/9001", "µg/m³",
                    "\((h["value"] as? NSNumber)?.stringValue ?? "?")",
                ])
            }
        }
        #expect(want.count == 49)
        #expect(csv == want)
    }

    /// `locate station --format geojson`: a Point per station at its `lon`, `lat`, the other
    /// members as properties; `ogrinfo` reads it with every station.
    @Test func stationsAsGeoJSON() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("g.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let args = ["station", "--near", "50.06,19.94", "--limit", "10", "--db", db]
        let geo = try CLI.run(args + ["--format", "geojson"])
        #expect(geo.status == 0, "\(geo.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(try CLI.run(args + ["--json"]).stdout.utf8)) as? [String: Any]
        let results = json?["results"] as? [[String: Any]] ?? []
        let collection = try JSONSerialization.jsonObject(with: Data(geo.stdout.utf8)) as? [String: Any]
        #expect(collection?["type"] as? String == "FeatureCollection")
        #expect((collection?["locate"] as? [String: Any])?["schema"] as? String == "station-geojson/1")
        let features = collection?["features"] as? [[String: Any]] ?? []
        #expect(features.count == results.count && results.count == 6)
        for (f, r) in zip(features, results) {
            #expect(f["id"] as? String == r["id"] as? String)
            let point = f["geometry"] as? [String: Any]
            #expect(point?["type"] as? String == "Point")
            #expect(point?["coordinates"] as? [Double] == [r["lon"] as? Double ?? 0, r["lat"] as? Double ?? 0])
            var rest = r
            rest["lat"] = nil
            rest["lon"] = nil
            #expect((f["properties"] as? NSDictionary)?.isEqual(to: rest) == true)
        }
        if Fixtures.haveTool("ogrinfo") {
            let file = try Fixtures.write(geo.stdout, name: "s.geojson")
            let info = try Fixtures.run("/usr/bin/env", ["ogrinfo", "-ro", "-so", "-al", file])
            #expect(info.stdout.contains("Feature Count: 6"), "\(info.stdout) \(info.stderr)")
        }
    }

    @Test func runsWithDatasetAndReleaseAsCSVAndTable() throws {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("r.sqlite").path
        let yaml =
            try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
            .replacingOccurrences(of: "../datasets/", with: Fixtures.repo("datasets") + "/") + "released: 2026-11-01\n"
        let pipeline = dir.appendingPathComponent("released.yml").path
        try yaml.write(toFile: pipeline, atomically: true, encoding: .utf8)
        try CLI.ingest([pipeline, "--db", db])
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let rows = try Self.check(["runs", "--db", db], items: "runs")
        let released = try #require(rows.first?.firstIndex(of: "source_released"))
        #expect(rows.dropFirst().map { $0[released] } == ["2026-11-01", ""])
        let table = try CLI.run(["runs", "--db", db]).stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(table[0].prefix(6) == ["run", "finished", "(UTC)", "pipeline", "dataset", "released"])
        #expect(table[1][3...4] == ["prague-toilets-sample", "2026-11-01"])
        #expect(table[2][3...4] == ["gios-stations-sample", "-"])
    }

    @Test(arguments: [
        (["runs", "--format", "xml"], "Error: --format 'xml' is not one of table, json, csv\n"),
        // With --json, the error is the error/1 object.
        (
            ["runs", "--json", "--format", "csv"],
            #"{"error":{"exit_code":64,"message":"give either --json or --format csv, not both"}"#
        ),
        (["station", "--near", "50,19", "--format", "kml"], "Error: --format 'kml' is not one of table, json, csv, geojson\n"),
        (["runs", "--format", "geojson"], "Error: --format 'geojson' is not one of table, json, csv\n"),
        (["review", "list", "--format", "tsv"], "Error: --format 'tsv' is not one of table, json, csv\n"),
    ])
    func anUnknownFormatIsAUsageError(args: [String], message: String) throws {
        let r = try CLI.run(args + ["--db", try Fixtures.temporaryFolder().appendingPathComponent("x.sqlite").path])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }
}
