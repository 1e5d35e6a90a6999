import Foundation
import LocateTestSupport
import Testing

@Suite struct ExportCommandTests {
    @Test func geojsonToStdoutAndFile() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["export", "geojson", "--db", db])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("{\"bbox\":[14.40447,50.07563,14.45631,50.09043],\"features\":["))
        #expect(r.stdout.components(separatedBy: ",\"type\":\"Feature\"}").count == 13)
        let out = try Fixtures.temporaryFolder().appendingPathComponent("t.geojson").path
        let f = try CLI.run(["export", "geojson", "--out", out, "--at", "2026-11-21T20:30", "--db", db])
        #expect(f.status == 0)
        #expect(f.stderr.hasPrefix("wrote 12 features to \(out) ("))
        #expect(f.stdout == "")
    }

    /// A usage error prints ArgumentParser's whole message with the choices.
    static let badDataset = """
        Error: The value 'benches' is invalid for '--kind <kind>'. Please provide one of 'toilets' and 'stations'.
        Help:  --kind <kind>  What to write: toilets or stations (default: toilets).
        Usage: locate export geojson [--kind <kind>] [--out <FILE>] [--at <TIME>] [--tz <ZONE>] [--json] [--db <PATH>]
          See 'locate export geojson --help' for more information.

        """

    static let errorCases: [([String], Int32, String)] = [
        (["export", "geojson", "--kind", "benches"], 64, badDataset),
        (
            ["export", "geojson", "--kind", "stations", "--dataset", "toilets"], 64,
            "Error: --kind stations and --dataset toilets disagree: give --kind only\nUsage: locate export geojson [--kind <kind>] [--out <FILE>] [--at <TIME>] [--tz <ZONE>] [--json] [--db <PATH>]\n  See 'locate export geojson --help' for more information.\n"
        ),
        (
            ["export", "geojson", "--dataset", "stations"], 1,
            "note: --dataset stations is now --kind stations (--dataset names a dataset)\nerror: the database has no active stations: run `locate ingest` first\n"
        ),
        (
            ["export", "geojson", "--json"], 64,
            "{\"error\":{\"exit_code\":64,\"message\":\"--json needs --out FILE (the GeoJSON would go to stdout)\"},\"schema\":\"error/1\"}\n"
        ),
        (
            ["export", "geojson", "--kind", "stations"], 1,
            "error: the database has no active stations: run `locate ingest` first\n"
        ),
        (
            ["export", "geojson", "--out", "/nope/t.geojson"], 1,
            "error: cannot write /nope/t.geojson: folder /nope does not exist\n"
        ),
        (["export", "snapshot", "--out", "/nope/snap"], 1, "error: cannot write /nope/snap: folder /nope does not exist\n"),
        // Issue 10, item 2: a full device is an error, not "wrote 12 features".
        (["export", "geojson", "--out", "/dev/full"], 1, "error: cannot write /dev/full: No space left on device\n"),
        (
            ["export", "geojson", "--out", "/tmp"], 1,
            "error: cannot write /tmp: it is a folder (name a file, or - for standard output)\n"
        ),
        (
            ["export", "geojson", "--out", "-", "--json"], 64,
            "{\"error\":{\"exit_code\":64,\"message\":\"--json needs --out FILE (the GeoJSON would go to stdout)\"},\"schema\":\"error/1\"}\n"
        ),
    ]

    @Test(arguments: errorCases)
    func errors(args: [String], status: Int32, message: String) throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(args + ["--db", db])
        #expect(r.status == status)
        #expect(r.stderr == message)
    }

    /// `--out -` is standard output, as no `--out`.
    @Test func dashIsStandardOutput() throws {
        let db = try CLI.sampleDatabase()
        let dash = try CLI.run(["export", "geojson", "--out", "-", "--db", db])
        let none = try CLI.run(["export", "geojson", "--db", db])
        #expect(dash.status == 0)
        #expect(dash.stderr == "")
        #expect(dash.stdout == none.stdout)
        #expect(dash.stdout.hasSuffix(",\"type\":\"FeatureCollection\"}\n"))
    }

    /// Issue 10, item 1: `--out README.md` or a folder of someone else's is refused, untouched.
    @Test func aSnapshotNeverReplacesWhatIsNotASnapshot() throws {
        let db = try CLI.sampleDatabase()
        let dir = try Fixtures.temporaryFolder()
        let readme = try Fixtures.write("# read me\n", name: "README.md", in: dir)
        let r = try CLI.run(["export", "snapshot", "--out", readme, "--db", db])
        #expect(r.status == 1)
        #expect(
            r.stderr == "error: will not write a snapshot to \(readme): it is a file, not a folder; name a new or empty folder\n")
        let victim = dir.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
        let thesis = try Fixtures.write("x\n", name: "thesis.txt", in: victim)
        let v = try CLI.run(["export", "snapshot", "--out", victim.path, "--db", db, "--json"])
        #expect(v.status == 1)
        #expect(
            v.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"will not write a snapshot to \(victim.path): the folder is not empty and is not a locate snapshot (it holds thesis.txt); name a new or empty folder\"},\"schema\":\"error/1\"}\n"
        )
        #expect(try String(contentsOfFile: thesis, encoding: .utf8) == "x\n")
        #expect(try String(contentsOfFile: readme, encoding: .utf8) == "# read me\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["README.md", "victim"])
    }

    /// `--out /dev/stdout` with stdout appended to a file writes into that file, never a
    /// temporary file renamed over it.
    @Test func devStdoutIntoAFileIsWrittenInPlace() throws {
        let db = try CLI.sampleDatabase()
        let dir = try Fixtures.temporaryFolder()
        let file = try Fixtures.write("first\n", name: "log.txt", in: dir)
        let r = try Fixtures.shell("'\(CLI.binary)' export geojson --out /dev/stdout --db '\(db)' >> '\(file)'")
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("wrote 12 features to /dev/stdout ("))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("first\n{\"bbox\":[14.40447,50.07563,14.45631,50.09043]"))
        #expect(text.hasSuffix(",\"type\":\"FeatureCollection\"}\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["log.txt"])
    }

    /// A regular file named by --out is replaced whole, keeping nothing beside it.
    @Test func aGeoJSONFileIsReplacedWhole() throws {
        let db = try CLI.sampleDatabase()
        let dir = try Fixtures.temporaryFolder()
        let out = try Fixtures.write("old\n", name: "t.geojson", in: dir)
        let r = try CLI.run(["export", "geojson", "--out", out, "--db", db])
        #expect(r.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{\"bbox\":[14.40447,50.07563,14.45631,50.09043]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.geojson"])
    }

    @Test func emptyDatabaseIsAnError() throws {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("e.sqlite").path
        // A database with the schema but no toilets: an ingest whose every record is rejected
        // (accepted only with --max-reject-share 1).
        let bad = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":null,\"properties\":"
                + "{\"ADRESA\":\"a\",\"OTEVRENO\":\"nonstop\",\"CENA\":\"zdarma\"}}]}",
            name: "b.geojson", in: dir)
        let setup = try CLI.ingest([
            "pipelines/prague-toilets-sample.yml", "--source", bad, "--max-reject-share", "1", "--db", db,
        ])
        #expect(setup.stderr.contains("read 1, accepted 0, rejected 1, warnings 0\n"), "\(setup.stderr)")
        let r = try CLI.run(["export", "snapshot", "--out", dir.appendingPathComponent("s").path, "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr == "error: the database has no active toilets or stations: run `locate ingest` first\n")
    }

    @Test func snapshotSummary() throws {
        let db = try CLI.sampleDatabase()
        let out = try Fixtures.temporaryFolder().appendingPathComponent("snap").path
        let r = try CLI.run(["export", "snapshot", "--out", out, "--db", db])
        #expect(r.status == 0)
        #expect(r.stderr == "wrote snapshot \(out): 12 toilets in 2 shards\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out) == "snap.v/1")
        let again = try CLI.run(["export", "snapshot", "--out", out, "--db", db])
        #expect(
            again.stderr
                == "wrote snapshot \(out): 12 toilets in 2 shards; since the previous one: toilets 0 added, 0 updated, 0 retired\n"
        )
    }

    /// `export-summary/1` names a dataset by its `kind` and counts shards in `shard_count`.
    @Test func snapshotSummaryJSON() throws {
        let db = try CLI.sampleDatabase()
        let out = try Fixtures.temporaryFolder().appendingPathComponent("snap").path
        let r = try CLI.run(["export", "snapshot", "--out", out, "--json", "--db", db])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc.keys.sorted() == ["bytes", "datasets", "format", "out", "schema", "sha256", "shard_count"])
        #expect(doc["shard_count"] as? Int == 2)
        let datasets = try #require(doc["datasets"] as? [[String: Any]])
        #expect(datasets.map { $0.keys.sorted() } == [["added", "count", "kind", "retired", "updated"]])
        #expect(datasets.first?["kind"] as? String == "toilets")
    }
}
