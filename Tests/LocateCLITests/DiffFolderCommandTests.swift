import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// A pipeline's `source.changes` folder and the refusal of an older full read, through the
/// built binary, on the diff fixtures of `DiffIngestCommandTests` (the real Helsinki extract at
/// sequence 100 and `osmium derive-changes` diffs 101 and 102).
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct DiffFolderCommandTests {
    /// A pipeline reading `pbf` of the fixtures with `changes: folder` (relative to it).
    static func pipeline(_ pbf: String, in dir: String, folder: String) throws -> String {
        let plain = try DiffIngestCommandTests.pipeline(pbf, in: dir)
        let text = try String(contentsOfFile: plain, encoding: .utf8)
            .replacingOccurrences(of: "  format: osm-pbf\n", with: "  format: osm-pbf\n  changes: \(folder)\n")
        let path = dir + "/" + folder + ".yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A folder `name` in the fixtures with `files` (shell copy commands run in it).
    static func folder(_ name: String, in dir: String, _ commands: String) throws {
        let r = try Fixtures.shell("cd '\(dir)' && rm -rf \(name) && mkdir -p \(name) && cd \(name) && \(commands)")
        try #require(r.status == 0, "\(r.stderr)")
    }

    @Test func oneLineReadsTheExtractThenItsNewerDiffsThenSaysUpToDate() throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        // 101 flat with its state file; 102 in the replication servers' nested layout, named
        // by its path (000/000/102), and an old diff (100) that must be skipped.
        try Self.folder(
            "updates", in: dir,
            "cp ../101.osc.gz ../101.state.txt . && mkdir -p 000/000 && cp ../102.osc.gz 000/000/102.osc.gz "
                + "&& cp ../101.osc.gz 100.osc.gz")
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir, folder: "updates")
        let db = try Fixtures.temporaryFolder().appendingPathComponent("folder.sqlite").path
        let first = try CLI.ingest([pipeline, "--db", db])
        #expect(first.stderr.contains("(run 1, dataset osm-toilets-helsinki)"))
        #expect(
            first.stderr.contains(
                """
                ingested osm-toilets-helsinki-pbf into \(db) (run 2, dataset osm-toilets-helsinki): read 16, accepted 16, rejected 0, warnings 0
                changes: 1 added, 1 updated, 14 unchanged, 3 retired, 0 reactivated
                replication: sequence 102

                """), "no timestamp: 102 has no state file in the folder")
        let oracle = try Fixtures.temporaryFolder().appendingPathComponent("folder-oracle.sqlite").path
        try CLI.ingest([try DiffIngestCommandTests.pipeline("applied.osm.pbf", in: dir), "--db", oracle])
        #expect(try DiffIngestCommandTests.places(db) == (try DiffIngestCommandTests.places(oracle)))
        let digest = try LocateStore(readingAt: db).contentDigest()
        let again = try CLI.run(["ingest", pipeline, "--db", db])
        #expect(again.status == 0)
        #expect(
            again.stderr
                == "dataset 'osm-toilets-helsinki' is up to date at sequence 102 (no newer diff in \(dir)/updates)\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        #expect(try LocateStore(readingAt: db).runs().count == 2)
        // --source reads the extract instead of the folder.
        let full = try CLI.run(["ingest", pipeline, "--db", db, "--source", dir + "/applied.osm.pbf", "--allow-older"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(try LocateStore(readingAt: db).runs().count == 3)
    }

    @Test func aGapInTheFolderIsRefusedNamingTheNumbersBeforeAnythingIsWritten() throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        try Self.folder("gap", in: dir, "cp ../102.osc.gz ../102.state.txt .")
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir, folder: "gap")
        let message =
            "error: \(dir)/gap: dataset 'osm-toilets-helsinki' is at sequence 100 but the next diff in the folder is "
            + "102 (\(dir)/gap/102.osc.gz): sequence 101 missing; nothing changed\n"
        // A new dataset: the extract's header (100) is checked against the folder first.
        let fresh = try Fixtures.temporaryFolder().appendingPathComponent("gap-fresh.sqlite").path
        let r = try CLI.run(["ingest", pipeline, "--db", fresh])
        #expect(r.status == 1)
        #expect(r.stderr == message)
        #expect(!FileManager.default.fileExists(atPath: fresh), "nothing written")
        // A dataset at 100.
        let db = try Fixtures.temporaryFolder().appendingPathComponent("gap.sqlite").path
        try CLI.ingest([try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir), "--db", db])
        let digest = try LocateStore(readingAt: db).contentDigest()
        let gap = try CLI.run(["ingest", pipeline, "--db", db])
        #expect(gap.status == 1)
        #expect(gap.stderr == message)
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
    }

    @Test func anOlderFullReadIsRefusedUnlessAllowed() throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        let pipeline = try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir)
        let db = try Fixtures.temporaryFolder().appendingPathComponent("older.sqlite").path
        let same = try CLI.ingest([pipeline, "--db", db])
        #expect(!same.stderr.contains("as dataset"), "a first read has nothing to compare")
        let equal = try CLI.ingest([pipeline, "--db", db])
        #expect(equal.stderr.contains("the extract is at replication sequence 100, as dataset 'osm-toilets-helsinki' is"))
        try CLI.ingest([pipeline, "--db", db, "--changes", dir + "/101.osc.gz"])
        let digest = try LocateStore(readingAt: db).contentDigest()
        let older = try CLI.run(["ingest", pipeline, "--db", db])
        #expect(older.status == 1)
        #expect(
            older.stderr
                == "error: \(dir)/base.osm.pbf: the extract is at replication sequence 100, older than dataset "
                + "'osm-toilets-helsinki' at sequence 101 (diffs were applied after it): reading it would roll places "
                + "back; nothing changed (read a newer extract, or pass --allow-older to read this one anyway)\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        #expect(try LocateStore(readingAt: db).runs().count == 3)
        // A newer extract proceeds with a notice; so does an older one with --allow-older.
        let r = try Fixtures.shell(
            "cd '\(dir)' && osmium cat applied.osm.pbf --output-header=osmosis_replication_sequence_number=102 "
                + "-o newer.osm.pbf -O")
        try #require(r.status == 0, "\(r.stderr)")
        let newer = try CLI.ingest([try DiffIngestCommandTests.pipeline("newer.osm.pbf", in: dir), "--db", db])
        #expect(
            newer.stderr.contains("the extract moves dataset 'osm-toilets-helsinki' from replication sequence 101 to 102"))
        let allowed = try CLI.ingest([pipeline, "--db", db, "--allow-older"])
        #expect(allowed.stderr.contains("--allow-older: read the extract at replication sequence 100, older than dataset"))
        #expect(allowed.stderr.contains("replication: sequence 100"))
    }
}
