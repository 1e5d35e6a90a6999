import Foundation
import LocateTestSupport
import Testing

@Suite struct ToiletCommandTests {
    @Test func tableForTheSample() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "3", "--db", db])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                #  distance  dir  place                       hours                                price   wheelchair
                1      47 m  W    Staroměstské nám. (sample)  po-ne 9:00-21:00                     10 CZK  unknown
                2     280 m  E    Celetná (sample)            nonstop                              free    unknown
                3     286 m  SW   Karlova (sample)            po-pá 8:00-20:00; so-ne 10:00-18:00  20 CZK  unknown

                """)
    }

    @Test func jsonForMachines() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "1", "--free", "--json", "--db", db])
        #expect(r.status == 0)
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let results = obj?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 1)
        #expect(results.first?["address"] as? String == "Celetná (sample)")
        #expect(results.first?["free"] as? Bool == true)
        #expect(results.first?["distance_m"] as? Double == 280.5)
        // The database's internal row id is not part of the answer.
        #expect(
            results.first.map { Set($0.keys) }
                == [
                    "id", "dataset", "source_id", "name", "address", "lat", "lon", "distance_m", "bearing_deg", "time_zone",
                    "country", "hours_text", "hours_osm", "hours_status", "state", "state_at", "next_change", "arrival_at",
                    "price_text", "price_amount", "price_currency", "free", "wheelchair", "toilet_type", "location_detail",
                ])
    }

    @Test func noResultExitsThree() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--wheelchair", "--db", db])
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == "no toilet matches\n")
    }

    @Test(arguments: [
        (["toilet", "--near", "14.42"], "Error: --near '14.42' is not LAT,LON in degrees (for example 50.0875,14.4214)"),
        (["toilet", "--near", "95,14"], "Error: --near '95,14' is not LAT,LON in degrees (for example 50.0875,14.4214)"),
        (["toilet", "--near", "50,14", "--limit", "0"], "Error: --limit must be at least 1"),
        (["toilet"], "Error: Missing expected argument '--near <LAT,LON>'"),
    ])
    func usageErrorsExit64(args: [String], message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message))
        #expect(r.stdout == "")
    }

    @Test func missingDatabaseIsAnError() throws {
        let r = try CLI.run(["toilet", "--near", "50,14", "--db", "/nope/x.sqlite"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: /nope/x.sqlite: cannot open database: no such file (run `locate ingest` first)\n")
    }

    @Test func locateDBEnvironmentVariable() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "1"], env: ["LOCATE_DB": db])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Staroměstské nám. (sample)"))
    }
}

@Suite struct StationCommandTests {
    @Test func nearestAndNamedOnTheSample() throws {
        let db = Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        let i = try CLI.run(["ingest", "pipelines/gios-stations-sample.yml", "--db", db])
        #expect(i.status == 0)
        #expect(i.stderr.contains("rejected station 5 (9006): gegrLat: latitude 'brak' is not a number\n"))
        let near = try CLI.run(["station", "--near", "52.2297,21.0122", "--limit", "2", "--db", db])
        #expect(
            near.stdout == """
                #   distance  station                         id    city      index  latest
                1        0 m  Warszawa, ul. Testowa (sample)  9003  Warszawa  -      -
                2  119.02 km  Łódź - Przykładowa (sample)     9002  Łódź      -      -

                """)
        let named = try CLI.run(["station", "--name", "LODZ", "--db", db])
        #expect(named.stdout.contains("Łódź - Przykładowa (sample)"))
        let none = try CLI.run(["station", "--name", "Poznań", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr == "no station matches\n")
        let usage = try CLI.run(["station", "--db", db])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: give either --near LAT,LON or --name TEXT"))
    }
}
