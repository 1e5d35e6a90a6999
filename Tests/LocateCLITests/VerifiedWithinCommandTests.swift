import Foundation
import LocateTestSupport
import Testing

/// `locate toilet --verified-within` (issue 37 §5), as a user runs the release build: the
/// ages it reads, what it keeps, the exit code when nothing was verified lately.
@Suite struct VerifiedWithinCommandTests {
    @Test(arguments: [
        ("5x", "'5x' is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"),
        ("0d", "'0d' is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"),
        ("101y", "'101y' is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"),
        ("1m", "'1m' is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"),
    ])
    func badAgesAreUsageErrorsNamingTheOption(_ age: String, _ reason: String) throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--verified-within", age, "--db", db])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--verified-within \(reason)"), "\(r.stderr)")
    }

    /// The samples state no release and carry no check dates: nothing is verified, and the
    /// empty answer says that the data, not the place, is why.
    @Test func neverVerifiedToiletsNeverMatch() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--verified-within", "100y", "--db", db])
        #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains("none of the 12 active toilets has ever been verified; --verified-within cannot be answered"),
            "\(r.stderr)")
    }

    /// Prague's 2026 release (`released: 2026-09-27`) verifies each of its toilets as of that
    /// day: within a year of an `--at` two months later, not within 30 days; the HTTP API's
    /// `verified_within=` answers the same question.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func aPublishersReleaseVerifiesItsToilets() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("p.sqlite").path
        try #require(try CLI.ingest(["pipelines/prague-toilets-2026.yml", "--db", db]).status == 0)
        // Its toilets state no hours: unknown ones are asked for too.
        let args = [
            "toilet", "--near", "50.0875,14.4214", "--at", "2026-11-22T10:00", "--include-unknown", "--limit", "3", "--json",
            "--db", db,
        ]
        let r = try CLI.run(args + ["--verified-within", "1y"])
        #expect(r.status == 0, "\(r.stderr)")
        let results = try #require(
            (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(
            results.allSatisfy {
                $0["verified_at"] as? String == "2026-09-26T22:00:00Z" && $0["verified_by"] as? String == "source_release"
                    && $0["source_released"] as? String == "2026-09-27"
            })
        let none = try CLI.run(args + ["--verified-within", "30d"])
        #expect(none.status == 3, "\(none.stdout)")
        // 56 days and 10 hours: 8 weeks are too few, 9 enough.
        #expect(try CLI.run(args + ["--verified-within", "8w"]).status == 3)
        #expect(try CLI.run(args + ["--verified-within", "9w"]).status == 0)
        let show = try CLI.run([
            "toilet", "show", try #require(results.first?["id"] as? String), "--at", "2028-01-01T10:00", "--db", db,
        ])
        #expect(show.stdout.contains("\nnot verified since 2026-09-27 by the source's release\n"), "\(show.stdout)")
    }
}
