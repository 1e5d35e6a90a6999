import Foundation
import LocateTestSupport
import Testing

/// `locate toilet --near-file` and `locate station --near-file` on the release binary: each
/// point's answer is what one `--near` run gives, bad rows are said with their lines, and
/// too many of them exit 6.
@Suite struct NearFileCommandTests {
    /// 20 seeded points around the sample (and a few far from it), as CSV with ids.
    static func points() -> [(id: String, lat: Double, lon: Double)] {
        var rng = SeededRandom(seed: 2039)
        return (0..<20).map { i in
            let far = i % 7 == 6
            let lat = far ? Double.random(in: -60...70, using: &rng) : Double.random(in: 50.07...50.10, using: &rng)
            let lon = far ? Double.random(in: -179...179, using: &rng) : Double.random(in: 14.40...14.44, using: &rng)
            return ("p\(i)", (lat * 1e6).rounded() / 1e6, (lon * 1e6).rounded() / 1e6)
        }
    }

    static func json(_ text: some StringProtocol) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test func twentyPointsAnswerAsTwentySingleRuns() throws {
        let db = try CLI.sampleDatabase()
        let points = NearFileCommandTests.points()
        let csv = "id,lat,lon\n" + points.map { "\($0.id),\($0.lat),\($0.lon)" }.joined(separator: "\n") + "\n"
        let file = try Fixtures.write(csv, name: "points.csv")
        let options = ["--limit", "3", "--at", "2026-11-21T20:30"]
        let batch = try CLI.run(["toilet", "--near-file", file, "--format", "jsonl", "--db", db] + options)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stderr == "")
        let lines = batch.stdout.split(separator: "\n")
        try #require(lines.count == points.count)
        for (i, (p, line)) in zip(points, lines).enumerated() {
            let document = try NearFileCommandTests.json(line)
            #expect(document["schema"] as? String == "toilet-batch-line/1")
            #expect(
                document["input"] as? NSDictionary
                    == ["id": p.id, "line": i + 2, "lat": p.lat, "lon": p.lon] as NSDictionary)
            let single = try CLI.run(["toilet", "--near", "\(p.lat),\(p.lon)", "--json", "--db", db] + options)
            #expect(single.status == 0)
            #expect(document["answer"] as? NSDictionary == (try NearFileCommandTests.json(single.stdout)), "point \(p)")
        }
    }

    /// CSV: the single answer's CSV lines after the input's columns; GeoJSON from stdin.
    @Test func csvLinesAreTheSingleCSVAndStdinReadsGeoJSON() throws {
        let db = try CLI.sampleDatabase()
        let file = try Fixtures.write("Latitude;Longitude;ID\n50,0875;14,4214;home\n", name: "semicolons.csv")
        let batch = try CLI.run(["toilet", "--near-file", file, "--limit", "2", "--db", db])
        #expect(batch.status == 0, "\(batch.stderr)")
        let single = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "2", "--format", "csv", "--db", db])
        let rows = single.stdout.components(separatedBy: "\r\n").dropFirst().dropLast()
        #expect(
            batch.stdout.components(separatedBy: "\r\n").dropFirst().dropLast()
                == rows.enumerated().map { "2,home,50.0875,14.4214,\($0.offset + 1),\($0.element)" })
        #expect(batch.stdout.hasPrefix("input_line,input_id,input_lat,input_lon,rank,id,"))
        let geojson = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[14.4214,50.0875]},"properties":{}}
            ]}
            """
        let r = try Fixtures.run(
            CLI.binary, ["toilet", "--near-file", "-", "--format", "geojson", "--limit", "1", "--db", db], stdin: geojson)
        #expect(r.status == 0, "\(r.stderr)")
        let document = try NearFileCommandTests.json(r.stdout)
        let feature = try #require((document["features"] as? [NSDictionary])?.first)
        let properties = try #require(feature["properties"] as? NSDictionary)
        #expect(properties["input_id"] as? String == "x")
        #expect(properties["input_line"] as? Int == 2)
        #expect(properties["rank"] as? Int == 1)
        #expect(properties["distance_m"] as? Double == 47.1)
    }

    @Test func badRowsAreSaidWithTheirLinesAndTooManyExitSix() throws {
        let db = try CLI.sampleDatabase()
        let file = try Fixtures.write("lat,lon\n50.08,14.42\n95,14\n50.08\n\n50.09,14.43\n", name: "bad.csv")
        let ok = try CLI.run(["toilet", "--near-file", file, "--limit", "1", "--format", "jsonl", "--db", db])
        #expect(ok.status == 0)
        #expect(ok.stderr == "\(file):3: latitude 95 is outside -90…90\n\(file):4: 1 fields, the header has 2\n")
        #expect(ok.stdout.split(separator: "\n").count == 2)
        let failed = try CLI.run(
            ["toilet", "--near-file", file, "--limit", "1", "--format", "jsonl", "--max-bad-rows", "1", "--db", db])
        #expect(failed.status == 6)
        #expect(failed.stderr.hasSuffix("error: \(file): more than 1 bad rows (--max-bad-rows 1); stopped at line 4\n"))
        let header = try Fixtures.write("name,east,north\na,1,2\n", name: "noheader.csv")
        let refused = try CLI.run(["toilet", "--near-file", header, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("accepted: lat/lon (or lng), latitude/longitude or y/x, in any case"))
    }

    @Test(arguments: [
        (["--near", "50,14"], "give either --near LAT,LON or --near-file POINTS, not both"),
        (["--format", "table"], "--format 'table' with --near-file is not one of csv, geojson, jsonl"),
        (["--json"], "--near-file writes --format csv, geojson or jsonl, not --json"),
        (["--max-bad-rows", "x"], "--max-bad-rows 'x' is not a whole number from 0"),
    ])
    func usageErrors(extra: [String], message: String) throws {
        let r = try CLI.run(["toilet", "--near-file", "x.csv"] + extra)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func stationsAnswerAsSingleRuns() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        for pipeline in ["gios-stations-sample", "gios-air-sample"] { try CLI.ingest(["pipelines/\(pipeline).yml", "--db", db]) }
        let points = [(50.06, 19.94), (52.23, 21.01), (-33.9, 151.2)]
        let file = try Fixtures.write(
            "lat,lon\n" + points.map { "\($0.0),\($0.1)" }.joined(separator: "\n"), name: "stations.csv")
        let options = ["--limit", "2", "--at", "2026-11-21T20:30"]
        let batch = try CLI.run(["station", "--near-file", file, "--format", "jsonl", "--db", db] + options)
        #expect(batch.status == 0, "\(batch.stderr)")
        let lines = batch.stdout.split(separator: "\n")
        try #require(lines.count == points.count)
        for (p, line) in zip(points, lines) {
            let single = try CLI.run(["station", "--near", "\(p.0),\(p.1)", "--json", "--db", db] + options)
            let document = try NearFileCommandTests.json(line)
            #expect(document["answer"] as? NSDictionary == (try NearFileCommandTests.json(single.stdout)))
        }
        let csv = try CLI.run(["station", "--near-file", file, "--db", db] + options)
        #expect(csv.status == 0)
        #expect(csv.stdout.components(separatedBy: "\r\n").count == 1 + 2 * points.count + 1)
    }
}
