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
                ingested prague-toilets-sample into \(db) (run 1, dataset prague-toilets-sample): read 15, accepted 12, rejected 3, warnings 5
                changes: 12 added, 0 updated, 0 unchanged, 0 retired
                rejected feature 12: geometry: geometry is null
                rejected feature 13: geometry: coordinates look swapped: latitude 14.421, longitude 50.085 is outside the region, but inside once exchanged
                rejected feature 14: geometry: position 49.195100,16.606800 (lat,lon) is outside the region 49.94..50.18 N, 14.22..14.71 E
                warnings: 2× OTEVRENO: opening hours missing; 1× ADRESA: address is blank; 1× CENA: price missing; 1× OTEVRENO: hours not understood, stored as unknown

                """)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect((json?["rejected"] as? [Any])?.count == 3)
        #expect((json?["warnings"] as? [Any])?.count == 5)
        let again = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(again.stderr.contains("changes: 0 added, 0 updated, 12 unchanged, 0 retired\n"))
        let runs = try CLI.run(["runs", "--db", db, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [String: Any]
        #expect(document?["schema"] as? String == "runs/1")
        let list = document?["runs"] as? [[String: Any]]
        #expect(list?.count == 2)
        #expect((list?.last?["source_sha256"] as? String)?.count == 64)
        #expect(list?.last?["licence"] as? String == "CC0 (sample written for locate)")
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
                "Exit codes: 0 success, 1 error (bad input, storage, network), 3 no result, 4\nalert threshold exceeded (locate station --alert), 64 usage error."
            ))
    }
}
