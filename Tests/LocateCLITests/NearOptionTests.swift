import Foundation
import LocateTestSupport
import Testing

/// `--near LAT,LON` of `toilet` and `station`, through the binary (regressions, issue 10
/// item 19: a negative first number said "Missing value", `--near 95,14` did not say which
/// part is wrong, and a swapped pair answered 5,000 km away without a hint).
@Suite struct NearOptionTests {
    /// Southern and western hemispheres, with and without `=`: the answer's `near` is the
    /// point given, and the nearest sample toilet is where the geodesic says.
    @Test(arguments: [
        ("-33.86,151.2", -33.86, 151.2, "Flora (sample)", 16_076_984.4, 310.6),
        ("40.7,-74.0", 40.7, -74.0, "Malostranské nám. (sample)", 6_588_165.2, 48.4),
        ("-22.9,-43.2", -22.9, -43.2, "Malostranské nám. (sample)", 9_870_639.8, 32.9),
    ])
    func negativeCoordinatesNeedNoEqualsSign(
        near: String, lat: Double, lon: Double, address: String, distance: Double, bearing: Double
    ) throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", near, "--limit", "1", "--json", "--db", db])
        #expect(r.status == 0)
        // Far from all data, and said so (issue 23).
        let km = Int((distance / 1000).rounded())
        #expect(
            r.stderr
                == "note: no toilet of the loaded data lies within 50 km of the query point: the nearest result is \(km) km away\n"
        )
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let point = answer["near"] as? [String: Double]
        #expect(point == ["lat": lat, "lon": lon])
        let first = try #require((answer["results"] as? [[String: Any]])?.first)
        #expect(first["address"] as? String == address)
        #expect(first["distance_m"] as? Double == distance)
        #expect(first["bearing_deg"] as? Double == bearing)
        let equals = try CLI.run(["toilet", "--near=\(near)", "--limit", "1", "--json", "--db", db])
        #expect(equals.stdout == r.stdout)
    }

    @Test func negativeLatitudeForStations() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let r = try CLI.run(["station", "--near", "-22.9,-43.2", "--limit", "1", "--db", db])
        #expect(r.status == 0)
        // Issue 23: an answer far away says so.
        #expect(
            r.stderr == "note: no station of the loaded data lies within 50 km of the query point: the nearest is 10088 km away\n"
        )
        #expect(
            r.stdout == """
                #     distance  station                      id    city     index  eaqi  latest
                1  10087.64 km  Wrocław - Pokazowa (sample)  9005  Wrocław  -      -     -

                """)
    }

    /// Every bad value is a usage error (64) naming what is wrong, in both forms.
    @Test(arguments: [
        ("95,14", "latitude 95 is outside -90…90; if 95 is the longitude, write 14,95 (latitude first)"),
        ("50,200", "longitude 200 is outside -180…180"),
        ("-91,-14", "latitude -91 is outside -90…90; if -91 is the longitude, write -14,-91 (latitude first)"),
        ("abc,14", "latitude 'abc' is not a number"),
        ("50,nan", "longitude 'nan' is not a finite number"),
        ("1e400,14", "latitude '1e400' is not a finite number"),
        ("0x10,14", "latitude '0x10' is not a decimal number"),
        ("50.0875", "there is no comma between latitude and longitude"),
        ("50,14,3", "it has 3 comma-separated parts; give two numbers, latitude first"),
        ("50,087,14,421", "it looks like decimal commas; write decimal points: 50.087,14.421"),
        ("", "it is empty"),
        (",14.42", "the latitude is missing"),
    ])
    func badValuesSayWhatIsWrong(near: String, reason: String) throws {
        for command in ["toilet", "station"] {
            let r = try CLI.run([command, "--near", near, "--db", "/nonexistent/x.sqlite"])
            #expect(r.status == 64)
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("Error: --near '\(near)': \(reason)\n"), "\(command): \(r.stderr)")
            let json = try CLI.run([command, "--near", near, "--json", "--db", "/nonexistent/x.sqlite"])
            #expect(json.status == 64)
            let message = "--near '\(near)': \(reason)"
            let document = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
            #expect((document?["error"] as? [String: Any])?["message"] as? String == message)
        }
    }

    /// The value may start with a minus now, so an option right after `--near` is named.
    @Test func anOptionInsteadOfAValueIsNamed() throws {
        let r = try CLI.run(["toilet", "--near", "--json", "--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        #expect(
            r.stderr
                == "{\"error\":{\"exit_code\":64,\"message\":\"--near needs a value LAT,LON (for example 50.0875,14.4214), not the option '--json'\"},\"schema\":\"error/1\"}\n"
        )
        let last = try CLI.run(["toilet", "--db", "/nonexistent/x.sqlite", "--near"])
        #expect(last.status == 64)
        #expect(last.stderr.hasPrefix("Error: Missing value for '--near <LAT,LON>'\n"))
    }

    /// Outside the data but inside once exchanged: a note on stderr, the answer still printed.
    @Test func aSwappedPointGetsANote() throws {
        let db = try CLI.sampleDatabase()
        let note =
            "note: --near 14.4214,50.0875 is outside the toilet data, but 50.0875,14.4214 is inside: "
            + "--near takes latitude first (LAT,LON); did you swap them?\n"
        let r = try CLI.run(["toilet", "--near", "14.4214,50.0875", "--limit", "1", "--db", db])
        #expect(r.status == 0)
        let far = "note: no toilet of the loaded data lies within 50 km of the query point: the nearest result is 5098 km away\n"
        #expect(r.stderr == far + note)
        #expect(
            r.stdout == """
                #    distance  dir  place           hours                price   wheelchair
                1  5097.79 km  NW   Flora (sample)  otevřeno při akcích  10 CZK  unknown

                """)
        let json = try CLI.run(["toilet", "--near", "14.4214,50.0875", "--limit", "1", "--json", "--db", db])
        #expect(json.status == 0)
        #expect(json.stderr == far + note)
        #expect(json.stdout.contains("\"distance_m\" : 5097791.6"))
        // Nothing found (a radius): the note comes before the error object, which stays last.
        let none = try CLI.run(["toilet", "--near", "14.4214,50.0875", "--max-distance", "100", "--json", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr == note + "{\"error\":{\"exit_code\":3,\"message\":\"no toilet matches\"},\"schema\":\"error/1\"}\n")
        // The right order, and a far point whose exchange is not in the data: no note.
        for (near, stderr) in [
            ("50.0875,14.4214", ""),
            (
                "-33.86,151.2",
                "note: no toilet of the loaded data lies within 50 km of the query point: the nearest result is 16077 km away\n"
            ),
        ] {
            let plain = try CLI.run(["toilet", "--near", near, "--limit", "1", "--db", db])
            #expect(plain.status == 0)
            #expect(plain.stderr == stderr, "\(near)")
        }
    }

    @Test func aSwappedStationPointGetsANote() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let r = try CLI.run(["station", "--near", "21.0122,52.2297", "--limit", "1", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "note: no station of the loaded data lies within 50 km of the query point: the nearest is 4291 km away\n"
                + "note: --near 21.0122,52.2297 is outside the station data, but 52.2297,21.0122 is inside: "
                + "--near takes latitude first (LAT,LON); did you swap them?\n")
        #expect(
            r.stdout == """
                #    distance  station                      id    city    index  eaqi  latest
                1  4291.21 km  Kraków, ul. Próbna (sample)  9001  Kraków  -      -     -

                """)
    }
}
