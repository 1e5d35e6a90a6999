import Foundation
import LocateTestSupport
import Testing

/// `locate toilet --at` without `--tz` reads the wall-clock time in the nearest toilet's zone
/// (issue 12: a user in Paris or London asking about noon means their noon, not Prague's).
@Suite struct AtZoneTests {
    @Test func wallClockAtIsReadInTheNearestToiletsZone() throws {
        let dir = try Fixtures.temporaryFolder()
        let pipeline = try String(contentsOfFile: Fixtures.repo("pipelines/osm-toilets-sample.yml"), encoding: .utf8)
            .replacingOccurrences(of: "../datasets/", with: Fixtures.repo("datasets") + "/")
            .replacingOccurrences(of: "timezone: Europe/Paris", with: "timezone: Europe/London")
            .replacingOccurrences(of: "country: FR", with: "country: GB-ENG")
        let path = try Fixtures.write(pipeline, name: "london.yml", in: dir)
        let db = dir.appendingPathComponent("l.sqlite").path
        try CLI.ingest([path, "--db", db])
        let base = ["toilet", "--near", "48.8566,2.3522", "--at", "2026-07-14T12:00", "--include-unknown", "--json", "--db", db]
        let local = try CLI.run(base)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.contains("\"state_at\" : \"2026-07-14T11:00:00Z\""))
        // --tz still decides when given.
        let prague = try CLI.run(base + ["--tz", "Europe/Prague"])
        #expect(prague.stdout.contains("\"state_at\" : \"2026-07-14T10:00:00Z\""))
    }
}
