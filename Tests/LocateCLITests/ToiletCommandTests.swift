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
                    "id", "dataset", "source_id", "name", "address", "title", "lat", "lon", "distance_m", "bearing_deg",
                    "time_zone",
                    "country", "hours_text", "hours_osm", "hours_status", "state", "state_at", "next_change", "arrival_at",
                    "price_text", "price_amount", "price_currency", "free", "wheelchair", "toilet_type", "location_detail",
                    "access", "changing_table", "unisex", "female", "male", "toilets_disposal", "level", "indoor", "operator",
                    "check_date", "changing_table_location", "changing_table_all_genders", "gender_neutral", "centralkey",
                    "toilets_wheelchair", "sources", "route_distance_m", "walk_time_s", "route", "route_note",
                    "survey_date", "check_date_opening_hours", "source_released", "verified_at", "verified_by",
                    "hours_verified_at", "hours_verified_by",
                ])
    }

    @Test func atTakesAnRFC3339InstantWithOffset() throws {
        let db = try CLI.sampleDatabase()
        let base = ["toilet", "--near", "50.0875,14.4214", "--limit", "2", "--db", db]
        let local = try CLI.run(base + ["--at", "2026-11-23T20:50"])
        #expect(local.status == 0)
        #expect(local.stdout.contains("open until 21:00"))
        for instant in ["2026-11-23T19:50:00Z", "2026-11-23T20:50:00+01:00", "2026-11-23T14:50:00-05:00"] {
            let r = try CLI.run(base + ["--at", instant])
            #expect(r.status == 0)
            #expect(r.stdout == local.stdout, "--at \(instant)")
        }
        let bad = try CLI.run(base + ["--at", "2026-11-23 20:50"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr.hasPrefix(
                "Error: --at '2026-11-23 20:50' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset"))
    }

    @Test func noResultExitsThree() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--max-distance", "10", "--db", db])
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == "no toilet matches\n")
        let json = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--max-distance", "10", "--json", "--db", db])
        #expect(json.status == 3)
        #expect(json.stdout.contains("\"results\" : [\n\n  ]") || json.stdout.contains("\"results\" : []"))
        #expect(json.stderr == "{\"error\":{\"exit_code\":3,\"message\":\"no toilet matches\"},\"schema\":\"error/1\"}\n")
    }

    /// Regression (issue 10 item 19): a filter the data has no field for says so, not only
    /// "no toilet matches" (the sample states no wheelchair access).
    @Test func aFilterTheDataCannotAnswerSaysSo() throws {
        let db = try CLI.sampleDatabase()
        let message = "none of the 12 active toilets has wheelchair data; --wheelchair cannot be answered"
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--wheelchair", "--db", db])
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == message + "\n")
        let json = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--wheelchair", "--json", "--db", db])
        #expect(json.status == 3)
        #expect(json.stdout.contains("\"results\" : [\n\n  ]"))
        #expect(json.stderr == "{\"error\":{\"exit_code\":3,\"message\":\"\(message)\"},\"schema\":\"error/1\"}\n")
    }

    /// The 2026 Prague data has no opening hours and no prices; the 2019 data no wheelchair access.
    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
        arguments: [
            (
                "prague-toilets-2026", ["--open-now"],
                "none of the 458 active toilets has opening hours; --open-now cannot be answered"
            ),
            (
                "prague-toilets-2026", ["--at", "2026-11-23T12:00", "--free"],
                "none of the 458 active toilets has opening hours or a known price; --at and --free cannot be answered"
            ),
            (
                "prague-toilets-2019", ["--wheelchair"],
                "none of the 242 active toilets has wheelchair data; --wheelchair cannot be answered"
            ),
        ])
    func realDataLackingAFieldSaysSo(pipeline: String, filter: [String], message: String) throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("t.sqlite").path
        try CLI.ingest(["pipelines/\(pipeline).yml", "--db", db])
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--db", db] + filter)
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == message + "\n")
        let json = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--json", "--db", db] + filter)
        #expect(json.status == 3)
        #expect(json.stderr == "{\"error\":{\"exit_code\":3,\"message\":\"\(message)\"},\"schema\":\"error/1\"}\n")
    }

    /// Hours that are all text, never a schedule: the message says how many have such text.
    @Test func hoursThatAreNeverAScheduleSaySo() throws {
        let folder = try Fixtures.temporaryFolder()
        let features = ["otevřeno při akcích", "dle domluvy"].enumerated().map { i, hours in
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[14.42,50.0\(i)8]},"
                + "\"properties\":{\"gid\":\"t\(i)\",\"OTEVRENO\":\"\(hours)\"}}"
        }
        _ = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}", name: "u.geojson", in: folder)
        let pipeline = try Fixtures.write(
            """
            name: unreadable
            kind: toilets
            dataset: unreadable
            source:
              path: u.geojson
            timezone: Europe/Prague
            id:
              field: gid
            fields:
              hours: OTEVRENO
            region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
            """, name: "u.yml", in: folder)
        let db = folder.appendingPathComponent("u.sqlite").path
        try CLI.ingest([pipeline, "--db", db])
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T12:00", "--db", db])
        #expect(r.status == 3)
        #expect(
            r.stderr
                == "none of the 2 active toilets has opening hours that can be evaluated (2 have hours text that is not a "
                + "schedule); --at cannot be answered\n")
    }

    @Test(arguments: [
        (["toilet", "--near", "14.42"], "Error: --near '14.42': there is no comma between latitude and longitude"),
        (
            ["toilet", "--near", "95,14"],
            "Error: --near '95,14': latitude 95 is outside -90…90; if 95 is the longitude, write 14,95 (latitude first)"
        ),
        (["toilet", "--near", "50,14", "--limit", "0"], "Error: --limit '0' is not a whole number from 1 up"),
        (["toilet"], "Error: missing --near LAT,LON"),
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

    @Test func toiletOpenAtShowsUntil() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T20:50", "--limit", "2", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                #  distance  dir  place                       open              price   wheelchair
                1      47 m  W    Staroměstské nám. (sample)  open until 21:00  10 CZK  unknown
                2     280 m  E    Celetná (sample)            open 24/7         free    unknown

                """)
        let late = try CLI.run(
            [
                "toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T20:50", "--arrive-within", "15", "--limit", "1",
                "--json", "--db", db,
            ])
        #expect(late.stdout.contains("\"address\" : \"Celetná (sample)\""))
        #expect(late.stdout.contains("\"arrival_at\" : \"2026-11-23T21:05:00+01:00\""))
        let usage = try CLI.run(["toilet", "--near", "50,14", "--walk", "--db", db])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: --walk needs --open-now or --at"))
    }
}

/// Issue 23: a toilet at the query point had `bearing_deg` 180; a point has no direction
/// from itself.
@Suite struct BearingAtZeroDistanceTests {
    @Test func noDirectionAtTheQueryPoint() throws {
        let db = try CLI.sampleDatabase()
        let json = try CLI.run(["toilet", "--near", "50.0874,14.42076", "--limit", "2", "--json", "--db", db])
        #expect(json.status == 0)
        let results =
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["results"] as? [[String: Any]]
            ?? []
        #expect(results.count == 2)
        #expect(results.first?["distance_m"] as? Double == 0)
        #expect(results.first?["bearing_deg"] is NSNull)
        #expect(results.last?["bearing_deg"] as? Double != nil)
        let table = try CLI.run(["toilet", "--near", "50.0874,14.42076", "--limit", "1", "--db", db])
        #expect(
            table.stdout.split(separator: "\n").last?.hasPrefix("1       0 m  -    Staroměstské nám. (sample)") == true,
            "\(table.stdout)")
    }
}

/// Issue 23: a bookmarked toilet listed as "(no name)"; it has its title now.
@Suite struct ToiletBookmarkTitleTests {
    @Test func aBookmarkedToiletIsListedByItsTitle() throws {
        let db = try CLI.sampleDatabase()
        let marks = try Fixtures.temporaryFolder().appendingPathComponent("marks.json").path
        let id = "prague-toilets-sample/b7c62809f17d@50.087400,14.420760"
        let add = try CLI.run(["bookmark", "add", id, "--bookmarks", marks, "--db", db])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try CLI.run(["bookmark", "list", "--bookmarks", marks, "--json", "--db", db])
        #expect(list.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        let first = (doc?["bookmarks"] as? [[String: Any]])?.first
        #expect(first?["name"] as? String == "Staroměstské nám. (sample)")
        #expect(first?["found"] as? Bool == true)
    }
}

/// Issue 23: `locate toilet --bookmarked` failed with "missing --near". Bookmarked toilets
/// are listed with their state now (or at --at), like bookmarked stations.
@Suite struct ToiletBookmarkedTests {
    static let ids = [
        "prague-toilets-sample/b7c62809f17d@50.087400,14.420760",  // Staroměstské nám.: po-ne 9:00-21:00
        "prague-toilets-sample/05bddb4231d5@50.086120,14.418020",  // Karlova: po-pá 8:00-20:00; so-ne 10:00-18:00
        "prague-toilets-sample/79fd587050d5@50.086550,14.425030",  // Celetná: nonstop
        "prague-toilets-sample/000000000000@50.000000,14.000000",  // never in the database
    ]

    /// A sample database and a bookmarks file holding `ids`.
    static func marked() throws -> (db: String, marks: String) {
        let db = try CLI.sampleDatabase()
        let marks = try Fixtures.temporaryFolder().appendingPathComponent("marks.json").path
        // `bookmark add` checks the id against the database: the unknown one is written directly.
        for id in ids.dropLast() {
            let add = try CLI.run(["bookmark", "add", id, "--bookmarks", marks, "--db", db])
            #expect(add.status == 0, "\(add.stderr)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: marks))
        var file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let gone: [String: Any] = ["added_at": "2026-11-27T10:00:00Z", "id": ids[3], "kind": "toilet"]
        file["bookmarks"] = [gone] + (file["bookmarks"] as? [Any] ?? [])
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: marks))
        return (db, marks)
    }

    @Test func listsEachWithItsStateInTheBookmarksOrder() throws {
        let (db, marks) = try Self.marked()
        // Saturday 03:00 in Prague.
        let r = try CLI.run(["toilet", "--bookmarked", "--bookmarks", marks, "--at", "2026-11-28T03:00", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(r.stdout.split(separator: "\n").first?.contains("open") == true, "\(r.stdout)")
        let lines = r.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 3, "\(r.stdout)")
        #expect(lines[0].contains("Staroměstské nám. (sample)") && lines[0].contains("closed until 09:00"), "\(lines[0])")
        #expect(lines[1].contains("Karlova (sample)") && lines[1].contains("closed until 10:00"), "\(lines[1])")
        #expect(lines[2].contains("Celetná (sample)") && lines[2].contains("open 24/7"), "\(lines[2])")
        #expect(rows.dropFirst().allSatisfy { $0.count > 2 && $0[1] == "-" && $0[2] == "-" }, "no distance without --near")
        #expect(r.stderr == "note: bookmarked toilet \(Self.ids[3]) is no longer in the database\n")
    }

    @Test func withNearTheyAreNearestFirstAndTheJSONIsTheNearestSearchsDocument() throws {
        let (db, marks) = try Self.marked()
        let r = try CLI.run([
            "toilet", "--bookmarked", "--near", "50.08,14.42", "--bookmarks", marks, "--at", "2026-11-28T12:00", "--json",
            "--db", db,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc["schema"] as? String == "toilet-answer/1")
        let results = try #require(doc["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == [Self.ids[1], Self.ids[2], Self.ids[0]])
        #expect(results.map { $0["state"] as? String } == ["open", "open", "open"])
        #expect(results.map { $0["next_change"] as? String } == ["2026-11-28T18:00:00+01:00", nil, "2026-11-28T21:00:00+01:00"])
        #expect(results.allSatisfy { ($0["distance_m"] as? Double ?? 0) > 600 })
        #expect(doc["state_at"] as? String == "2026-11-28T11:00:00Z")
        let bare = try CLI.run(["toilet", "--bookmarked", "--bookmarks", marks, "--json", "--db", db])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(bare.stdout.utf8)) as? [String: Any])
        #expect(plain["near"] is NSNull)
        #expect((plain["results"] as? [[String: Any]])?.allSatisfy { $0["distance_m"] is NSNull } == true)
    }

    static let refusal =
        "--bookmarked lists every bookmarked toilet: it takes --near, --at, --tz and --json, not filters or --limit"

    @Test(arguments: [["--wheelchair"], ["--limit", "2"], ["--open-now"]])
    func filtersAreRefused(extra: [String]) throws {
        let (db, marks) = try Self.marked()
        let r = try CLI.run(["toilet", "--bookmarked", "--bookmarks", marks, "--db", db] + extra)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(Self.refusal)\n"), "\(r.stderr)")
    }

    @Test func noBookmarksIsExitThree() throws {
        let db = try CLI.sampleDatabase()
        let marks = try Fixtures.temporaryFolder().appendingPathComponent("none.json").path
        let r = try CLI.run(["toilet", "--bookmarked", "--bookmarks", marks, "--db", db])
        #expect(r.status == 3)
        #expect(r.stderr.contains("no toilet is bookmarked (locate bookmark add DATASET/ID)"), "\(r.stderr)")
    }
}

/// Issue 23: Paris's JCDecaux toilets (no name, no address) read "(no address) 48.85…" and
/// the map's popups showed the derived id. Every toilet output carries `title`.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent"))
struct ToiletTitleRealDataTests {
    @Test func parisToiletsAreTitledByOperatorNeverByID() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("paris.sqlite").path
        let ingest = try CLI.run(["ingest", Fixtures.repo("pipelines/osm-toilets-paris.yml"), "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let out = try Fixtures.temporaryFolder().appendingPathComponent("paris.geojson").path
        let export = try CLI.run(["export", "geojson", "--out", out, "--db", db])
        #expect(export.status == 0, "\(export.stderr)")
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let features = try #require(doc["features"] as? [[String: Any]])
        let titles = features.map { (($0["properties"] as? [String: Any])?["title"] as? String) ?? "" }
        #expect(features.count == 1268)
        #expect(titles.filter { $0 == "JCDecaux toilet" }.count == 264)
        #expect(zip(features, titles).allSatisfy { f, t in !t.isEmpty && t != f["id"] as? String && !t.contains("@") })
        // The nearest-toilet answer, table and JSON, carries the same title.
        let near = try CLI.run(["toilet", "--near", "48.8606,2.3376", "--limit", "5", "--json", "--db", db])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(near.stdout.utf8)) as? [String: Any])
        let results = try #require(answer["results"] as? [[String: Any]])
        let table = try CLI.run(["toilet", "--near", "48.8606,2.3376", "--limit", "5", "--db", db])
        for r in results {
            let title = try #require(r["title"] as? String)
            let feature = features.first { $0["id"] as? String == r["id"] as? String }
            #expect((feature?["properties"] as? [String: Any])?["title"] as? String == title)
            #expect(table.stdout.contains(String(title.prefix(43))), "\(title) in \(table.stdout)")
        }
    }
}
