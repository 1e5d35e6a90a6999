import Foundation
import LocateTestSupport
import Testing

/// Issue 36, on the release binary: `locate toilet --near 90,24.94 --by foot` (and -90,0,
/// 89.999,…) spun at 100 % CPU for ever. Streets of a generated network in Helsinki and
/// around the north pole, a toilet in each: every such point answers, by foot and by
/// straight line, with the toilet or the documented start-off-network error.
@Suite struct PoleRoutingTests {
    static let helsinki = GeneratedStreets.Grid(south: 60.165, west: 24.93, count: 8, name: "Helsinki")
    static let pole = GeneratedStreets.Grid(south: 89.9935, west: 0, count: 6, name: "Pole")

    static func database() throws -> String {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("p.sqlite").path
        try CLI.ingest([try GeneratedStreets.toilets([(60.168, 24.935), (89.995, 20.0)], in: folder), "--db", db])
        let osm = try Fixtures.write(GeneratedStreets.osm(grids: [helsinki, pole]), name: "generated.osm", in: folder)
        let built = try CLI.run(["network", "build", osm, "--db", db])
        try #require(built.status == 0, "\(built.stderr)")
        return db
    }

    static func offNetwork(_ point: String) -> String {
        "error: start point \(point) is too far from the nearest way of network 'generated' (limit 500 m)\n"
    }

    /// (near, expected exit status, stdout contains, exact stderr).
    static let byFoot: [(String, Int32, String, String)] = [
        ("90,24.94", 0, "toilet at 89.99500,20.00000", ""),
        ("89.999,24.94", 0, "toilet at 89.99500,20.00000", ""),
        ("89.9999,-180", 0, "toilet at 89.99500,20.00000", ""),
        ("89.999,180", 0, "toilet at 89.99500,20.00000", ""),
        ("-90,0", 1, "", offNetwork("-90.0,0.0")),
        ("-89.999,24.94", 1, "", offNetwork("-89.999,24.94")),
        ("89.99,24.94", 0, "toilet at 89.99500,20.00000", ""),
        ("60.17,180", 1, "", offNetwork("60.17,180.0")),
        ("60.17,-180", 1, "", offNetwork("60.17,-180.0")),
        ("60.168,24.936", 0, "toilet at 60.16800,24.93500", ""),
    ]

    @Test func polePointsAnswerByFootAndByStraightLine() throws {
        let db = try Self.database()
        for (near, status, shown, error) in Self.byFoot {
            let r = try CLI.run(["toilet", "--near", near, "--by", "foot", "--limit", "1", "--db", db])
            #expect(r.status == status, "\(near): \(r.stderr)")
            #expect(shown.isEmpty ? r.stdout.isEmpty : r.stdout.contains(shown), "\(near): \(r.stdout)")
            #expect(r.stderr == error, "\(near)")
            // The straight-line search, at the same points: the nearest toilet at once.
            let plain = try CLI.run(["toilet", "--near", near, "--limit", "1", "--db", db])
            #expect(plain.status == 0, "\(near): \(plain.stderr)")
            #expect(plain.stdout.contains("toilet at "), "\(near): \(plain.stdout)")
        }
    }

    /// One rule for a deep page by route, in the shared request: offset + limit at most 200.
    @Test func aDeepPageByRouteIsRefusedAlike() throws {
        let db = try Self.database()
        let near = ["toilet", "--near", "60.168,24.936", "--by", "foot", "--db", db]
        let limit = try CLI.run(near + ["--limit", "300"])
        #expect(limit.status == 64)
        #expect(
            limit.stderr.hasPrefix("Error: --limit '300' is more than the 200 places a request by route (by= or --by) lists\n"),
            "\(limit.stderr)")
        let page = try CLI.run(near + ["--limit", "150", "--offset", "100"])
        #expect(page.status == 64)
        #expect(
            page.stderr.hasPrefix("Error: --offset '100' with by= or --by, offset and limit together are at most 200"),
            "\(page.stderr)")
        // Within the depth: answered (two toilets: nothing on that page, exit 3).
        #expect(try CLI.run(near + ["--limit", "150", "--offset", "50"]).status == 3)
    }
}
