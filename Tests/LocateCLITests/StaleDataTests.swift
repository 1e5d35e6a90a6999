import Foundation
import LocateTestSupport
import Testing

/// Issue 35 §4 (stale data is never good news) and the name-only and box-order answers of §6,
/// on the release binary and the bundled samples.
@Suite struct StaleDataTests {
    /// The sample's newest PM10 value of station 9001 is 52.1 at 19:00 in Warsaw (18:00 UTC).
    @Test func anAlertOnAValueOlderThanTheFeedsAgeRuleCannotBeJudged() throws {
        let db = try SampleStationCommandTests.database()
        let base = ["station", "--near", "50.06,19.94", "--limit", "1", "--alert", "PM10>50", "--db", db]
        // 2 h 30 after the value: within 3 h, it alerts (exit 4), its time with its offset.
        let fresh = try CLI.run(base + ["--at", "2026-11-21T21:30"])
        #expect(fresh.status == 4)
        #expect(
            fresh.stdout.hasSuffix(
                "ALERT Kraków, ul. Próbna (sample) (9001): PM10 52.1 µg/m³ at 2026-11-21T19:00:00+01:00, over PM10>50\n"),
            "\(fresh.stdout)")
        // The zone asked for is the zone shown (and the zone --at is read in: 20:30 UTC is 21:30 in Warsaw).
        let utc = try CLI.run(base + ["--at", "2026-11-21T20:30", "--tz", "UTC"])
        #expect(utc.status == 4)
        #expect(utc.stdout.contains("at 2026-11-21T18:00:00Z, over PM10>50"), "\(utc.stdout)")
        // A week later the feed is dead: no alert, and no silence either (exit 5).
        let stale = try CLI.run(base + ["--at", "2026-11-28T21:30"])
        #expect(stale.status == 5, "\(stale.stderr)")
        #expect(!stale.stdout.contains("ALERT"))
        #expect(stale.stderr.contains("warning: "), "\(stale.stderr)")
        // --fresh-within overrides the rule: a week's age may alert again.
        let asked = try CLI.run(base + ["--at", "2026-11-28T21:30", "--fresh-within", "8d"])
        #expect(asked.status == 4, "\(asked.stderr)")
    }

    /// `locate status`: exit 0 while the air feed is within 3 h, 5 once it is older; the table
    /// shows the times in --tz and says which dataset is stale.
    @Test func statusExitsFiveOnAStaleFeed() throws {
        let db = try SampleStationCommandTests.database()
        let fresh = try CLI.run(["status", "--at", "2026-11-21T21:30", "--db", db])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(!fresh.stdout.contains("STALE"))
        let stale = try CLI.run(["status", "--at", "2026-11-22T21:30", "--db", db])
        #expect(stale.status == 5)
        let air = try #require(
            stale.stdout.split(separator: "\n").first { $0.hasPrefix("gios-stations-sample") && $0.contains(" air ") })
        #expect(air.hasSuffix("STALE"), "\(stale.stdout)")
        #expect(air.contains("2026-11-21T19:00:00Z"), "\(air)")
        // The stations dataset (no feed interval) stays fresh.
        #expect(stale.stdout.split(separator: "\n").filter { $0.hasSuffix("fresh") }.count == 1, "\(stale.stdout)")
        // Every dataset gets the age asked for; toilets never go stale without it.
        let all = try CLI.run(["status", "--json", "--at", "2026-11-22T21:30", "--fresh-within", "2d", "--db", db])
        #expect(all.status == 0, "\(all.stderr)")
        let empty = try Fixtures.temporaryFolder().appendingPathComponent("none.sqlite").path
        let none = try CLI.run(["status", "--db", empty])
        #expect(none.status != 0)
        let bad = try CLI.run(["status", "--fresh-within", "soon", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --fresh-within 'soon' is not an age such as 90m, 3h or 2d (at most 3650d)"))
    }

    /// A name alone lists every match by relevance (exact, then prefix, then contained), no
    /// distances; a box given latitude first gets a note (stderr, and `notes` with --json).
    @Test func aToiletNameAloneAndABoxGivenLatitudeFirst() throws {
        let db = try CLI.sampleDatabase()
        let named = try CLI.run(["toilet", "--name", "sample", "--limit", "3", "--json", "--db", db])
        #expect(named.status == 0, "\(named.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])
        #expect(doc["near"] is NSNull)
        let results = try #require(doc["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0["distance_m"] is NSNull })
        let titles = results.compactMap { $0["title"] as? String }
        #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() }, "\(titles)")
        let text = try CLI.run(["toilet", "--name", "Flora", "--db", db])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Flora (sample)"))
        let byRoute = try CLI.run(["toilet", "--name", "Flora", "--by", "foot", "--db", db])
        #expect(byRoute.status == 64)
        // Prague's box, S,W,N,E instead of W,S,E,N.
        let box = try CLI.run(["toilet", "--bbox", "50.07,14.40,50.10,14.44", "--json", "--db", db])
        let note =
            "the box 50.07,14.4,50.1,14.44 is outside the toilet data, but it is inside with each pair exchanged: "
            + "--bbox and bbox= are longitude first (W,S,E,N); did you give it latitude first (S,W,N,E)?"
        #expect(box.stdout.contains(note), "\(box.stdout)")
        #expect(box.stderr.contains("note: " + note), "\(box.stderr)")
        let right = try CLI.run(["toilet", "--bbox", "14.40,50.07,14.44,50.10", "--json", "--db", db])
        #expect(right.status == 0)
        #expect(!right.stdout.contains("longitude first"))
    }
}

/// `locate status PIPELINE`: how many diffs of the pipeline's `source.changes` folder the OSM
/// dataset has not applied (the fixtures of `DiffIngestCommandTests`: the Helsinki extract at
/// sequence 100, diffs 101 and 102).
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct StatusReplicationTests {
    @Test func statusSaysHowFarBehindItsChangesFolderADatasetIs() throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        try DiffFolderCommandTests.folder("status-updates", in: dir, "cp ../101.osc.gz ../101.state.txt .")
        let pipeline = try DiffFolderCommandTests.pipeline("base.osm.pbf", in: dir, folder: "status-updates")
        let db = try Fixtures.temporaryFolder().appendingPathComponent("status.sqlite").path
        try CLI.ingest([try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir), "--db", db])
        func dataset(_ args: [String]) throws -> (Int32, [String: Any]) {
            let r = try CLI.run(["status", "--json", "--db", db] + args)
            let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let first = (doc?["datasets"] as? [[String: Any]])?.first ?? [:]
            return (r.status, first)
        }
        // At 100, the folder offers 101: one behind is the normal state between a download and its ingest.
        let (one, oneBehind) = try dataset([pipeline])
        #expect(one == 0)
        #expect(oneBehind["replication_sequence"] as? Int == 100)
        #expect(oneBehind["source_sequence"] as? Int == 101)
        #expect(oneBehind["sequences_behind"] as? Int == 1)
        // Two behind (a wedged replica): stale, exit 5.
        try DiffFolderCommandTests.folder(
            "status-updates", in: dir, "cp ../101.osc.gz ../101.state.txt ../102.osc.gz ../102.state.txt .")
        let (two, twoBehind) = try dataset([pipeline])
        #expect(two == 5)
        #expect(twoBehind["sequences_behind"] as? Int == 2)
        #expect(twoBehind["stale"] as? Bool == true)
        // Without the pipeline the source is unknown: null, and not stale for it.
        let (none, unknown) = try dataset([])
        #expect(none == 0)
        #expect(unknown["sequences_behind"] is NSNull)
        // Applied: up to date.
        try CLI.ingest([pipeline, "--db", db])
        let (done, upToDate) = try dataset([pipeline])
        #expect(done == 0)
        #expect(upToDate["sequences_behind"] as? Int == 0)
    }
}
