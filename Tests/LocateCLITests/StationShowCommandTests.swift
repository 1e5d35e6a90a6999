import Foundation
import LocateTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `locate station show`, `--alert norms|who|index>=N` and bookmarks on the bundled samples
/// (issue 15, items 1-3).
@Suite struct StationShowCommandTests {
    @Test func theDetailViewOfTheSampleStation() throws {
        let db = try SampleStationCommandTests.database()
        // By source id, global id and exact name (case and diacritics ignored): the same view.
        let keys = ["9001", "gios-stations-sample/9001", "KRAKOW, ul. probna (SAMPLE)"]
        let outputs = try keys.map { try CLI.run(["station", "show", $0, "--at", "2026-11-21T20:30", "--db", db]) }
        for r in outputs { #expect(r.status == 0, "\(r.stderr)") }
        #expect(Set(outputs.map(\.stdout)).count == 1)
        #expect(
            outputs[0].stdout == """
                Kraków, ul. Próbna (sample) (gios-stations-sample/9001), ul. Próbna 1, Kraków
                time zone Europe/Warsaw; as of 2026-11-21T20:30:00+01:00
                index: level 3, Dostateczny, critical PYL, calculated 2026-11-21T20:20:00+01:00 (10m ago)
                eaqi: 3 moderate PM2.5 (EEA European Air Quality Index, eea-eaqi-2024)

                pollutant  latest  unit   age  1h  24h mean  measured at
                NO2            22  µg/m³  30m  22        23  2026-11-21T20:00:00+01:00
                PM10           52  µg/m³  90m  52        49  2026-11-21T19:00:00+01:00
                PM2.5          31  µg/m³  30m  31        32  2026-11-21T20:00:00+01:00

                norms (µg/m³; exceeded = over the threshold; as of the newest value judged):
                pollutant  norm                averaging       threshold  value  hours  status    as of
                NO2        EU limit value      1h                    200   22.0    1/1  within    2026-11-21T20:00:00+01:00
                NO2        EU alert threshold  3h_consecutive        400   22.0    3/3  within    2026-11-21T20:00:00+01:00
                NO2        WHO guideline       24h                    25   22.7  24/18  within    2026-11-21T20:00:00+01:00
                PM10       EU limit value      24h                    50   48.7  23/18  within    2026-11-21T19:00:00+01:00
                PM10       WHO guideline       24h                    45   48.7  23/18  exceeded  2026-11-21T19:00:00+01:00
                PM2.5      WHO guideline       24h                    15   31.7  24/18  exceeded  2026-11-21T20:00:00+01:00

                last 24 hours (2026-11-20 20:30 → 2026-11-21 20:30, Europe/Warsaw):
                pollutant  values                    min  max
                NO2        ▄▃▂▁▁▁▁▁▂▃▄▄▅▆▇█████▇▆▅▄   14   31
                PM10       ▄▃▂▁▁▁▁▁▂▃▄▅▅▆▇█████▇▆▅    35   63
                PM2.5      ▄▃▂▁▁▁▁▁▂▃▄▅▅▆▇█████▇▆▅▄   24   39

                """)
    }

    @Test func unknownAndAmbiguousKeys() throws {
        let db = try SampleStationCommandTests.database()
        let none = try CLI.run(["station", "show", "9", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr == "no active station has the id or name '9'\n")
        let days = try CLI.run(["station", "show", "9001", "--days", "40", "--db", db])
        #expect(days.status == 64)
        #expect(days.stderr.hasPrefix("Error: --days '40' is not a whole number from 1 to 31\n"))
        let bare = try CLI.run(["station", "--db", db])
        #expect(bare.status == 64)
        #expect(
            bare.stderr.hasPrefix("Error: give one of --near LAT,LON, --name TEXT or --bookmarked (or: locate station show KEY)"))
    }

    /// The chart: valid SVG (it parses as XML), one panel per pollutant with its unit, local
    /// time labels, and the norm lines that fall in the value range.
    @Test func theChartIsAnSVGWithAxesUnitsAndNormLines() throws {
        let db = try SampleStationCommandTests.database()
        let svg = try Fixtures.temporaryFolder().appendingPathComponent("kr.svg").path
        let r = try CLI.run(["station", "show", "9001", "--at", "2026-11-21T20:30", "--chart", svg, "--db", db])
        #expect(r.status == 0)
        #expect(r.stderr == "chart written to \(svg)\n")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        let doc = try XMLDocument(data: Data(text.utf8))
        #expect(doc.rootElement()?.name == "svg")
        for label in [
            "NO2 (µg/m³)", "PM10 (µg/m³)", "PM2.5 (µg/m³)", "local time, Europe/Warsaw; values in µg/m³ (GIOŚ, 1-hour means)",
            ">21.11.<", ">06:00<", ">12:00<", ">18:00<", ">EU 24h<", ">WHO 24h<",
        ] {
            #expect(text.contains(label), "\(label)")
        }
        #expect(text.components(separatedBy: "<polyline").count - 1 == 3)
        // A folder is not a chart file, and nothing is written.
        let folder = try Fixtures.temporaryFolder().path
        let bad = try CLI.run(["station", "show", "9001", "--chart", folder, "--db", db])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: --chart \(folder): is a folder, not a file\n")
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
    }

    @Test func normAndIndexAlerts() throws {
        let db = try SampleStationCommandTests.database()
        let base = ["station", "--near", "50.06,19.94", "--at", "2026-11-21T20:30", "--limit", "2", "--db", db]
        // Every EU norm is kept: no alert, exit 0.
        let eu = try CLI.run(base + ["--alert", "norms"])
        #expect(eu.status == 0)
        #expect(!eu.stdout.contains("ALERT"))
        // The WHO guidelines are stricter: Kraków's PM10 and PM2.5 24-hour means are over.
        let who = try CLI.run(base + ["--alert", "who"])
        #expect(who.status == 4)
        #expect(
            who.stdout.split(separator: "\n").filter { $0.hasPrefix("ALERT") } == [
                "ALERT Kraków, ul. Próbna (sample) (9001): WHO PM10 guideline (24h mean) 45 µg/m³ exceeded: 48.7 µg/m³ over 23 hourly value(s) ending 2026-11-21T19:00:00+01:00",
                "ALERT Kraków, ul. Próbna (sample) (9001): WHO PM2.5 guideline (24h mean) 15 µg/m³ exceeded: 31.7 µg/m³ over 24 hourly value(s) ending 2026-11-21T20:00:00+01:00",
            ])
        // The second station is in Łódź: the answer says it is far (issue 23).
        #expect(
            who.stderr
                == "note: result 2 is over 50 km away (192 km and more): only 1 station lies within 50 km of the query point\n")
        let whoJSON = try CLI.run(base + ["--alert", "who", "--json"])
        #expect(
            whoJSON.stderr
                == "{\"error\":{\"exit_code\":4,\"message\":\"2 alert threshold(s) exceeded: 9001 who, 9001 who\"},\"schema\":\"error/1\"}\n"
        )
        let index = try CLI.run(base + ["--alert", "index>=3"])
        #expect(index.status == 4)
        #expect(
            index.stdout.hasSuffix(
                "ALERT Kraków, ul. Próbna (sample) (9001): index level 3 Dostateczny calculated 2026-11-21T20:20:00+01:00, over index>=3\n"
            ))
        let over = try CLI.run(base + ["--alert", "index>3"])
        #expect(over.status == 0)
        // Ten hours later the windows end at values 10 hours old: --fresh-within 3h silences
        // them, and says the rule could not be judged (exit 5: missing data is no good news).
        let later = [
            "station", "--near", "50.06,19.94", "--at", "2026-11-22T06:30", "--limit", "1", "--alert", "who", "--db", db,
        ]
        // The feed's default age (3 h for hourly GIOŚ) is no judge of them either; 12h is.
        #expect(try CLI.run(later).status == 5)
        #expect(try CLI.run(later + ["--fresh-within", "12h"]).status == 4)
        let stale = try CLI.run(later + ["--fresh-within", "3h"])
        #expect(stale.status == 5)
        #expect(
            stale.stderr
                == "warning: who cannot be judged for Kraków, ul. Próbna (sample) (9001): every norm's newest window is too old"
                + " (--fresh-within 180 minutes)\n")
        let bad = try CLI.run(base + ["--alert", "index>=9"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --alert 'index>=9' is not a rule such as PM10>50, norms, who or index>=4"))
    }

    @Test func bookmarksAreKeptPerUserAndListTheWatchedStations() throws {
        let db = try SampleStationCommandTests.database()
        let file = try Fixtures.temporaryFolder().appendingPathComponent("sub/bookmarks.json").path
        let env = ["LOCATE_BOOKMARKS": file]
        func locate(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            try CLI.run(args + ["--db", db], env: env)
        }
        let empty = try locate(["bookmark", "list"])
        #expect(empty.status == 3)
        #expect(empty.stderr == "no bookmarks in \(file)\n")
        #expect(
            try locate(["bookmark", "add", "gios-stations-sample/9002"]).stdout
                == "bookmarked station gios-stations-sample/9002\n")
        #expect(try locate(["bookmark", "add", "gios-stations-sample/9001"]).status == 0)
        let again = try locate(["bookmark", "add", "gios-stations-sample/9001"])
        #expect(again.status == 0)
        #expect(again.stderr == "note: gios-stations-sample/9001 is already bookmarked\n")
        let unknown = try locate(["bookmark", "add", "gios-stations-sample/1"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr.hasPrefix("no active station or toilet has the id gios-stations-sample/1 in "))
        // The bookmarked stations, in the order they were added, with an alert on them.
        let watched = try locate(["station", "--bookmarked", "--at", "2026-11-21T20:30", "--alert", "PM10>50"])
        #expect(watched.status == 4)
        #expect(
            watched.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(35)) } == [
                "1      -  Łódź - Przykładowa (sampl", "2      -  Kraków, ul. Próbna (sampl",
                "ALERT Kraków, ul. Próbna (sample) (",
            ])
        let remove = ["bookmark", "remove", "gios-stations-sample/9002"]
        #expect(try CLI.run(remove, env: env).stdout == "removed gios-stations-sample/9002\n")
        let gone = try CLI.run(remove, env: env)
        #expect(gone.status == 3)
        #expect(gone.stderr == "gios-stations-sample/9002 is not bookmarked\n")
        let list = try locate(["bookmark", "list"])
        #expect(list.stdout.contains("station  gios-stations-sample/9001  Kraków, ul. Próbna (sample)  "))
        // Two additions at once are both kept (one lock around each read-modify-write).
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            _ = try? CLI.run(
                ["bookmark", "add", i == 0 ? "gios-stations-sample/9002" : "gios-stations-sample/9003", "--db", db], env: env)
        }
        let both = try locate(["bookmark", "list", "--json"])
        #expect(both.stdout.contains("gios-stations-sample/9002") && both.stdout.contains("gios-stations-sample/9003"))
        // Not a regular file, or an entry of another kind: refused, never overwritten.
        let device = try CLI.run(["bookmark", "list", "--bookmarks", "/dev/zero", "--db", db])
        #expect(device.status == 1)
        #expect(device.stderr == "error: /dev/zero: not a regular file, so not a bookmarks file\n")
        let odd = try Fixtures.write(
            #"{"schema":"bookmarks/1","bookmarks":[{"added_at":"2026-11-22T10:00:00Z","id":"x/1","kind":"<b>park</b>"}]}"#,
            name: "odd.json")
        let oddList = try CLI.run(["bookmark", "list", "--bookmarks", odd, "--db", db])
        #expect(oddList.status == 1)
        #expect(oddList.stderr == "error: \(odd): bookmark 1 ('x/1', kind '<b>park</b>') is not a station or toilet global id\n")
        // A file that is not a bookmarks file is refused and left as it was.
        try Data("not json".utf8).write(to: URL(fileURLWithPath: file))
        let broken = try locate(["bookmark", "add", "gios-stations-sample/9002"])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("error: \(file): not a bookmarks file (bookmarks/1)"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not json")
    }
}
