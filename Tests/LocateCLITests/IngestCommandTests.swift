import Foundation
import LocateTestSupport
import Testing

@Suite struct IngestCommandTests {
    @Test func summaryOnStderrAndExactReport() throws {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("i.sqlite").path
        let report = dir.appendingPathComponent("report.json").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db, "--report", report])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(
            r.stderr == """
                ingested prague-toilets-sample into \(db) (run 1, dataset prague-toilets-sample): read 15, accepted 12, rejected 3, warnings 6
                changes: 12 added, 0 updated, 0 unchanged, 0 retired, 0 reactivated
                rejected feature 13 (OBJECTID 13): geometry: geometry is null
                rejected feature 14 (OBJECTID 14): geometry: coordinates look swapped: latitude 14.421, longitude 50.085 is outside the region, but inside once exchanged
                rejected feature 15 (OBJECTID 15): geometry: position 49.195100,16.606800 (lat,lon) is outside the region 49.94..50.18 N, 14.22..14.71 E
                warnings: 2× OTEVRENO: opening hours missing; 1× ADRESA: address is blank; 1× CENA: price missing; 1× OTEVRENO: hours corrected; 1× OTEVRENO: hours not understood, stored as unknown

                """)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect((json?["rejected"] as? [Any])?.count == 3)
        // `po-ne 9-19 h`: bare hours read with a correction each (issue 23 item 5).
        #expect((json?["warnings"] as? [Any])?.count == 6)
        let again = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(again.stderr.contains("changes: 0 added, 0 updated, 12 unchanged, 0 retired, 0 reactivated\n"))
        let runs = try CLI.run(["runs", "--db", db, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [String: Any]
        #expect(document?["schema"] as? String == "runs/1")
        let list = document?["runs"] as? [[String: Any]]
        #expect(list?.count == 2)
        #expect((list?.last?["source_sha256"] as? String)?.count == 64)
        #expect(list?.last?["licence"] as? String == "CC0 (sample written for locate)")
        #expect(list?.last?["attribution"] as? String == "locate sample data")
        #expect(list?.last?["unchanged"] as? Int == 12)
    }

    @Test(arguments: [
        (["ingest", "pipelines/nope.yml"], "error: pipelines/nope.yml: no such file\n"),
        (["ingest", "pipelines/prague-toilets-sample.yml", "--source", "/nope.geojson"], "error: /nope.geojson: no such file\n"),
        (
            ["ingest", "Package.swift"],
            "error: Package.swift:5: invalid pipeline: not valid YAML: mapping values are not allowed in this context\n"
        ),
    ])
    func errorsExitOneAndLeaveTheDatabase(args: [String], message: String) throws {
        let db = try CLI.sampleDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let r = try CLI.run(args + ["--db", db])
        #expect(r.status == 1)
        #expect(r.stderr == message)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// Issue 10, item 19: binary input never prints a raw NUL; devices are not read whole.
    @Test(arguments: [
        (["ingest", "/dev/zero"], "error: /dev/zero: cannot read: not a regular file\n"),
        (
            ["ingest", "pipelines/gios-stations-sample.yml", "--source", "/dev/zero"],
            "error: /dev/zero: cannot read: not a regular file\n"
        ),
        (
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", "/dev/zero"],
            "error: /dev/zero:1: malformed JSON at byte 0: the file holds NUL bytes: UTF-16 or UTF-32 without a byte order "
                + "mark, or binary data; locate reads UTF-8 JSON\n"
        ),
    ])
    func binaryInputIsNamedWithoutRawBytes(args: [String], message: String) throws {
        try errorsExitOneAndLeaveTheDatabase(args: args, message: message)
    }

    /// Issue 10, item 6: a bad `--report` path fails before the database is touched.
    @Test(arguments: [
        ("/nonexistent/r.json", "error: --report /nonexistent/r.json: the folder /nonexistent does not exist\n"),
        ("/tmp", "error: --report /tmp: is a folder, not a file\n"),
        ("/etc/hostname/r.json", "error: --report /etc/hostname/r.json: /etc/hostname is not a folder\n"),
    ])
    func aBadReportPathFailsBeforeAnyChange(report: String, message: String) throws {
        let db = try CLI.sampleDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let three = try Self.firstThreeSampleFeatures()
        let r = try CLI.run(
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", three, "--allow-mass-retire"]
                + ["--db", db, "--report", report])
        #expect(r.status == 1)
        #expect(r.stderr == message)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        // No database is created for a run that fails on its report path.
        let fresh = try Fixtures.temporaryFolder().appendingPathComponent("new.sqlite").path
        let first = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", fresh, "--report", report])
        #expect(first.status == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test func aSaveResponsesPathThatIsAFileFailsFirst() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--save-responses", "README.md", "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr == "error: --save-responses README.md: is a file, not a folder\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    static func firstThreeSampleFeatures() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("datasets/prague-toilets-sample.geojson")))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(doc["features"] as? [Any])
        let cut: [String: Any] = ["type": "FeatureCollection", "features": Array(features.prefix(3))]
        return try Fixtures.write(
            String(decoding: try JSONSerialization.data(withJSONObject: cut), as: UTF8.self), name: "three.geojson")
    }

    /// Issue 10, item 4: a mass retirement exits 1 with the counts, and runs with
    /// `--allow-mass-retire` or a higher `--max-retire-share`.
    @Test func aMassRetirementNeedsToBeAllowed() throws {
        let db = try CLI.sampleDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let three = try Self.firstThreeSampleFeatures()
        let base = ["ingest", "pipelines/prague-toilets-sample.yml", "--source", three, "--db", db]
        let refused = try CLI.run(base)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: \(three): the run would retire 9 of the 12 active records of dataset 'prague-toilets-sample' "
                + "(75 %, more than the limit of 50 %): nothing changed; check the input, or pass --allow-mass-retire "
                + "(or a higher --max-retire-share) to accept\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let bad = try CLI.run(base + ["--max-retire-share", "1.5"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--max-retire-share must be a share from 0 to 1 (0.5 is half)"))
        let shared = try CLI.run(base + ["--max-retire-share", "0.75"])
        #expect(shared.status == 0)
        #expect(shared.stderr.contains("changes: 0 added, 0 updated, 3 unchanged, 9 retired, 0 reactivated\n"))
        let empty = try Fixtures.write(#"{"type": "FeatureCollection", "features": []}"#, name: "empty.geojson")
        let allowed = try CLI.run(
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", empty, "--db", db, "--allow-mass-retire"])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("changes: 0 added, 0 updated, 0 unchanged, 3 retired, 0 reactivated\n"))
    }

    /// Issue 10, item 4: an input released before the dataset's newest run warns, on stderr
    /// and in the report's `notices`.
    @Test func anOlderReleaseWarns() throws {
        let dir = try Fixtures.temporaryFolder()
        let sample = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
            .replacingOccurrences(of: "../datasets/", with: Fixtures.repo("datasets") + "/")
        let newer = try Fixtures.write(sample + "released: 2026-09-27\n", name: "newer.yml", in: dir)
        let older = try Fixtures.write(sample + "released: 2019-11-08\n", name: "older.yml", in: dir)
        let db = dir.appendingPathComponent("r.sqlite").path
        try CLI.ingest([newer, "--db", db])
        let r = try CLI.run(["ingest", older, "--db", db, "--json"])
        #expect(r.status == 0)
        let notice =
            "the input (released 2019-11-08) is older than the dataset's newest run (released 2026-09-27): "
            + "0 records retired, 0 updated"
        #expect(r.stderr.hasSuffix("warning: \(notice)\n"), "\(r.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(document?["notices"] as? [String] == [notice])
    }

    /// Issue 10, item 19: the warnings line says how many groups it leaves out.
    @Test func theWarningsLineCountsTheGroupsItLeavesOut() throws {
        func feature(_ lon: Double, _ props: String, coords: String? = nil) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":\#(coords ?? "[\(lon),50.08]")},"properties":{\#(props)}}"#
        }
        let features = [
            feature(14.40, #""ADRESA":" ","OTEVRENO":"nonstop","CENA":"zdarma""#),
            feature(14.41, #""OTEVRENO":"nonstop","CENA":"zdarma""#),
            feature(14.42, #""ADRESA":"a","CENA":"zdarma""#),
            feature(14.43, #""ADRESA":"b","OTEVRENO":"kdykoli po domluvě","CENA":"zdarma""#),
            feature(14.44, #""ADRESA":"c","OTEVRENO":"nonstop""#),
            feature(14.45, #""ADRESA":"d","OTEVRENO":"nonstop","CENA":"něco""#),
            feature(0, #""ADRESA":"e","OTEVRENO":"nonstop","CENA":"zdarma""#, coords: #"["14.46","50.08"]"#),
        ]
        let file = try Fixtures.write(
            #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#, name: "w.geojson")
        let db = try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--source", file, "--db", db])
        #expect(r.status == 0)
        let line = r.stderr.split(separator: "\n").first { $0.hasPrefix("warnings: ") }.map(String.init)
        #expect(line?.hasSuffix("; …and 2 more (all in --report FILE)") == true, "\(r.stderr)")
        #expect(line?.components(separatedBy: "× ").count == 6)
    }

    @Test func unwritableDatabase() throws {
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", "/sys/locate.sqlite"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: /sys/locate.sqlite: database is not writable: cannot create the file in /sys\n")
    }

    @Test func everyCommandHasHelp() throws {
        let commands = [
            [], ["ingest"], ["toilet"], ["station"], ["runs"], ["hours"], ["hours", "eval"], ["hours", "normalize"], ["export"],
            ["export", "geojson"], ["export", "snapshot"],
        ]
        for command in commands {
            let r = try CLI.run(command + ["--help"])
            #expect(r.status == 0)
            #expect(r.stdout.hasPrefix("OVERVIEW: "), "\(command)")
            // Regression: a doubled backslash in a wrapped help text printed "\" at line ends.
            #expect(!r.stdout.contains("\\"), "\(command): stray backslash in the help text")
        }
        // A command group without a subcommand prints its help, as --help does.
        for group in [[], ["hours"], ["export"]] {
            let bare = try CLI.run(group)
            #expect(bare.status == 0, "\(group)")
            #expect(bare.stdout == (try CLI.run(group + ["--help"])).stdout, "\(group)")
            #expect(bare.stderr == "", "\(group)")
        }
        let root = try CLI.run(["--help"])
        #expect(
            root.stdout.contains(
                "Exit codes: 0 success, 1 error (bad input, storage, network), 3 no result, 4\nalert threshold exceeded (locate station --alert), 5 an alert rule could not be\njudged (no value, or too old; locate station --alert) or a dataset is stale\n(locate status), 64 usage error, 130 or 143 locate ingest interrupted by SIGINT\nor SIGTERM"
            ))
    }
}
