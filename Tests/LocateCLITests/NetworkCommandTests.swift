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
                1  274 m     231 m  4 min  E    toilet at 60.17015,24.94252  ?      ?      yes         75 m north-east along Kaivokatu
                2  320 m     223 m  5 min  NE   toilet at 60.17112,24.94158  ?      ?      unknown     26 m north-east along Kaivokatu

                """)
        let chair = try CLI.run([
            "toilet", "--near", "60.1699,24.9384", "--by", "wheelchair", "--limit", "1", "--json", "--db", db,
        ])
        #expect(chair.status == 0, "\(chair.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(chair.stdout.utf8)) as? [String: Any])
        #expect(doc["by"] as? String == "wheelchair")
        let first = try #require((doc["results"] as? [[String: Any]])?.first)
        #expect(first["route_distance_m"] as? Double == 286.1)
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

    /// `--format geojson` (issue 26): a FeatureCollection (schema toilet-geojson) whose toilets
    /// are the very Features `locate export geojson` writes, each followed with `--by` by its
    /// route as a LineString from the start point to the toilet, measured as `--json` says.
    @Test func toiletAsGeoJSON() throws {
        let db = try NetworkCommandTests.database()
        let near = ["--near", "60.1699,24.9384", "--limit", "3", "--db", db]
        let r = try CLI.run(["toilet", "--by", "foot", "--format", "geojson"] + near)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try JSONSchemaCheck.errors(Data(r.stdout.utf8), schema: "toilet-geojson") == [])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc["type"] as? String == "FeatureCollection")
        let about = doc["locate"] as? [String: Any]
        #expect(about?["schema"] as? String == "toilet-geojson/1")
        #expect(about?["by"] as? String == "foot")
        #expect(about?["near"] as? [Double] == [24.9384, 60.1699])
        let features = try #require(doc["features"] as? [[String: Any]])
        try #require(features.count == 6)
        let export = try CLI.run(["export", "geojson", "--db", db])
        let exported =
            try #require(
                try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])["features"]
            as? [[String: Any]]
        let answer = try CLI.run(["toilet", "--by", "foot", "--json"] + near)
        let results =
            try #require(
                try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])["results"] as? [[String: Any]]
        for i in 0..<3 {
            let (toilet, route) = (features[2 * i], features[2 * i + 1])
            let id = try #require(toilet["id"] as? String)
            #expect(id == results?[i]["id"] as? String)
            let same = try #require(exported?.first { $0["id"] as? String == id })
            #expect(NSDictionary(dictionary: toilet).isEqual(to: same), "\(id)")
            let properties = try #require(route["properties"] as? [String: Any])
            #expect(properties["toilet"] as? String == id)
            #expect(properties["by"] as? String == "foot")
            #expect(properties["route_distance_m"] as? Double == results?[i]["route_distance_m"] as? Double)
            let line = try #require(route["geometry"] as? [String: Any])
            #expect(line["type"] as? String == "LineString")
            let coordinates = try #require(line["coordinates"] as? [[Double]])
            #expect(coordinates.first == [24.9384, 60.1699])
            #expect(coordinates.last == (toilet["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        }
        // Without --by: the toilets alone; --format json is --json; a clash or an unknown format is a usage error.
        let plain = try CLI.run(["toilet", "--format", "geojson"] + near)
        let plainDoc = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any]
        #expect((plainDoc?["features"] as? [[String: Any]])?.count == 3)
        #expect(try CLI.run(["toilet", "--by", "foot", "--format", "json"] + near).stdout == answer.stdout)
        let both = try CLI.run(["toilet", "--json", "--format", "geojson"] + near)
        #expect(both.status == 64)
        #expect(both.stderr.contains("give either --json or --format geojson, not both"))
        let kml = try CLI.run(["toilet", "--format", "kml"] + near)
        #expect(kml.status == 64)
        #expect(kml.stderr.hasPrefix("Error: --format 'kml' is not one of table, json, geojson, csv\n"))
    }
}
