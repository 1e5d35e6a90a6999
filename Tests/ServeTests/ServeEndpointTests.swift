import Foundation
import LocateTestSupport
import Testing

/// `locate serve` end to end: the built binary on 127.0.0.1 with a free port.
@Suite struct ServeEndpointTests {
    @Test func answersEqualTheCLIsJSON() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        let cases: [(String, [String])] = [
            ("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=3", ["toilet", "--near", "50.0875,14.4214", "--limit", "3"]),
            (
                "/v1/toilets/nearest?lat=50.0875&lon=14.4214&at=2026-11-23T20:50&walk=true&free=true",
                ["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T20:50", "--walk", "--free"]
            ),
            (
                "/v1/toilets/nearest?lat=50.0875&lon=14.4214&at=2026-11-23T19:50:00Z&include_unknown=true&max_distance=300",
                [
                    "toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T19:50:00Z", "--include-unknown", "--max-distance",
                    "300",
                ]
            ),
            (
                "/v1/stations/nearest?lat=52.2297&lon=21.0122&limit=2&at=2026-11-21T12:00",
                ["station", "--near", "52.2297,21.0122", "--limit", "2", "--at", "2026-11-21T12:00"]
            ),
            ("/v1/stations?name=LODZ&at=2026-11-21T12:00", ["station", "--name", "LODZ", "--at", "2026-11-21T12:00"]),
            ("/v1/runs", ["runs"]),
        ]
        for (path, args) in cases {
            let http = try server.get(path)
            let cli = try CLI.run(args + ["--json", "--db", db])
            #expect(http.status == 200, "\(path): \(http.body)")
            #expect(http.headers["content-type"] == "application/json; charset=utf-8")
            // The same document, compact: one line, the same keys in the same order, the
            // same values.
            #expect(http.body.split(separator: "\n").count == 1, "\(path)")
            #expect(http.body.hasSuffix("}\n"))
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout), "\(path)")
            #expect(JSONText.keys(http.body) == JSONText.keys(cli.stdout), "\(path)")
        }
        #expect(server.terminate() == 0)
    }

    /// With two toilet datasets the server still searches each place's records in the other
    /// dataset (it skips that only when every toilet is of one dataset): merged places, as
    /// the CLI answers them.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func placesOfTwoDatasetsAreMergedAsTheCLIMergesThem() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("two.sqlite").path
        try CLI.ingest(["pipelines/prague-toilets-2019.yml", "--db", db])
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        let http = try server.get("/v1/toilets/nearest?lat=50.08745&lon=14.41736&limit=5")  // the library
        let cli = try CLI.run(["toilet", "--near", "50.08745,14.41736", "--limit", "5", "--json", "--db", db])
        #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout))
        let first = (http.json["results"] as? [[String: Any]])?.first ?? [:]
        let datasets = (first["sources"] as? [[String: Any]] ?? []).map { $0["dataset"] as? String }
        #expect(datasets == ["prague-toilets", "osm-toilets-prague-sample"])
        #expect(server.terminate() == 0)
    }

    @Test func oneToiletWithItsWeek() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let list = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=1").json
        let first = (list["results"] as? [[String: Any]])?.first ?? [:]
        let (dataset, id) = (first["dataset"] as? String ?? "", first["source_id"] as? String ?? "")
        let r = try server.get("/v1/toilets/\(dataset)/\(id)?at=2026-11-23T20:50")
        #expect(r.status == 200)
        let toilet = r.json["toilet"] as? [String: Any] ?? [:]
        #expect(r.json["schema"] as? String == "toilet-detail/1")
        #expect(r.json["at"] as? String == "2026-11-23T19:50:00Z")
        #expect(toilet["id"] as? String == "\(dataset)/\(id)")
        #expect(toilet["hours_text"] as? String == "po-ne 9:00-21:00")
        #expect(toilet["state"] as? String == "open")
        #expect(toilet["next_change"] as? String == "2026-11-23T21:00:00+01:00")
        let week = r.json["opening_times"] as? [[String: String]] ?? []
        #expect(week.count == 15)
        #expect(week.first == ["state": "open", "from": "2026-11-23T20:50:00+01:00", "until": "2026-11-23T21:00:00+01:00"])
        #expect(
            week.dropFirst().first == [
                "state": "closed", "from": "2026-11-23T21:00:00+01:00", "until": "2026-11-24T09:00:00+01:00",
            ])
        #expect(week.last?["until"] == "2026-11-30T20:50:00+01:00")
        #expect((r.json["source"] as? [String: Any])?["pipeline"] as? String == "prague-toilets-sample")
        // One request type and one document: `locate toilet show` answers the same.
        let cli = try CLI.run(["toilet", "show", "\(dataset)/\(id)", "--at", "2026-11-23T20:50", "--json", "--db", db])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(try JSONText.normalized(r.body) == JSONText.normalized(cli.stdout))
        // A wall-clock `at` is read in `tz` when given, else in the toilet's own zone.
        let helsinki = try server.get("/v1/toilets/\(dataset)/\(id)?at=2026-11-23T20:50&tz=Europe/Helsinki")
        #expect(helsinki.json["at"] as? String == "2026-11-23T18:50:00Z")
        let missing = try server.get("/v1/toilets/\(dataset)/no-such-id")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "no active toilet \(dataset)/no-such-id")
        #expect(server.terminate() == 0)
    }

    @Test func stationsByIdHealthAndUpdates() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        let one = try server.get("/v1/stations/9001?at=2026-11-21T12:00")
        #expect(one.status == 200, "\(one.body)")
        let results = one.json["results"] as? [[String: Any]] ?? []
        #expect(results.map { $0["id"] as? String } == ["gios-stations-sample/9001"])
        #expect(try server.get("/v1/stations/9001?at=2026-11-21T12:00&dataset=gios-stations-sample").body == one.body)
        #expect(try server.get("/v1/stations/424242").status == 404)
        // The id is percent-decoded as the toilet ids are (`%39` is `9`).
        #expect(try server.get("/v1/stations/%39001?at=2026-11-21T12:00").body == one.body)
        let health = try server.get("/v1/health")
        #expect(health.status == 200)
        #expect(health.json["status"] as? String == "ok")
        #expect(
            (health.json["datasets"] as? [[String: Any]])?.compactMap { $0["dataset"] as? String }.sorted()
                == ["gios-stations-sample", "gios-stations-sample", "prague-toilets-sample"])
        let all = try server.get("/v1/updates?since=2000-01-01T00:00:00Z")
        let datasets = all.json["datasets"] as? [[String: Any]] ?? []
        #expect(datasets.map { $0["dataset"] as? String } == ["gios-stations-sample", "prague-toilets-sample"])
        #expect((datasets.last?["added"] as? [String])?.count == 12)
        #expect((datasets.last?["updated"] as? [String]) == [])
        let none = try server.get("/v1/updates?since=2999-01-01T00:00:00%2B01:00")
        #expect(none.status == 200)
        #expect(none.json["datasets"] as? [Any] != nil && (none.json["datasets"] as? [Any])?.isEmpty == true)
        #expect(server.terminate() == 0)
    }

    /// `verified_within=` answers as `--verified-within` does; counted back from now, the
    /// answer is the clock's (not cached as the data version's alone).
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func verifiedWithinAnswersAsTheCLI() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("verified.sqlite").path
        try CLI.ingest(["pipelines/prague-toilets-2026.yml", "--db", db])
        let server = try ServeProcess(db: db)
        let at = "2026-11-22T10:00:00%2B01:00"
        for age in ["1y", "30d"] {
            let http = try server.get(
                "/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=3&at=\(at)&include_unknown=true&verified_within=\(age)")
            let cli = try CLI.run([
                "toilet", "--near", "50.0875,14.4214", "--limit", "3", "--at", "2026-11-22T10:00:00+01:00", "--include-unknown",
                "--verified-within", age, "--json", "--db", db,
            ])
            #expect(http.status == 200)
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout), "\(age)")
            #expect((http.json["results"] as? [Any])?.count == (age == "1y" ? 3 : 0))
        }
        let now = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&verified_within=1y")
        let plain = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214")
        #expect(now.headers["cache-control"]?.hasPrefix("public, max-age=") == true, "\(now.headers)")
        #expect(plain.headers["cache-control"] == "public, no-cache")
        #expect(server.terminate() == 0)
    }

    @Test func badParametersAreNamed() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let cases: [(String, String, String)] = [
            ("/v1/toilets/nearest?lon=14", "lat", "parameter 'lat': missing"),
            ("/v1/toilets/nearest?lat=abc&lon=14", "lat", "parameter 'lat': 'abc' is not a latitude from -90 to 90 degrees"),
            ("/v1/toilets/nearest?lat=50&lon=14&limit=0", "limit", "parameter 'limit': '0' is not a whole number from 1 to 100"),
            (
                "/v1/toilets/nearest?lat=50&lon=14&limit=101", "limit",
                "parameter 'limit': '101' is not a whole number from 1 to 100"
            ),
            ("/v1/toilets/nearest?lat=50&lon=14&open-now=true", "open-now", "parameter 'open-now': unknown parameter"),
            ("/v1/toilets/nearest?lat=50&lon=14&walk=true", "walk", "parameter 'walk': needs open_now or at"),
            (
                "/v1/toilets/nearest?lat=50&lon=14&open_now=yes", "open_now",
                "parameter 'open_now': 'yes' is not true or false (or 1 or 0)"
            ),
            (
                "/v1/toilets/nearest?lat=50&lon=14&open_now=true&at=2026-11-23T20:50", "at",
                "parameter 'at': give either open_now or at, not both"
            ),
            ("/v1/updates", "since", "parameter 'since': missing"),
            ("/v1/stations/nearest?lat=50&lon=14&param=XX", "param", "parameter 'param': unknown pollutant 'XX'"),
            ("/v1/toilets/nearest?lat=50&lon=14&tz=Mars/Base", "tz", "parameter 'tz': 'Mars/Base' is not an IANA time zone"),
            (
                "/v1/toilets/nearest?lat=50&lon=14&verified_within=1m", "verified_within",
                "parameter 'verified_within': '1m' is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"
            ),
        ]
        for (path, parameter, message) in cases {
            let r = try server.get(path)
            #expect(r.status == 400, "\(path)")
            let error = r.json["error"] as? [String: Any] ?? [:]
            #expect(r.json["schema"] as? String == "http-error/1")
            #expect(error["parameter"] as? String == parameter, "\(path)")
            #expect((error["message"] as? String)?.hasPrefix(message) == true, "\(path): \(r.body)")
            #expect(error["status"] as? Int == 400)
        }
        let unknown = try server.get("/v2/nothing")
        #expect(unknown.status == 404)
        #expect(unknown.errorMessage == "no such endpoint (see /v1/openapi.yaml)")
        let post = try server.get("/v1/runs", method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(server.terminate() == 0)
    }
}

/// `toilet-detail/1` carries the OSM attributes `toilet-answer/1` has: a parent or a
/// wheelchair user opens a toilet's detail to see them (they were missing there).
@Suite struct ToiletDetailAttributesTests {
    @Test func theDetailHasTheAnswersAttributes() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("tags.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-tags-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let detail = try server.get("/v1/toilets/osm-toilets-tags-sample/node%2F9000000001?at=2026-11-23T12:00")
        #expect(detail.status == 200, "\(detail.body)")
        let toilet = try #require(detail.json["toilet"] as? [String: Any])
        #expect(toilet["changing_table"] as? Bool == true)
        #expect(toilet["unisex"] as? Bool == true)
        #expect(toilet["access"] as? String == "public")
        #expect(toilet["female"] is NSNull)
        #expect(toilet["title"] as? String == "Karlova (sample), Karlova 12, Praha")
        let (lat, lon) = (toilet["lat"] as? Double ?? 0, toilet["lon"] as? Double ?? 0)
        let nearest = try server.get("/v1/toilets/nearest?lat=\(lat)&lon=\(lon)&limit=1&at=2026-11-23T12:00")
        let first = try #require((nearest.json["results"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == toilet["id"] as? String)
        let keys = [
            "access", "changing_table", "unisex", "female", "male", "toilets_disposal", "level", "indoor", "operator",
            "check_date",
        ]
        for key in keys {
            #expect(toilet.keys.contains(key), "\(key)")
            #expect("\(toilet[key] ?? "absent")" == "\(first[key] ?? "absent")", "\(key)")
        }
    }
}

/// The accessibility attributes over HTTP: `with=` (repeatable) filters as `--with` does, and
/// `toilet-detail/1` carries them (issue 22, step 2).
@Suite struct AccessibilityOverHTTPTests {
    @Test func withFiltersAndTheDetailCarriesTheAttributes() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("a11y.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-accessibility-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        func ids(_ query: String) throws -> [String] {
            let r = try server.get("/v1/toilets/nearest?lat=50.08&lon=14.42&limit=10&" + query)
            #expect(r.status == 200, "\(query): \(r.body)")
            return (r.json["results"] as? [[String: Any]] ?? []).compactMap { $0["source_id"] as? String }
        }
        #expect(try ids("with=changing_table_all_genders") == ["node/9100000001", "node/9100000003"])
        #expect(try ids("with=gender_neutral&with=centralkey%3Dradar") == ["node/9100000004"])
        #expect(try ids("with=changing_table_location%3Dmale_toilet") == ["node/9100000003"])
        let detail = try server.get("/v1/toilets/osm-toilets-accessibility-sample/node%2F9100000001")
        #expect(detail.status == 200, "\(detail.body)")
        let toilet = try #require(detail.json["toilet"] as? [String: Any])
        #expect(toilet["changing_table_location"] as? String == "dedicated_room")
        #expect(toilet["changing_table_all_genders"] as? Bool == true)
        #expect(toilet["gender_neutral"] as? Bool == true)
        #expect(toilet["centralkey"] as? String == "eurokey")
        #expect(toilet["toilets_wheelchair"] is NSNull)
    }
}
