import Foundation
import LocateTestSupport
import Testing

/// Places of a source without stable ids keep their identity across releases (issue 23,
/// item 3): the real Prague releases 2016 → 2019 → 2026 through the built binary.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct PlaceIdentityCommandTests {
    /// `locate ingest` of the Prague pipeline of `year` reading the shared file, with the
    /// report written to a file; returns the result and the report's `run` and `warnings`.
    func ingest(_ year: Int, db: String, _ extra: [String] = []) throws -> (
        result: (status: Int32, stdout: String, stderr: String), run: [String: Any], warnings: [[String: Any]]
    ) {
        let report = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("r\(year).json").path
        let r = try CLI.run(
            [
                "ingest", "pipelines/prague-toilets-\(year).yml", "--source", Fixtures.shared("prague-toilets-\(year).geojson"),
                "--db", db, "--report", report,
            ] + extra)
        guard r.status == 0 else { return (r, [:], []) }
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        return (r, doc["run"] as? [String: Any] ?? [:], doc["warnings"] as? [[String: Any]] ?? [])
    }

    func counts(_ run: [String: Any]) -> [Int] {
        ["added", "updated", "unchanged", "retired", "reactivated"].map { run[$0] as? Int ?? -1 }
    }

    func changesLine(_ stderr: String) -> String? {
        stderr.split(separator: "\n").first { $0.hasPrefix("changes: ") }.map(String.init)
    }

    @Test func pragueReleasesKeepTheirPlaces() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("prague.sqlite").path
        let first = try ingest(2016, db: db)
        #expect(first.result.status == 0, "\(first.result.stderr)")
        #expect(counts(first.run) == [239, 0, 0, 0, 0])

        // 2019: the addresses IPR corrected no longer make new places. Before position
        // matching this run was refused (139 of 239 retired) and, allowed, gave 142 added,
        // 100 updated, 139 retired.
        let second = try ingest(2019, db: db)
        #expect(second.result.status == 0, "\(second.result.stderr)")
        #expect(counts(second.run) == [49, 193, 0, 46, 0])
        #expect(changesLine(second.result.stderr) == "changes: 49 added, 193 updated, 0 unchanged, 46 retired, 0 reactivated")
        #expect(second.run["warnings"] as? Int == 168)
        // The one record that matched two places equally (the two 2016 "Nám. Republiky"
        // points 0.3 m apart) is a new place, reported, not guessed.
        let ambiguous = second.warnings.filter { ($0["reason"] as? String)?.hasPrefix("ambiguous identity") == true }
        #expect(ambiguous.count == 1)
        #expect(ambiguous.first?["index"] as? Int == 162)
        #expect(ambiguous.first?["id"] as? String == "4f988ee6ff07@50.089046,14.427134")
        #expect(ambiguous.first?["field"] as? String == "id")
        #expect(
            ambiguous.first?["reason"] as? String
                == "ambiguous identity, stored as a new place: places within 5 m: '6f0cb64e8b1c@50.089046,14.427134', "
                + "'6f0cb64e8b1c@50.089045,14.427131'")

        // 2026 switched to a stable id (globalid): no derived ids to match, so every old place
        // retires; the mass-retire guard refuses that, as before.
        let refused = try ingest(2026, db: db)
        #expect(refused.result.status == 1)
        #expect(
            refused.result.stderr
                == "error: \(Fixtures.shared("prague-toilets-2026.geojson")): the run would retire 242 of the 242 active "
                + "records of dataset 'prague-toilets' (100 %, more than the limit of 50 %): nothing changed; check the "
                + "input, or pass --allow-mass-retire (or a higher --max-retire-share) to accept\n")
        let third = try ingest(2026, db: db, ["--allow-mass-retire"])
        #expect(third.result.status == 0, "\(third.result.stderr)")
        #expect(counts(third.run) == [458, 0, 0, 242, 0])

        // 2019 again: its places come back, reactivated (not updated); the 2026 ones retire.
        let back = try ingest(2019, db: db, ["--allow-mass-retire"])
        #expect(back.result.status == 0, "\(back.result.stderr)")
        #expect(counts(back.run) == [0, 0, 0, 458, 242])
        #expect(changesLine(back.result.stderr) == "changes: 0 added, 0 updated, 0 unchanged, 458 retired, 242 reactivated")

        let runs = try CLI.run(["runs", "--db", db, "--json"])
        #expect(runs.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [String: Any])
        let all = try #require(doc["runs"] as? [[String: Any]])
        #expect(all.map(counts) == [[239, 0, 0, 0, 0], [49, 193, 0, 46, 0], [458, 0, 0, 242, 0], [0, 0, 0, 458, 242]])
    }
}
