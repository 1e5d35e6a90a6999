import Foundation
import LocateTestSupport
import Testing

/// `locate network build|list` and `locate toilet --by` end to end, on the real extract of
/// central Helsinki and its 18 OSM toilets.
@Suite(
    .enabled(
        if: FileManager.default.fileExists(atPath: Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")),
        "helsinki-centre.osm.pbf is absent"))
struct NetworkCommandTests {
    static let extract = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")

    /// A database of the Helsinki toilets with the network built beside it.
    static func database() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("h.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-helsinki-centre.yml", "--db", db])
        let built = try CLI.run(["network", "build", extract, "--db", db])
        try #require(built.status == 0, "\(built.stderr)")
        #expect(
            built.stdout.hasPrefix(
                "helsinki-centre  3059 nodes  lat 60.164158…60.179107  lon 24.935185…24.953411  from \(extract)"))
        return db
    }

    @Test func buildListAndErrors() throws {
        let db = try NetworkCommandTests.database()
        let list = try CLI.run(["network", "list", "--db", db])
        #expect(list.status == 0)
        #expect(list.stdout.contains("helsinki-centre  3059 nodes"))
        #expect(list.stdout.contains("in \(db).network/helsinki-centre"))
        let none = try CLI.run(["network", "list", "--db", db + "-other"])
        #expect(none.status == 3)
        let missing = try CLI.run(["network", "build", "/nonexistent/city.osm.pbf", "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: /nonexistent/city.osm.pbf: no such file\n")
        let badName = try CLI.run(["network", "build", NetworkCommandTests.extract, "--name", "a/b", "--db", db])
        #expect(badName.stderr == "error: network name 'a/b' is not a plain name (letters, digits, '-', '_', '.')\n")
    }

    @Test func toiletByFootAndWheelchair() throws {
        let db = try NetworkCommandTests.database()
        let foot = try CLI.run(["toilet", "--near", "60.1699,24.9384", "--by", "foot", "--limit", "2", "--db", db])
        #expect(foot.status == 0, "\(foot.stderr)")
        #expect(
            foot.stdout == """
                #  route  straight   walk  dir  place                        hours  price  wheelchair  first step
                1  273 m     231 m  4 min  E    toilet at 60.17015,24.94252  ?      ?      yes         26 m north-east along Kaivokatu
                2  322 m     223 m  5 min  NE   toilet at 60.17112,24.94158  ?      ?      unknown     26 m north-east along Kaivokatu

                """)
        let chair = try CLI.run([
            "toilet", "--near", "60.1699,24.9384", "--by", "wheelchair", "--limit", "1", "--json", "--db", db,
        ])
        #expect(chair.status == 0, "\(chair.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(chair.stdout.utf8)) as? [String: Any])
        #expect(doc["by"] as? String == "wheelchair")
        let first = try #require((doc["results"] as? [[String: Any]])?.first)
        #expect(first["route_distance_m"] as? Double == 286.4)
        #expect(first["walk_time_s"] as? Double == 286)
        let route = try #require(first["route"] as? [String: Any])
        let line = try #require(route["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        #expect((line["coordinates"] as? [[Double]])?.first == [24.9384, 60.1699])
        let steps = try #require(route["steps"] as? [[String: Any]])
        #expect(!steps.contains { $0["name"] as? String == "steps" })
        // Usage and routing errors.
        let bad = try CLI.run(["toilet", "--near", "60.1699,24.9384", "--by", "car", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --by 'car' is not a travel mode (foot or wheelchair)\n"))
        let far = try CLI.run(["toilet", "--near", "60.15,24.94", "--by", "foot", "--db", db])
        #expect(far.status == 1)
        #expect(
            far.stderr
                == "error: start point 60.15,24.94 is too far from the nearest way of network 'helsinki-centre' (limit 500 m)\n")
        let noNetwork = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--by", "foot", "--db", try CLI.sampleDatabase()])
        #expect(noNetwork.status == 1)
        #expect(noNetwork.stderr.hasPrefix("error: no street network in "))
    }
}
