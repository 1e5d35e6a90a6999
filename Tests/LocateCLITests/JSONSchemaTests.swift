import Foundation
import LocateTestSupport
import Testing

/// Every JSON document `locate` writes, validated against its schema in docs/schema with
/// Python's `jsonschema` (draft 2020-12, format checks on), plus snake_case keys only.
@Suite struct JSONSchemaTests {
    /// A Python that can import jsonschema, or nil.
    /// One document to validate: a name for messages, its schema name, its text.
    struct Document: Sendable {
        var name: String
        var schema: String
        var text: String
    }

    /// The documents, collected once for both tests.
    static let collected = Result { try documents() }

    /// Runs `locate` and checks the exit code.
    static func locate(_ args: [String], status: Int32 = 0, stdin: String? = nil) throws -> (stdout: String, stderr: String) {
        let r = try Fixtures.run(CLI.binary, args, stdin: stdin)
        #expect(r.status == status, "locate \(args.joined(separator: " ")): \(r.stderr)")
        return (r.stdout, r.stderr)
    }

    /// Builds the demo database from the bundled samples and runs every command that writes
    /// JSON, collecting what each wrote.
    static func documents() throws -> [Document] {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("demo.sqlite").path
        var docs: [Document] = []
        func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
        for pipeline in ["prague-toilets-sample", "gios-stations-sample", "gios-air-sample"] {
            let report = dir.appendingPathComponent("\(pipeline).report.json").path
            let r = try locate(["ingest", "pipelines/\(pipeline).yml", "--db", db, "--json", "--report", report])
            docs.append(Document(name: "ingest \(pipeline) --json", schema: "ingest-report", text: r.stdout))
            docs.append(Document(name: "ingest \(pipeline) --report", schema: "ingest-report", text: try read(report)))
        }
        docs.append(Document(name: "runs --json", schema: "runs", text: try locate(["runs", "--json", "--db", db]).stdout))
        // Fresh 10 minutes after the sample's newest value; stale a day later (exit 5).
        let fresh = try locate(["status", "--json", "--at", "2026-11-21T21:30", "--db", db])
        docs.append(Document(name: "status --json (fresh)", schema: "status", text: fresh.stdout))
        let stale = try locate(["status", "--json", "--at", "2026-11-22T21:30", "--db", db], status: 5)
        docs.append(Document(name: "status --json (stale)", schema: "status", text: stale.stdout))
        // locate-fetch's line for a request nobody answers (port 9 on loopback: refused).
        let fetch = try Fixtures.run(
            (CLI.binary as NSString).deletingLastPathComponent + "/locate-fetch",
            ["http://127.0.0.1:9/nothing", "--out", dir.appendingPathComponent("nothing.body").path])
        #expect(fetch.status == 1, "locate-fetch: \(fetch.stderr)")
        docs.append(Document(name: "locate-fetch (refused)", schema: "fetch-result", text: fetch.stdout))
        let toilet = try locate(["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-21T20:30", "--json", "--db", db])
        docs.append(Document(name: "toilet --json --at", schema: "toilet-answer", text: toilet.stdout))
        let untimed = try locate(["toilet", "--near", "50.0875,14.4214", "--limit", "2", "--json", "--db", db])
        docs.append(Document(name: "toilet --json", schema: "toilet-answer", text: untimed.stdout))
        // OSM attributes (access, changing_table, …) in their own database.
        let osmDB = dir.appendingPathComponent("osm.sqlite").path
        _ = try locate(["ingest", "pipelines/osm-toilets-tags-sample.yml", "--db", osmDB])
        let osm = try locate(["toilet", "--near", "50.0865,14.4190", "--limit", "10", "--json", "--db", osmDB])
        docs.append(Document(name: "toilet --json (OSM sample)", schema: "toilet-answer", text: osm.stdout))
        let osmGeoJSON = try locate(["export", "geojson", "--db", osmDB])
        docs.append(Document(name: "export geojson (OSM sample)", schema: "geojson", text: osmGeoJSON.stdout))
        let toiletGeoJSON = try locate([
            "toilet", "--near", "50.0865,14.4190", "--limit", "10", "--format", "geojson", "--db", osmDB,
        ])
        docs.append(Document(name: "toilet --format geojson (OSM sample)", schema: "toilet-geojson", text: toiletGeoJSON.stdout))
        let named = try locate(["station", "--name", "KRAKOW", "--at", "2026-11-21T20:30", "--json", "--db", db])
        docs.append(Document(name: "station --name --json", schema: "station-answer", text: named.stdout))
        let station = try locate(
            ["station", "--near", "50.06,19.94", "--at", "2026-11-21T20:30", "--alert", "PM10>50", "--json", "--db", db],
            status: 4)
        docs.append(Document(name: "station --json", schema: "station-answer", text: station.stdout))
        docs.append(Document(name: "station --json alert (stderr)", schema: "error", text: station.stderr))
        let stationGeoJSON = try locate(
            ["station", "--near", "50.06,19.94", "--at", "2026-11-21T20:30", "--format", "geojson", "--db", db])
        docs.append(Document(name: "station --format geojson", schema: "station-geojson", text: stationGeoJSON.stdout))
        // OpenAQ's stations as map features: the EAQI alone (GIOŚ's below: both indexes).
        let openaqDB = dir.appendingPathComponent("openaq.sqlite").path
        for pipeline in ["openaq-stations-sample", "openaq-air-sample"] {
            _ = try locate(["ingest", "pipelines/\(pipeline).yml", "--db", openaqDB])
        }
        let openaq = try locate(["export", "geojson", "--kind", "stations", "--at", "2026-11-21T20:30", "--db", openaqDB])
        docs.append(Document(name: "export geojson --kind stations (OpenAQ sample)", schema: "geojson", text: openaq.stdout))
        let show = try locate(["station", "show", "9001", "--at", "2026-11-21T20:30", "--days", "2", "--json", "--db", db])
        docs.append(Document(name: "station show --json", schema: "station-detail", text: show.stdout))
        let marks = dir.appendingPathComponent("bookmarks.json").path
        _ = try locate(["bookmark", "add", "gios-stations-sample/9001", "--bookmarks", marks, "--db", db])
        _ = try locate([
            "bookmark", "add", "prague-toilets-sample/a0372e39a2bc@50.080320,14.420010", "--bookmarks", marks, "--db", db,
        ])
        docs.append(Document(name: "bookmarks file", schema: "bookmarks", text: try read(marks)))
        let list = try locate(["bookmark", "list", "--bookmarks", marks, "--json", "--db", db])
        docs.append(Document(name: "bookmark list --json", schema: "bookmark-list", text: list.stdout))
        let watched = try locate(
            [
                "station", "--bookmarked", "--bookmarks", marks, "--at", "2026-11-21T20:30", "--alert", "who", "--alert",
                "index>=3", "--json", "--db", db,
            ], status: 4)
        docs.append(Document(name: "station --bookmarked --alert who --json", schema: "station-answer", text: watched.stdout))
        let toilets = try locate(
            ["toilet", "--bookmarked", "--bookmarks", marks, "--at", "2026-11-21T20:30", "--json", "--db", db])
        docs.append(Document(name: "toilet --bookmarked --json", schema: "toilet-answer", text: toilets.stdout))
        // --near-file: each JSON line and the GeoJSON, of toilets and of stations.
        let points = dir.appendingPathComponent("points.csv").path
        try Data("id,lat,lon\na,50.0875,14.4214\nb,50.06,19.94\n".utf8).write(to: URL(fileURLWithPath: points))
        for kind in ["toilet", "station"] {
            let lines = try locate([
                kind, "--near-file", points, "--limit", "2", "--at", "2026-11-21T20:30", "--format", "jsonl", "--db", db,
            ])
            for (i, line) in lines.stdout.split(separator: "\n").enumerated() {
                docs.append(
                    Document(name: "\(kind) --near-file jsonl line \(i + 1)", schema: "\(kind)-batch-line", text: String(line)))
            }
            let features = try locate([
                kind, "--near-file", points, "--limit", "2", "--at", "2026-11-21T20:30", "--format", "geojson", "--db", db,
            ])
            docs.append(Document(name: "\(kind) --near-file geojson", schema: "\(kind)-batch-geojson", text: features.stdout))
        }
        let eval = try locate(["hours", "eval", "Mo-Fr 08:00-18:00", "--at", "2026-11-23T09:00", "--country", "CZ", "--json"])
        docs.append(Document(name: "hours eval --json", schema: "hours-eval", text: eval.stdout))
        let batch = try locate(
            ["hours", "eval", "--batch"],
            stdin: """
                {"id":"a","expr":"Mo-Fr 08:00-18:00","at":"2026-06-03T12:00","country":"CZ","coords":[50.08,14.42]}
                {"id":7,"expr":"24/7","at":"2026-06-03T12:00:00+02:00","tz":"Europe/Warsaw"}
                {"id":"c","expr":"Mo-Fr 8-20"}
                not json

                """)
        for (i, line) in batch.stdout.split(separator: "\n").enumerated() {
            docs.append(Document(name: "hours eval --batch line \(i + 1)", schema: "hours-eval-line", text: String(line)))
        }
        let normalized = try locate(["hours", "normalize", "po-pá 6:00-21:00", "--json"])
        docs.append(Document(name: "hours normalize --json", schema: "hours-normalize", text: normalized.stdout))
        let prose = try locate(["hours", "normalize", "nejasná", "--json"], status: 3)
        docs.append(Document(name: "hours normalize --json (no schedule)", schema: "hours-normalize", text: prose.stdout))
        docs.append(Document(name: "hours normalize --json (stderr)", schema: "error", text: prose.stderr))
        let signs = Fixtures.repo("Tests/LocateCLITests/signs")
        let sign = try locate(["hours", "read", signs + "/pol-table-lowcontrast.png", "--lang", "pol", "--json"])
        docs.append(Document(name: "hours read --json", schema: "hours-sign", text: sign.stdout))
        let noHours = try locate(["hours", "read", signs + "/no-hours.png", "--lang", "ces", "--json"], status: 3)
        docs.append(Document(name: "hours read --json (not readable)", schema: "hours-sign", text: noHours.stdout))
        docs.append(Document(name: "hours read --json (stderr)", schema: "error", text: noHours.stderr))
        let geojson = dir.appendingPathComponent("toilets.geojson").path
        let export = try locate(["export", "geojson", "--out", geojson, "--at", "2026-11-21T20:30", "--json", "--db", db])
        docs.append(Document(name: "export geojson --json", schema: "export-summary", text: export.stdout))
        docs.append(Document(name: "export geojson file", schema: "geojson", text: try read(geojson)))
        let stations = try locate(["export", "geojson", "--kind", "stations", "--at", "2026-11-21T20:30", "--db", db])
        docs.append(Document(name: "export geojson --kind stations", schema: "geojson", text: stations.stdout))
        let site = dir.appendingPathComponent("site").path
        let snapshot = try locate(["export", "snapshot", "--out", site, "--at", "2026-11-21T20:30", "--json", "--db", db])
        docs.append(Document(name: "export snapshot --json", schema: "export-summary", text: snapshot.stdout))
        for (file, schema) in [
            ("manifest.json", "snapshot-manifest"), ("changes.json", "snapshot-changes"),
            ("stations/changes.json", "snapshot-changes"), ("toilets/shards.json", "snapshot-shards"),
            ("toilets.geojson", "geojson"), ("stations.geojson", "geojson"), ("offline.json", "offline-files"),
        ] {
            docs.append(Document(name: "snapshot \(file)", schema: schema, text: try read(site + "/" + file)))
        }
        // The page's own basemap, from a made-up extract.
        let extract = dir.appendingPathComponent("streets.osm.pbf").path
        try Data(PBFWriter.sampleStreets()).write(to: URL(fileURLWithPath: extract))
        let mapped = dir.appendingPathComponent("mapped").path
        _ = try locate(["export", "snapshot", "--out", mapped, "--basemap", extract, "--at", "2026-11-21T20:30", "--db", db])
        docs.append(
            Document(name: "snapshot basemap/index.json", schema: "basemap-index", text: try read(mapped + "/basemap/index.json"))
        )
        for shard in try FileManager.default.contentsOfDirectory(atPath: mapped + "/basemap").sorted()
        where shard.hasSuffix(".js") {
            let script = try read(mapped + "/basemap/" + shard)
            #expect(script.hasPrefix("LOCATE_BASEMAP_SHARD(") && script.hasSuffix(");\n"), "\(shard)")
            let json = String(script.dropFirst("LOCATE_BASEMAP_SHARD(".count).dropLast(3))
            docs.append(Document(name: "snapshot basemap/\(shard)", schema: "basemap-shard", text: json))
        }
        let failure = try locate(["toilet", "--near", "50,14", "--json", "--db", "/nope/x.sqlite"], status: 1)
        docs.append(Document(name: "error --json (stderr)", schema: "error", text: failure.stderr))
        let usage = try locate(["toilet", "--near", "95,14", "--json", "--db", db], status: 64)
        docs.append(Document(name: "usage error --json (stderr)", schema: "error", text: usage.stderr))
        let none = try locate(["toilet", "--near", "50.0875,14.4214", "--wheelchair", "--json", "--db", db], status: 3)
        docs.append(Document(name: "no result --json (stderr)", schema: "error", text: none.stderr))
        let copy = dir.appendingPathComponent("backup.sqlite").path
        let backup = try locate(["backup", copy, "--json", "--db", db])
        docs.append(Document(name: "backup --json", schema: "backup", text: backup.stdout))
        let restored = dir.appendingPathComponent("restored.sqlite").path
        let restore = try locate(["restore", copy, "--json", "--db", restored])
        docs.append(Document(name: "restore --json", schema: "backup", text: restore.stdout))
        return docs
    }

    @Test(
        .enabled(
            if: JSONSchemaCheck.available, "no python3 with jsonschema (Debian: python3-jsonschema; scripts/setup.sh --test)"))
    func everyDocumentMatchesItsSchema() throws {
        let docs = try JSONSchemaTests.collected.get()
        let dir = try Fixtures.temporaryFolder()
        let files = try docs.enumerated().map { i, d -> JSONSchemaCheck.Document in
            let path = dir.appendingPathComponent("doc\(i).json").path
            try Data(d.text.utf8).write(to: URL(fileURLWithPath: path))
            return JSONSchemaCheck.Document(name: d.name, schema: d.schema, path: path)
        }
        let verdicts = try JSONSchemaCheck.verdicts(files)
        #expect(verdicts.filter { !$0.hasPrefix("ok ") } == [])
        #expect(verdicts.count == docs.count)
    }

    /// The documents each schema file in docs/schema is for: every schema is used by at
    /// least one real output above.
    @Test func everySchemaFileIsUsed() throws {
        // The HTTP API's own documents are validated by Tests/ServeTests (ServeSchemaTests).
        let served: Set = [
            "toilet-detail", "updates", "health", "http-error", "contribution-receipt", "contribution-nearby",
        ]
        // The review documents are validated by ReviewFlowTests (they need contributions).
        let reviewed: Set = [
            "review-list", "review-show", "review-decision", "review-conflicts", "review-prune-photos", "token-list",
        ]
        let used = Set(try JSONSchemaTests.collected.get().map(\.schema)).union(served).union(reviewed)
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repo("docs/schema"))
        let names = files.filter { $0.hasSuffix(".schema.json") }.map { String($0.dropLast(".schema.json".count)) }
        #expect(names.count == files.count, "docs/schema holds files that are not NAME.schema.json: \(files.sorted())")
        for name in names.sorted() { #expect(used.contains(name), "docs/schema/\(name).schema.json is used by no output") }
        #expect(used.isSuperset(of: ["error", "runs", "ingest-report", "hours-eval", "hours-eval-line", "hours-normalize"]))
    }

    /// The contract's error object, exactly.
    static let errorCases: [([String], Int32, String)] = [
        (
            ["toilet", "--near", "95,14", "--json"], 64,
            "{\"error\":{\"exit_code\":64,\"message\":\"--near '95,14': latitude 95 is outside -90…90; if 95 is the longitude, write 14,95 (latitude first)\"},\"schema\":\"error/1\"}\n"
        ),
        (
            ["export", "geojson", "--kind", "benches", "--json"], 64,
            "{\"error\":{\"exit_code\":64,\"message\":\"The value 'benches' is invalid for '--kind <kind>'. Please provide one of 'toilets' and 'stations'.\"},\"schema\":\"error/1\"}\n"
        ),
        (
            ["toilet", "--near", "50,14", "--json", "--db", "/nope/x.sqlite"], 1,
            "{\"error\":{\"exit_code\":1,\"message\":\"/nope/x.sqlite: cannot open database: no such file (run `locate ingest` first)\"},\"schema\":\"error/1\"}\n"
        ),
        (
            ["hours", "eval", "Mo-Fr 10:60-12:00", "--json"], 1,
            "{\"error\":{\"exit_code\":1,\"message\":\"not valid opening_hours (at character 10: minutes 60 are out of range (00-59))\"},\"schema\":\"error/1\"}\n"
        ),
    ]

    @Test(arguments: errorCases)
    func errorsWithJSONAreOneObjectOnStderr(args: [String], status: Int32, stderr: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == status)
        #expect(r.stdout == "")
        #expect(r.stderr == stderr)
    }
}
