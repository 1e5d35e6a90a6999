import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

/// `locate ingest --changes` through the built binary, against osmium: diffs made with
/// `osmium derive-changes` from edited copies of the real Helsinki extract
/// (`Tests/OSMPBFTests/fixtures/make-diffs.sh`) applied to a PBF ingest give the same places
/// as a fresh ingest of `osmium apply-changes` output; diffs out of order, applied twice or
/// damaged are refused with the database unchanged.
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct DiffIngestCommandTests {
    /// The diff fixtures, made once per test process.
    static let fixtures: Result<String, any Error> = Result {
        let dir = try Fixtures.temporaryFolder().appendingPathComponent("diffs").path
        let script = Fixtures.repo("Tests/OSMPBFTests/fixtures/make-diffs.sh")
        let r = try Fixtures.shell("sh '\(script)' '\(Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf"))' '\(dir)'")
        guard r.status == 0 else { throw FixtureError(message: "make-diffs.sh: \(r.stderr)") }
        return dir
    }

    struct FixtureError: Error { let message: String }

    /// A pipeline like the Helsinki one reading `pbf` of the fixtures folder.
    static func pipeline(_ pbf: String, in dir: String) throws -> String {
        let text = try String(contentsOfFile: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"), encoding: .utf8)
            .replacingOccurrences(
                of: "path: ../../shared/datasets/osm-pbf/helsinki-centre.osm.pbf", with: "path: \(dir)/\(pbf)")
        let path = dir + "/" + pbf + ".yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let columns = "source_id, name, hours_text, price_text, is_free, wheelchair, access, unisex, level, properties"

    /// The active places: every compared column, and lon/lat to 1e-7°.
    static func places(_ db: String) throws -> [[String]] {
        try LocateStore(readingAt: db).testRows(
            sql: "SELECT \(columns), lon, lat FROM toilets WHERE status = 'active' ORDER BY source_id"
        ).map { row in
            [row["source_id"] as String]
                + columns.split(separator: ",").dropFirst().map { c in
                    (row[c.trimmingCharacters(in: .whitespaces)] as DatabaseValue).description
                } + [String(format: "%.7f", row["lon"] as Double), String(format: "%.7f", row["lat"] as Double)]
        }
    }

    @Test func diffsGiveWhatOsmiumApplyChangesGives() throws {
        let dir = try Self.fixtures.get()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("diffs.sqlite").path
        try CLI.ingest([try Self.pipeline("base.osm.pbf", in: dir), "--db", db])
        let r = try CLI.ingest([
            try Self.pipeline("base.osm.pbf", in: dir), "--db", db, "--changes", dir + "/101.osc.gz", dir + "/102.osc.gz",
        ])
        #expect(
            r.stderr == """
                ingested osm-toilets-helsinki-pbf into \(db) (run 2, dataset osm-toilets-helsinki): read 16, accepted 16, rejected 0, warnings 0
                changes: 1 added, 1 updated, 14 unchanged, 3 retired, 0 reactivated
                replication: sequence 102, timestamp 2026-11-03T00:00:00Z

                """)
        let oracle = try Fixtures.temporaryFolder().appendingPathComponent("oracle.sqlite").path
        try CLI.ingest([try Self.pipeline("applied.osm.pbf", in: dir), "--db", oracle])
        let mine = try Self.places(db)
        #expect(mine.count == 16)
        #expect(mine == (try Self.places(oracle)))
        #expect(mine.contains { $0[0] == "node/9000000001" })
        #expect(!mine.contains { ["node/251337995", "node/5284191284", "way/464733009"].contains($0[0]) })
    }

    @Test func aMovedNodeMovesItsWayAsOsmiumPlacesIt() throws {
        let dir = try Self.fixtures.get()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("moved.sqlite").path
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        let before = try Self.places(db).first { $0[0] == "way/464733009" }
        try CLI.ingest([pipeline, "--db", db, "--changes", dir + "/101.osc.gz"])
        let r = try Fixtures.shell(
            "cd '\(dir)' && osmium apply-changes base.osm.pbf 101.osc.gz -o a101.osm.pbf -O")
        try #require(r.status == 0, "\(r.stderr)")
        let oracle = try Fixtures.temporaryFolder().appendingPathComponent("oracle101.sqlite").path
        try CLI.ingest([try Self.pipeline("a101.osm.pbf", in: dir), "--db", oracle])
        let after = try Self.places(db)
        #expect(after == (try Self.places(oracle)))
        let way = after.first { $0[0] == "way/464733009" }
        #expect(way != nil && way != before, "the way's place moved with its node")
    }

    @Test func outOfOrderAndTwiceAreRefusedNamingTheSequences() throws {
        let dir = try Self.fixtures.get()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("order.sqlite").path
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        var digest = try LocateStore(readingAt: db).contentDigest()
        let gap = try CLI.run(["ingest", pipeline, "--db", db, "--changes", dir + "/102.osc.gz"])
        #expect(gap.status == 1)
        #expect(
            gap.stderr == "error: \(dir)/102.osc.gz: diff sequence 102 does not follow dataset 'osm-toilets-helsinki' "
                + "at sequence 100 (expected 101; apply the diffs in order, none missing): nothing changed\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        try CLI.ingest([pipeline, "--db", db, "--changes", dir + "/101.osc.gz"])
        digest = try LocateStore(readingAt: db).contentDigest()
        let twice = try CLI.run(["ingest", pipeline, "--db", db, "--changes", dir + "/101.osc.gz"])
        #expect(twice.status == 1)
        #expect(
            twice.stderr == "error: \(dir)/101.osc.gz: diff sequence 101 is already applied to dataset "
                + "'osm-toilets-helsinki' (at sequence 101): nothing changed\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        let runs = try CLI.run(["runs", "--db", db])
        #expect(
            runs.stdout.hasSuffix(
                """
                run 1 (osm-toilets-helsinki): replication sequence 100, timestamp 2026-11-01T00:00:00Z
                run 2 (osm-toilets-helsinki): replication sequence 101, timestamp 2026-11-02T00:00:00Z

                """))
    }

    @Test func aWayGainingToiletTagsIsPendingUntilTheNextFullRead() throws {
        let dir = try Self.fixtures.get()
        let way = try String(contentsOfFile: dir + "/103.way", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let id = "way/" + way.dropFirst()
        let db = try Fixtures.temporaryFolder().appendingPathComponent("pending.sqlite").path
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        try CLI.ingest([pipeline, "--db", db, "--changes", dir + "/101.osc.gz", dir + "/102.osc.gz"])
        let r = try CLI.ingest([pipeline, "--db", db, "--changes", dir + "/103.osc", "--sequence", "103"])
        #expect(r.stderr.contains("changes: 0 added, 0 updated, 16 unchanged, 0 retired, 0 reactivated\n"))
        #expect(
            r.stderr.contains(
                "pending \(id): 11 of its 11 nodes are neither in the diffs nor stored: not placed until the next full read\n"))
        #expect(!(try Self.places(db)).contains { $0[0] == id }, "never guessed")
        let runs = try CLI.run(["runs", "--db", db, "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [String: Any]
        let last = (doc?["runs"] as? [[String: Any]])?.last
        #expect(last?["replication_sequence"] as? Int == 103)
        #expect((last?["pending"] as? [[String: Any]])?.first?["osm_id"] as? String == id)
        // The next full read places it.
        let full = try Fixtures.shell("cd '\(dir)' && osmium apply-changes edited2.osm.pbf 103.osc -o a103.osm.pbf -O")
        try #require(full.status == 0, "\(full.stderr)")
        try CLI.ingest([try Self.pipeline("a103.osm.pbf", in: dir), "--db", db])
        #expect((try Self.places(db)).contains { $0[0] == id })
        let again = try CLI.run(["runs", "--db", db])
        #expect(again.stdout.contains("run 3 (osm-toilets-helsinki): pending \(id)"))
        #expect(!again.stdout.contains("run 4 (osm-toilets-helsinki): pending"), "resolved by the full read")
    }

    static let damaged: [(String, String, String)] = [
        (
            "truncated.osc.gz", "head -c 150 101.osc.gz > truncated.osc.gz",
            "bad gzip stream at byte 150: the gzip stream ends early (truncated file)"
        ),
        (
            "malformed.osc", "zcat 101.osc.gz | sed 's|<tag k=\"fee\" v=\"yes\"/>|<tag k=\"fee\" v=yes/>|' > malformed.osc",
            "line 6 (byte 266): attribute v: expected a quote, found 'y'"
        ),
        (
            "cut.osc", "zcat 101.osc.gz | head -n 7 > cut.osc",
            "line 8 (byte 285): the file ends inside <modify> (truncated?)"
        ),
    ]

    @Test(arguments: damaged)
    func aDamagedDiffChangesNothing(name: String, make: String, message: String) throws {
        let dir = try Self.fixtures.get()
        let r = try Fixtures.shell("cd '\(dir)' && \(make)")
        try #require(r.status == 0, "\(r.stderr)")
        let db = try Fixtures.temporaryFolder().appendingPathComponent("damaged.sqlite").path
        let pipeline = try Self.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        let digest = try LocateStore(readingAt: db).contentDigest()
        let bad = try CLI.run(["ingest", pipeline, "--db", db, "--changes", "\(dir)/\(name)", "--sequence", "101"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: \(dir)/\(name): \(message)\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        #expect(try LocateStore(readingAt: db).runs().count == 1)
    }
}
