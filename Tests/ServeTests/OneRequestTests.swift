import Foundation
import LocateTestSupport
import Places
import Query
import Synchronization
import Testing

/// One question, two adapters: every field of `NearestToiletsRequest` sent through
/// `locate toilet` and `GET /v1/toilets/nearest` gives the same document, and every bad
/// value the same reason (each adapter spelling the fields its own way). Issue 22: the
/// server had three of the CLI's eight filters and read a wall-clock `at` in a fixed zone.
@Suite struct OneRequestTests {
    /// A case: the fields as both adapters get them (flags as `true`), and, for a bad
    /// request, the problem both must report.
    struct Case: Sendable, CustomTestStringConvertible {
        var fields: [(RequestField, String)]
        var problem: RequestProblem?
        /// The server's problem when it differs: `limit` is capped by `--max-limit` (100)
        /// there, and not on the command line.
        var httpProblem: RequestProblem?
        var testDescription: String { fields.map { "\($0.0.rawValue)=\($0.1)" }.joined(separator: "&") }
    }

    static let good: [Case] = [
        Case(fields: []),
        Case(fields: [(.limit, "3")]),
        Case(fields: [(.maxDistance, "300")]),
        Case(fields: [(.maxDistance, "0.3km")]),
        Case(fields: [(.maxDistance, "300m"), (.limit, "10")]),
        Case(fields: [(.wheelchair, "true")]),
        Case(fields: [(.free, "true")]),
        Case(fields: [(.maxPrice, "10CZK")]),
        Case(fields: [(.publicOnly, "true")]),
        Case(fields: [(.changingTable, "true")]),
        Case(fields: [(.unisex, "true")]),
        Case(fields: [(.with, "gender_neutral")]),
        Case(fields: [(.with, "centralkey=eurokey"), (.with, "changing_table")]),
        Case(fields: [(.dataset, "prague-toilets-sample")]),
        // A wall-clock `at` without a zone: in the nearest toilet's zone (Europe/Prague here),
        // with a zone, and an instant with its offset.
        Case(fields: [(.at, "2026-11-23T20:50")]),
        Case(fields: [(.at, "2026-11-23T20:50"), (.tz, "America/New_York")]),
        Case(fields: [(.at, "2026-11-23T19:50:00Z"), (.includeUnknown, "true")]),
        Case(fields: [(.at, "2026-11-23T20:50"), (.arriveWithin, "15")]),
        Case(fields: [(.at, "2026-11-23T20:50"), (.arriveWithin, "1h")]),
        Case(fields: [(.at, "2026-11-23T20:50"), (.walk, "true"), (.free, "true")]),
        // Issue 24: paging, a box and a name.
        Case(fields: [(.limit, "2"), (.offset, "2")]),
        Case(fields: [(.offset, "11")]),
        Case(fields: [(.maxDistance, "1km"), (.at, "2026-11-23T20:50"), (.arriveWithin, "15m")]),
        Case(fields: [(.bbox, "14.41,50.08,14.43,50.09")]),
        Case(fields: [(.name, "NAM"), (.limit, "10")]),
        Case(fields: [(.name, "karlov"), (.bbox, "14.40,50.07,14.43,50.09"), (.at, "2026-11-23T20:50")]),
    ]

    static let bad: [Case] = [
        Case(
            fields: [(.limit, "0")], problem: .badValue(.limit, "0", "is not a whole number from 1 up"),
            httpProblem: .badValue(.limit, "0", "is not a whole number from 1 to 100")),
        Case(
            fields: [(.limit, "five")], problem: .badValue(.limit, "five", "is not a whole number from 1 up"),
            httpProblem: .badValue(.limit, "five", "is not a whole number from 1 to 100")),
        Case(fields: [(.maxDistance, "-5")], problem: .badValue(.maxDistance, "-5", Quantity.distanceReason)),
        Case(fields: [(.maxDistance, "5 miles")], problem: .badValue(.maxDistance, "5 miles", Quantity.distanceReason)),
        Case(
            fields: [(.maxPrice, "cheap")],
            problem: .badValue(.maxPrice, "cheap", "is not an amount with its currency (write 0.50EUR or 20CZK)")),
        Case(fields: [(.tz, "Mars/Base")], problem: .badValue(.tz, "Mars/Base", "is not an IANA time zone")),
        Case(
            fields: [(.at, "tomorrow")],
            problem: .badValue(.at, "tomorrow", "is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")),
        Case(fields: [(.openNow, "true"), (.at, "2026-11-23T20:50")], problem: .conflict(.openNow, .at)),
        Case(fields: [(.walk, "true")], problem: .needsTime(.walk)),
        Case(fields: [(.includeUnknown, "true")], problem: .needsTime(.includeUnknown)),
        Case(fields: [(.arriveWithin, "10")], problem: .needsTime(.arriveWithin)),
        Case(
            fields: [(.at, "2026-11-23T20:50"), (.arriveWithin, "1441")],
            problem: .badValue(.arriveWithin, "1441", "is not a whole number of minutes from 0 to 1440 (15, 15m, 1h)")),
        Case(
            fields: [(.at, "2026-11-23T20:50"), (.arriveWithin, "10"), (.walk, "true")], problem: .conflict(.arriveWithin, .walk)),
        Case(
            fields: [(.dataset, "nope")], problem: .noSuchDataset("nope", active: ["prague-toilets-sample"])),
        Case(
            fields: [(.with, "colour")],
            problem: .badValue(
                .with, "colour",
                "names no attribute (known: changing_table, unisex, female, male, changing_table_location, "
                    + "changing_table_all_genders, gender_neutral, centralkey, toilets_wheelchair)")),
        Case(
            fields: [(.with, "centralkey")],
            problem: .badValue(.with, "centralkey", "centralkey takes one of eurokey, radar, none (centralkey=WORD)")),
        Case(fields: [(.by, "car")], problem: .badValue(.by, "car", "is not a travel mode (foot or wheelchair)")),
        Case(
            fields: [(.offset, "-1")], problem: .badValue(.offset, "-1", "is not a whole number from 0 up"),
            httpProblem: .badValue(.offset, "-1", "is not a whole number from 0 to 1000")),
        Case(
            fields: [(.bbox, "14.43,50.08,14.41,50.09")], problem: .badValue(.bbox, "14.43,50.08,14.41,50.09", SearchBox.reason)),
        Case(fields: [(.name, "  ")], problem: .badValue(.name, "  ", "is blank")),
        Case(fields: [(.at, "2026-11-23T20:50"), (.walk, "true"), (.by, "foot")], problem: .conflict(.walk, .by)),
    ]

    static func cli(_ c: Case, db: String) -> [String] {
        var args = ["toilet", "--near", "50.0875,14.4214", "--db", db] + (c.problem == nil ? ["--json"] : [])
        for (field, value) in c.fields {
            args += value == "true" ? [field.cliName] : ["\(field.cliName)=\(value)"]
        }
        return args
    }

    static func http(_ c: Case) -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+="))
        let query = c.fields.map { "\($0.0.httpName)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        return "/v1/toilets/nearest?" + (["lat=50.0875", "lon=14.4214"] + query).joined(separator: "&")
    }

    @Test func sameDocumentThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for c in OneRequestTests.good {
            let cli = try CLI.run(OneRequestTests.cli(c, db: db))
            let http = try server.get(OneRequestTests.http(c))
            #expect(http.status == 200, "\(c.testDescription): \(http.body)")
            #expect(cli.status == 0 || cli.status == 3, "\(c.testDescription): \(cli.stderr)")
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout), "\(c.testDescription)")
        }
    }

    @Test func sameProblemThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for c in OneRequestTests.bad {
            let problem = try #require(c.problem)
            let cli = try CLI.run(OneRequestTests.cli(c, db: db))
            #expect(cli.status == 64, "\(c.testDescription): \(cli.stderr)")
            #expect(cli.stderr.hasPrefix("Error: \(problem.message(naming: \.cliName))\n"), "\(c.testDescription): \(cli.stderr)")
            let http = try server.get(OneRequestTests.http(c))
            let served = c.httpProblem ?? problem
            #expect(http.status == 400, "\(c.testDescription): \(http.body)")
            let error = http.json["error"] as? [String: Any] ?? [:]
            #expect(error["parameter"] as? String == served.field.httpName, "\(c.testDescription)")
            #expect(
                http.errorMessage == "parameter '\(served.field.httpName)': \(served.reason(naming: \.httpName))",
                "\(c.testDescription): \(http.body)")
        }
    }

    /// Paging and a box alone (issue 24): a box without a point is searched from its centre
    /// through both adapters; a page with more after it names the next in `next_offset` and,
    /// over HTTP, in a `Link` header with the same parameters; the last page has neither.
    @Test func pagesAndABoxAloneThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let cli = try CLI.run(["toilet", "--bbox", "14.41,50.08,14.43,50.09", "--limit", "2", "--json", "--db", db])
        let http = try server.get("/v1/toilets/nearest?bbox=14.41,50.08,14.43,50.09&limit=2")
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(http.status == 200, "\(http.body)")
        #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout))
        #expect(http.json["near"] as? [String: Double] == ["lat": 50.085, "lon": 14.42])
        #expect(http.json["next_offset"] as? Int == 2)
        #expect(http.headers["link"] == "</v1/toilets/nearest?bbox=14.41,50.08,14.43,50.09&limit=2&offset=2>; rel=\"next\"")
        // The link is followed as given; the old offset is replaced, not repeated.
        let second = try server.get("/v1/toilets/nearest?offset=2&bbox=14.41,50.08,14.43,50.09&limit=2")
        #expect(second.json["offset"] as? Int == 2)
        #expect(second.headers["link"] == "</v1/toilets/nearest?bbox=14.41,50.08,14.43,50.09&limit=2&offset=4>; rel=\"next\"")
        let last = try server.get("/v1/toilets/nearest?bbox=14.41,50.08,14.43,50.09&limit=2&offset=4")
        #expect((last.json["results"] as? [Any])?.count == 2)
        #expect(last.json["next_offset"] is NSNull)
        #expect(last.headers["link"] == nil)
        // Neither a point nor a box: the command line names both; the API names lat.
        let neither = try CLI.run(["toilet", "--db", db])
        #expect(neither.status == 64)
        #expect(neither.stderr.hasPrefix("Error: missing --near LAT,LON (or --bbox W,S,E,N, or --name TEXT)\n"))
        #expect(try server.get("/v1/toilets/nearest?limit=2").errorMessage == "parameter 'lat': missing")
        // A limit past any store's size pages safely (no arithmetic overflow).
        let huge = try CLI.run([
            "toilet", "--near", "50.0875,14.4214", "--limit", "\(Int.max)", "--offset", "\(Int.max)", "--json", "--db", db,
        ])
        #expect(huge.status == 3, "\(huge.stderr)")
        let past = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--offset", "12", "--db", db])
        #expect(past.status == 3)
        #expect(past.stderr == "no more toilets: at most 12 places match\n", "\(past.stderr)")
        // Only a point given as --near is checked for swapped coordinates, never a box's centre.
        let swappedBox = try CLI.run(["toilet", "--bbox", "50.08,14.41,50.09,14.43", "--db", db])
        #expect(swappedBox.status == 3)
        #expect(!swappedBox.stderr.contains("--near"), "\(swappedBox.stderr)")
    }

    /// By route (issue 26): the same answer, routes and all, through both adapters, on the
    /// real Helsinki toilets and street network.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf"))))
    func byRouteThroughBothAdapters() throws {
        let (db, server) = try Self.helsinkiServer()
        defer { server.stop() }
        let cases: [[(RequestField, String)]] = [
            [(.by, "foot")], [(.by, "wheelchair"), (.limit, "3")],
            [(.by, "foot"), (.at, "2026-11-23T15:40"), (.arriveWithin, "20")],
        ]
        for fields in cases {
            var args = ["toilet", "--near", "60.1699,24.9384", "--db", db, "--json"]
            for (f, v) in fields { args.append("\(f.cliName)=\(v)") }
            let cli = try CLI.run(args)
            let query = fields.map { "\($0.0.httpName)=\($0.1)" }.joined(separator: "&")
            let http = try server.get("/v1/toilets/nearest?lat=60.1699&lon=24.9384&" + query)
            #expect(cli.status == 0, "\(query): \(cli.stderr)")
            #expect(http.status == 200, "\(query): \(http.body)")
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout), "\(query)")
            #expect(cli.stdout.contains("\"route_distance_m\" : "), "\(query)")
        }
        // A start far from every way: exit 1 on the command line, a 400 naming lat and lon.
        let far = try server.get("/v1/toilets/nearest?lat=60.15&lon=24.94&by=foot")
        #expect(far.status == 400, "\(far.body)")
        #expect((far.json["error"] as? [String: Any])?["parameter"] as? String == "lat and lon")
    }

    /// The Helsinki toilets with the street network of their extract, and a server on them.
    static func helsinkiServer(_ extra: [String] = []) throws -> (db: String, server: ServeProcess) {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("h.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-helsinki-centre.yml", "--db", db])
        let built = try CLI.run(["network", "build", Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf"), "--db", db])
        try #require(built.status == 0, "\(built.stderr)")
        return (db, try ServeProcess(db: db, extra))
    }

    /// Routes under load: every search has its own scratch over one shared read-only walking
    /// graph. 8 clients × 12 requests of both modes at once against the server (the release
    /// binary in `make test`): every answer is a 200 and equals the answer of the same request
    /// made alone. The per-client rate limit is lifted: routed answers now take about a
    /// millisecond, so 108 requests from one address would otherwise meet it (a 429).
    @Test func routesUnderConcurrentRequestsAnswerAsAlone() throws {
        let (_, server) = try Self.helsinkiServer(["--rate", "100000", "--burst", "100000"])
        defer { server.stop() }
        let paths = (0..<12).map { i in
            let lat = 60.1660 + Double(i % 4) * 0.0030
            let lon = 24.9370 + Double(i / 4) * 0.0050
            return "/v1/toilets/nearest?lat=\(lat)&lon=\(lon)&limit=3&by=\(i % 2 == 0 ? "foot" : "wheelchair")"
        }
        let alone = try paths.map { try server.get($0).body }
        let answers = Mutex<[String: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            for path in paths.shuffled() {
                let r = try? server.get(path)
                let text = r.map { $0.status == 200 ? $0.body : "status \($0.status): \($0.body)" } ?? "no answer"
                answers.withLock { $0[path, default: []].append(text) }
            }
        }
        let got = answers.withLock { $0 }
        for (i, path) in paths.enumerated() {
            #expect(got[path]?.count == 8, "\(path)")
            #expect(got[path]?.allSatisfy { $0 == alone[i] } == true, "\(path): \(got[path]?.first { $0 != alone[i] } ?? "")")
        }
    }

    /// `mode=` is another name for `by=` (issue 26): the same answer, the same validation
    /// naming the parameter given, both together only when they agree.
    @Test func modeIsAnotherNameForBy() throws {
        let (_, server) = try Self.helsinkiServer()
        defer { server.stop() }
        let base = "/v1/toilets/nearest?lat=60.1699&lon=24.9384&limit=3"
        for mode in ["foot", "wheelchair"] {
            let by = try server.get(base + "&by=" + mode)
            #expect(by.status == 200, "\(by.body)")
            #expect(try server.get(base + "&mode=" + mode).body == by.body, "mode=\(mode)")
            #expect(try server.get(base + "&by=\(mode)&mode=\(mode)").body == by.body, "by and mode=\(mode)")
        }
        let both = try server.get(base + "&by=foot&mode=wheelchair")
        #expect(both.status == 400, "\(both.body)")
        #expect((both.json["error"] as? [String: Any])?["parameter"] as? String == "mode")
        #expect(both.errorMessage == "parameter 'mode': give either by or mode, not both", "\(both.body)")
        let car = try server.get(base + "&mode=car")
        #expect(car.status == 400, "\(car.body)")
        #expect(car.errorMessage == "parameter 'mode': 'car' is not a travel mode (foot or wheelchair)", "\(car.body)")
        let walk = try server.get(base + "&mode=foot&at=2026-11-23T15:40&walk=true")
        #expect(walk.status == 400, "\(walk.body)")
    }

    /// The server takes every field of the question, and nothing the question does not.
    @Test func theServerTakesEveryFieldOfTheQuestion() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let unknown = try server.get("/v1/toilets/nearest?lat=50&lon=14&param=PM10")
        let listed = unknown.errorMessage ?? ""
        for field in NearestToiletsRequest.fields { #expect(listed.contains(field.httpName), "\(field.httpName): \(listed)") }
        // dataset repeats, as --dataset does.
        let two = try server.get(
            "/v1/toilets/nearest?lat=50.0875&lon=14.4214&dataset=prague-toilets-sample&dataset=prague-toilets-sample")
        #expect(two.status == 200, "\(two.body)")
    }
}

/// The station question through both adapters: `locate station --near` and
/// `GET /v1/stations/nearest` give the same `station-answer/1` (alerts, unjudged rules and
/// notes included) and the same reason for a bad value. Issue 22: the server lacked
/// `alert`, and the pollutant and age checks were written twice.
@Suite struct OneStationRequestTests {
    static let at: (RequestField, String) = (.at, "2026-11-21T20:30")

    static let good: [OneRequestTests.Case] = [
        .init(fields: [at]),
        .init(fields: [at, (.limit, "2")]),
        .init(fields: [at, (.param, "pm10")]),
        .init(fields: [at, (.param, "PM2.5"), (.freshWithin, "3h")]),
        .init(fields: [at, (.alert, "PM10>50")]),
        .init(fields: [at, (.alert, "who"), (.alert, "index>=3"), (.limit, "2")]),
        .init(fields: [(.at, "2026-11-22T06:30"), (.alert, "who"), (.freshWithin, "3h")]),
        .init(fields: [(.at, "2026-11-21T14:30"), (.tz, "America/New_York")]),
        .init(fields: [(.at, "2026-11-21T19:30:00Z")]),
    ]

    static let bad: [OneRequestTests.Case] = [
        .init(
            fields: [(.limit, "0")], problem: .badValue(.limit, "0", "is not a whole number from 1 up"),
            httpProblem: .badValue(.limit, "0", "is not a whole number from 1 to 100")),
        .init(fields: [(.param, "XX")], problem: .unknownPollutant(.param, value: "XX", code: "XX")),
        .init(fields: [(.freshWithin, "3h")], problem: .needsOneOf(.freshWithin, [.param, .alert])),
        .init(
            fields: [(.param, "PM10"), (.freshWithin, "soon")], problem: .badValue(.freshWithin, "soon", Quantity.ageReason)),
        .init(
            fields: [(.alert, "PM10 above 50")],
            problem: .badValue(.alert, "PM10 above 50", "is not a rule such as PM10>50, norms, who or index>=4")),
        .init(fields: [(.alert, "FOO>5")], problem: .unknownPollutant(.alert, value: "FOO>5", code: "FOO")),
        .init(fields: [(.tz, "Mars/Base")], problem: .badValue(.tz, "Mars/Base", "is not an IANA time zone")),
        .init(
            fields: [(.at, "tomorrow")],
            problem: .badValue(.at, "tomorrow", "is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")),
    ]

    static func cli(_ c: OneRequestTests.Case, db: String) -> [String] {
        var args = ["station", "--near", "50.06,19.94", "--db", db] + (c.problem == nil ? ["--json"] : [])
        for (field, value) in c.fields { args += ["\(field.cliName)=\(value)"] }
        return args
    }

    static func http(_ c: OneRequestTests.Case) -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+=<>"))
        let query = c.fields.map { "\($0.0.httpName)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        return "/v1/stations/nearest?" + (["lat=50.06", "lon=19.94"] + query).joined(separator: "&")
    }

    @Test func sameDocumentThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for c in OneStationRequestTests.good {
            let cli = try CLI.run(OneStationRequestTests.cli(c, db: db))
            let http = try server.get(OneStationRequestTests.http(c))
            #expect(http.status == 200, "\(c.testDescription): \(http.body)")
            #expect([0, 3, 4, 5].contains(cli.status), "\(c.testDescription): \(cli.stderr)")
            #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout), "\(c.testDescription)")
        }
    }

    @Test func sameProblemThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for c in OneStationRequestTests.bad {
            let problem = try #require(c.problem)
            let cli = try CLI.run(OneStationRequestTests.cli(c, db: db))
            #expect(cli.status == 64, "\(c.testDescription): \(cli.stderr)")
            #expect(cli.stderr.hasPrefix("Error: \(problem.message(naming: \.cliName))\n"), "\(c.testDescription): \(cli.stderr)")
            let http = try server.get(OneStationRequestTests.http(c))
            let served = c.httpProblem ?? problem
            #expect(http.status == 400, "\(c.testDescription): \(http.body)")
            #expect(
                http.errorMessage == "parameter '\(served.field.httpName)': \(served.reason(naming: \.httpName))",
                "\(c.testDescription): \(http.body)")
        }
    }

    /// The far note is in the answer through both adapters (issue 23: a search in Rome
    /// listed Polish stations 1,000 km away without a word).
    @Test func aFarAnswerSaysSo() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let cli = try CLI.run([
            "station", "--near", "41.8986,12.4769", "--limit", "1", "--at", "2026-11-21T20:30", "--json", "--db", db,
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        #expect(
            doc["notes"] as? [String] == [
                "no station of the loaded data lies within 50 km of the query point: the nearest is 1075 km away"
            ])
        let text = try CLI.run(["station", "--near", "41.8986,12.4769", "--limit", "1", "--at", "2026-11-21T20:30", "--db", db])
        #expect(
            text.stderr
                == "note: no station of the loaded data lies within 50 km of the query point: the nearest is 1075 km away\n")
        // With param the note is about the stations the search kept: Kraków's does not measure
        // O3, Łódź's (192 km away) does.
        let o3 = try CLI.run(["station", "--near", "50.06,19.94", "--param", "o3", "--at", "2026-11-21T20:30", "--db", db])
        #expect(
            o3.stderr
                == "note: no station measuring O3 of the loaded data lies within 50 km of the query point: the nearest is 192 km away\n",
            "\(o3.stdout)")
        // A list of stations takes no param: the advice names only what it takes.
        let marks = try Fixtures.temporaryFolder().appendingPathComponent("m.json").path
        let listed = try CLI.run(["station", "--bookmarked", "--bookmarks", marks, "--fresh-within", "3h", "--db", db])
        #expect(listed.status == 64)
        #expect(listed.stderr.hasPrefix("Error: --fresh-within needs --alert\n"), "\(listed.stderr)")
    }
}

/// Station detail through both adapters: `locate station show KEY --json` and
/// `GET /v1/stations/{id}/detail` give the same `station-detail/1` (issue 22: the server had
/// no station detail, and the CLI's `--days` check was its own).
@Suite struct OneStationDetailRequestTests {
    @Test(arguments: [
        [(RequestField, String)](),
        [(.days, "2")],
        [(.days, "31"), (.at, "2026-11-22T06:30")],
        [(.at, "2026-11-21T14:30"), (.tz, "America/New_York")],
    ])
    func sameDocumentThroughBothAdapters(fields: [(RequestField, String)]) throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        // Without `at` both would read the clock: the answer is asked as of a fixed instant.
        let all = fields.contains { $0.0 == .at } ? fields : fields + [(.at, "2026-11-21T20:30")]
        let cli = try CLI.run(["station", "show", "9001", "--json", "--db", db] + all.map { "\($0.0.cliName)=\($0.1)" })
        #expect(cli.status == 0, "\(cli.stderr)")
        let http = try server.get("/v1/stations/9001/detail?" + all.map { "\($0.0.httpName)=\($0.1)" }.joined(separator: "&"))
        #expect(http.status == 200, "\(http.body)")
        #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout))
    }

    @Test func sameProblemsThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let problem = RequestProblem.badValue(.days, "32", "is not a whole number from 1 to 31")
        let cli = try CLI.run(["station", "show", "9001", "--days", "32", "--db", db])
        #expect(cli.status == 64)
        #expect(cli.stderr.hasPrefix("Error: \(problem.message(naming: \.cliName))\n"), "\(cli.stderr)")
        let http = try server.get("/v1/stations/9001/detail?days=32")
        #expect(http.status == 400)
        #expect(http.errorMessage == "parameter 'days': \(problem.reason(naming: \.httpName))")
        let missing = try CLI.run(["station", "show", "4242", "--db", db])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("no active station has the id or name '4242'"), "\(missing.stderr)")
        let gone = try server.get("/v1/stations/4242/detail")
        #expect(gone.status == 404)
        #expect(gone.errorMessage == "no active station has the id or name '4242'", "\(gone.body)")
    }
}

/// "What changed since…" through both adapters: `locate updates --since T --json` and
/// `GET /v1/updates?since=T` give the same `updates/1` and the same reasons (issue 22: the
/// question had only the server's adapter).
@Suite struct OneUpdatesRequestTests {
    @Test func sameDocumentAndProblemsThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let since = "2000-01-01T00:00:00Z"
        let cli = try CLI.run(["updates", "--since", since, "--json", "--db", db])
        #expect(cli.status == 0, "\(cli.stderr)")
        let http = try server.get("/v1/updates?since=\(since)")
        #expect(http.status == 200)
        #expect(try JSONText.normalized(http.body) == JSONText.normalized(cli.stdout))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        let datasets = try #require(doc["datasets"] as? [[String: Any]])
        #expect(datasets.map { $0["dataset"] as? String } == ["gios-stations-sample", "prague-toilets-sample"])
        #expect(datasets.map { ($0["added"] as? [Any])?.count } == [6, 12])
        let table = try CLI.run(["updates", "--since", since, "--db", db])
        #expect(
            table.stdout == """
                dataset                kind      added  updated  retired
                gios-stations-sample   stations      6        0        0
                prague-toilets-sample  toilets      12        0        0

                """)
        let problem = RequestProblem.badValue(.since, "yesterday", "is not an RFC 3339 instant with offset")
        let bad = try CLI.run(["updates", "--since", "yesterday", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: \(problem.message(naming: \.cliName))\n"), "\(bad.stderr)")
        let badHTTP = try server.get("/v1/updates?since=yesterday")
        #expect(badHTTP.status == 400)
        #expect(badHTTP.errorMessage == "parameter 'since': \(problem.reason(naming: \.httpName))")
        let none = try CLI.run(["updates", "--since", "2999-01-01T00:00:00Z", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr.contains("nothing changed since 2999-01-01T00:00:00Z"))
    }
}
