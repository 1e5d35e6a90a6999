import Foundation
import LocateTestSupport
import Testing

/// `locate station` on the bundled samples (stations + legacy-format air answers), as the
/// README shows it: needs nothing but this repository.
@Suite struct SampleStationCommandTests {
    static func database() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("air.sqlite").path
        for pipeline in ["gios-stations-sample", "gios-air-sample"] {
            try CLI.ingest(["pipelines/\(pipeline).yml", "--db", db])
        }
        return db
    }

    @Test func nearestWithLatestValuesAndAnAlert() throws {
        let db = try SampleStationCommandTests.database()
        let r = try CLI.run([
            "station", "--near", "50.06,19.94", "--at", "2026-11-21T20:30", "--limit", "2", "--alert", "PM10>50", "--alert",
            "NO2>200", "--db", db,
        ])
        #expect(r.status == 4)
        #expect(
            r.stdout == """
                #   distance  station                      id    city    index                eaqi              latest
                1      289 m  Kraków, ul. Próbna (sample)  9001  Kraków  3 Dostateczny (10m)  3 moderate PM2.5  NO2 22 (30m), PM10 52 (90m), PM2.5 31 (30m)
                2  192.07 km  Łódź - Przykładowa (sample)  9002  Łódź    1 Dobry (10m)        2 fair PM10       O3 48 (90m), PM10 21 (30m)
                ALERT Kraków, ul. Próbna (sample) (9001): PM10 52.1 µg/m³ at 2026-11-21T19:00:00+01:00, over PM10>50

                """)
        // Two hours earlier, the newest PM10 value (18:00 local) was 55.94.
        let earlier = try CLI.run([
            "station", "--near", "50.06,19.94", "--at", "2026-11-21T18:30", "--limit", "1", "--alert", "PM10>50", "--json",
            "--db", db,
        ])
        #expect(earlier.status == 4)
        // With --json the exceeded thresholds are also the one error object on stderr.
        #expect(
            earlier.stderr
                == "{\"error\":{\"exit_code\":4,\"message\":\"1 alert threshold(s) exceeded: 9001 PM10>50\"},\"schema\":\"error/1\"}\n"
        )
        #expect(earlier.stdout.contains("\"value\" : 55.94"))
        #expect(!earlier.stdout.contains("rowID"))
        // The query context: the point asked about and the instant (UTC) ages are computed against.
        #expect(earlier.stdout.contains("\"at\" : \"2026-11-21T17:30:00Z\""))
        #expect(earlier.stdout.contains("\"near\" : {\n    \"lat\" : 50.06,\n    \"lon\" : 19.94\n  }"))
    }

    @Test func staleValuesAlertOnlyWithAnAgeThatAllowsThem() throws {
        let db = try SampleStationCommandTests.database()
        // Ten hours after the sample's last data, PM10 52.1 is 11 hours old.
        let base = [
            "station", "--near", "50.06,19.94", "--at", "2026-11-22T06:30", "--limit", "1", "--alert", "PM10>50", "--db", db,
        ]
        // An age that allows 11 hours alerts; the feed's default (3 h for hourly GIOŚ) and 3h do not.
        let stale = try CLI.run(base + ["--fresh-within", "12h"])
        #expect(stale.status == 4)
        #expect(try CLI.run(base).status == 5)
        let fresh = try CLI.run(base + ["--fresh-within", "3h"])
        // Too old to judge is not "all fine" (issue 23): a warning and exit 5.
        #expect(fresh.status == 5)
        #expect(!fresh.stdout.contains("ALERT"))
        #expect(
            fresh.stderr
                == "warning: PM10>50 cannot be judged for Kraków, ul. Próbna (sample) (9001): its newest PM10 value is 690 minutes old"
                + " (--fresh-within 180 minutes)\n")
        let usage = try CLI.run(["station", "--near", "50.06,19.94", "--fresh-within", "3h", "--db", db])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: --fresh-within needs --param or --alert"))
    }

    /// Issue 23: `--alert 'PM10>50'` on a station without PM10 exited 0 with `latest -`, and
    /// a cron job read "all fine". Every kind of rule that cannot be judged warns and exits 5.
    @Test(arguments: [
        ("PM10>50", "no_value", "PM10>50 cannot be judged for Gdańsk Wzorcowa (sample) (9004): no PM10 value"),
        ("index>=4", "no_value", "index>=4 cannot be judged for Gdańsk Wzorcowa (sample) (9004): no index level"),
        ("norms", "no_value", "norms cannot be judged for Gdańsk Wzorcowa (sample) (9004): no values to judge any norm by"),
    ])
    func aRuleWithoutDataIsNeverAllFine(rule: String, reason: String, message: String) throws {
        let db = try SampleStationCommandTests.database()
        let base = [
            "station", "--near", "54.352,18.6466", "--at", "2026-11-21T20:30", "--limit", "1", "--alert", rule, "--db", db,
        ]
        let text = try CLI.run(base)
        #expect(text.status == 5)
        #expect(text.stderr == "warning: \(message)\n")
        let json = try CLI.run(base + ["--json"])
        #expect(json.status == 5)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        let unjudged = document["unjudged"] as? [[String: Any]] ?? []
        #expect(unjudged.count == 1)
        #expect(unjudged.first?["rule"] as? String == rule)
        #expect(unjudged.first?["reason"] as? String == reason)
        #expect(unjudged.first?["message"] as? String == message)
        #expect(unjudged.first?["id"] as? String == "gios-stations-sample/9004")
        #expect(json.stderr.contains("\"exit_code\":5"))
        #expect(try JSONSchemaCheck.errors(Data(json.stdout.utf8), schema: "station-answer") == [])
    }

    @Test func aStationThatStoppedReportingIsNoFreshAnswer() throws {
        let db = try SampleStationCommandTests.database()
        // Gdańsk (9004) lists a PM2.5 sensor whose values are all null: the answer is Kraków.
        let r = try CLI.run([
            "station", "--near", "54.35,18.64", "--at", "2026-11-21T20:30", "--param", "PM2.5", "--fresh-within", "3h",
            "--limit", "1", "--db", db,
        ])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Kraków, ul. Próbna (sample)"))
        #expect(!r.stdout.contains("Gdańsk"))
    }

    @Test func pollutantCodesIgnoreCaseAndDotsAndCarbonMonoxideIsInMicrograms() throws {
        let db = try SampleStationCommandTests.database()
        // pm25 is PM2.5 (GeoJSON keys drop the dot, so users type it that way too).
        let fresh = try CLI.run([
            "station", "--near", "50.06,19.94", "--at", "2026-11-21T20:30", "--param", "pm25", "--limit", "1", "--alert",
            "pm25>30", "--db", db,
        ])
        #expect(fresh.status == 4)
        #expect(
            fresh.stdout.hasSuffix(
                "ALERT Kraków, ul. Próbna (sample) (9001): PM2.5 31 µg/m³ at 2026-11-21T20:00:00+01:00, over pm25>30\n"))
        // Regression: CO was labelled mg/m³, but GIOŚ's API gives every pollutant in µg/m³.
        let wroclaw = try CLI.run([
            "station", "--near", "51.1079,17.0385", "--at", "2026-11-21T20:30", "--limit", "1", "--alert", "CO>100", "--db", db,
        ])
        #expect(wroclaw.stdout.contains("ALERT Wrocław - Pokazowa (sample) (9005): CO "))
        #expect(wroclaw.stdout.contains(" µg/m³ at 2026-11-21T20:00:00+01:00, over CO>100"))
    }

    @Test func nameSearchShowsTheAirToo() throws {
        let db = try SampleStationCommandTests.database()
        let r = try CLI.run(["station", "--name", "GDANSK", "--at", "2026-11-21T20:30", "--db", db])
        #expect(
            r.stdout == """
                #   match  station                   id    city    index               eaqi  latest
                1  prefix  Gdańsk Wzorcowa (sample)  9004  Gdańsk  Brak indeksu (10m)  -     -

                """)
        let none = try CLI.run(["station", "--name", "Poznań", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr == "no station matches\n")
    }
}
