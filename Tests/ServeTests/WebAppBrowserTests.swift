import Contract
import Foundation
import LocateTestSupport
import Testing

/// The venv's Python with Playwright and axe-core (`scripts/setup.sh --test` makes it).
private let webAppPython = Fixtures.repo(".build/browser-venv/bin/python")

/// Why the browser check cannot run here (nil: it can).
private let webAppSkip: String? = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
        return "chromium is not installed (/usr/bin/chromium): browser checks skipped; scripts/setup.sh --test installs it"
    }
    let probe = try? Fixtures.run(webAppPython, ["-c", "import playwright, axe_playwright_python"])
    guard probe?.status == 0 else {
        return "playwright or axe-playwright-python is not installed in .build/browser-venv: browser checks skipped; "
            + "scripts/setup.sh --test installs them"
    }
    return nil
}()

/// Issue 37: the map people carry, in a real browser. `Tests/Support/webapp_check.py` drives
/// Debian's Chromium with Playwright and checks accessibility with axe-core (both PyPI, in
/// `.build/browser-venv`, which `scripts/setup.sh --test` makes): the list beside the map
/// against `locate toilet --json` on 24 points, times and filters; "near me" granted and
/// refused; toilet clusters with their open, unknown and closed shares in words; the city
/// picker after a deep link, a bad `#id=`, the tile notice closed; the snapshot on a static
/// host (`python3 -m http.server`) and the page of `locate serve` opened again offline after
/// one visit, with the data's age, and a newer snapshot offered online again; Czech and
/// Polish by the browser's language; no serious or critical axe violation at 390×844 and
/// 1280×800, light and dark; bookmarks made in a popup and imported from `locate bookmark`'s
/// file, there offline after a reload; the page's own basemap drawn offline, from the folder
/// and from the server, and central Helsinki's at zoom 17 after a pan and a scheme change. Screenshots go to `LOCATE_SCREENSHOTS` when it is set.
@Suite(.enabled(if: webAppSkip == nil, "\(webAppSkip ?? "")"))
struct WebAppBrowserTests {
    static let python = webAppPython

    /// 10:30 in Prague, 11:30 in Helsinki, on the Sunday the snapshot was made (06:30 Prague).
    static let now = "2026-11-22T09:30:00Z"
    static let nowUnix = 1_795_339_800
    /// Where "near me" is granted: Old Town Square, Prague.
    static let position = (50.0870, 14.4200)
    static let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"

    /// The filters of the list and the `locate toilet` options that ask the same.
    static let filters: [(page: [String: Bool], cli: [String])] = [
        ([:], []), (["openNow": true], ["--at", now]), (["wheelchair": true], ["--wheelchair"]), (["free": true], ["--free"]),
        (["changingTable": true], ["--changing-table"]), (["openNow": true, "wheelchair": true], ["--at", now, "--wheelchair"]),
        (["openNow": true, "free": true], ["--at", now, "--free"]),
    ]

    /// Points in Prague's centre (two datasets of one city, places that are one in both), in
    /// Helsinki's, and far from both.
    static let points: [(Double, Double)] =
        [
            position, (50.0875, 14.4214), (50.0800, 14.4200), (50.0900, 14.4300), (50.0860, 14.4180), (50.0830, 14.4270),
            (50.0930, 14.4100), (50.0760, 14.4330), (50.1000, 14.4500), (50.0500, 14.4000), (50.0866, 14.4160),
            (50.0880, 14.4250), (50.0850, 14.4140), (60.1700, 24.9400), (60.1650, 24.9500), (60.1690, 24.9450),
            (60.1720, 24.9380), (60.1600, 24.9550), (60.1750, 24.9300), (60.1800, 24.9600), (52.2297, 21.0122),
            (48.8566, 2.3522), (49.5000, 17.0000), (55.0000, 20.0000),
        ]

    struct Case: Encodable {
        var lat: Double
        var lon: Double
        var filters: [String: Bool]
        var limit = 10
        var at = WebAppBrowserTests.nowUnix
    }

    /// Another snapshot whose list is compared with the CLI.
    struct More: Encodable {
        var snapshot: String
        var cases: [Case]
        /// Views whose list entries' verification words are read: [lat, lon, dataset nearest there].
        var verifiedViews: [[String]] = []

        enum CodingKeys: String, CodingKey {
            case snapshot, cases
            case verifiedViews = "verified_views"
        }
    }

    struct Config: Encodable {
        var snapshot: String
        var served: String
        var now = WebAppBrowserTests.now
        var cases: [Case]
        var position: [Double]
        var deep: [String: String]
        var shots: String?
        var more: [More] = []
        var helsinki: String?
        var bookmarksFile: String?
        var station = "gios-stations-sample/9001"
        var bookmarksSaved: String?
        var walkPoint: [Double]?
        var servedIngest: [String]?
        var review: [String]?
        var servedAir: [String]?

        enum CodingKeys: String, CodingKey {
            case snapshot, served, now, cases, position, deep, shots, more, helsinki, station, review
            case servedAir = "served_air"
            case bookmarksFile = "bookmarks_file", bookmarksSaved = "bookmarks_saved", walkPoint = "walk_point", servedIngest =
                "served_ingest"
        }
    }

    /// One result of `locate toilet --json`: id, distance to 0.1 m, state, next change (Unix).
    struct Expected: Equatable, CustomStringConvertible {
        var id: String
        var distance: Double
        var state: String?
        var next: Int?
        var description: String { "\(id) \(distance) m \(state ?? "-") \(next.map(String.init) ?? "-")" }
    }

    static func database() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("webapp.sqlite").path
        for p in [
            "prague-toilets-sample", "osm-toilets-prague-sample", "osm-toilets-accessibility-sample",
            "osm-toilets-helsinki-centre", "gios-stations-sample", "gios-air-sample",
        ] {
            try CLI.ingest(["pipelines/\(p).yml", "--db", db])
        }
        return db
    }

    static func expected(_ db: String, _ c: Case, _ options: [String]) throws -> [Expected] {
        let r = try CLI.run(
            ["toilet", "--near", "\(c.lat),\(c.lon)", "--limit", "\(c.limit)", "--json", "--db", db] + options)
        if r.status == 3 { return [] }
        try #require(r.status == 0, "locate toilet: \(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        return try results.map { x in
            let next = (x["next_change"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
            return Expected(
                id: try #require(x["id"] as? String), distance: try #require(x["distance_m"] as? Double),
                state: x["state"] as? String, next: next.map { Int($0.timeIntervalSince1970) })
        }
    }

    /// Real data when ../shared/datasets is there: Prague's 2026 IPR data with the OSM Prague
    /// sample (places that are one in both: answers list them once with both sources) and
    /// Paris's OSM toilets.
    static let realPoints: [(Double, Double)] = [
        (50.0875, 14.4214), (50.08745, 14.41736), (50.0800, 14.4300), (50.1000, 14.4000), (50.0700, 14.4500),
        (50.0870, 14.4200), (48.8566, 2.3522), (48.8600, 2.3400), (48.8700, 2.3000), (48.8400, 2.3700),
        (48.8800, 2.3600), (48.8530, 2.3499),
    ]

    /// The cases of `points`, `perPoint` filters each (cycling through `filters`), with the
    /// CLI's answers and options.
    static func cases(_ db: String, _ points: [(Double, Double)], perPoint: Int) throws -> (
        cases: [Case], wanted: [[Expected]], options: [[String]]
    ) {
        var out: ([Case], [[Expected]], [[String]]) = ([], [], [])
        for (i, p) in points.enumerated() {
            for k in 0..<perPoint {
                let f = filters[(i * perPoint + k) % filters.count]
                let c = Case(lat: p.0, lon: p.1, filters: f.page)
                out.0.append(c)
                out.1.append(try expected(db, c, f.cli))
                out.2.append(f.cli)
            }
        }
        return out
    }

    /// The page's answers equal the CLI's: ids, distances to 0.1 m, and with open now the
    /// states and next changes. The number of answers that list a place of several sources.
    @discardableResult
    static func compare(_ answers: [[[String: Any]]], _ c: (cases: [Case], wanted: [[Expected]], options: [[String]]))
        -> Int
    {
        #expect(answers.count == c.cases.count)
        var merged = 0
        for (i, answer) in answers.enumerated() where i < c.cases.count {
            let isOpen = c.cases[i].filters["openNow"] == true
            let got = answer.map { r in
                let id = r["id"] as? String ?? ""
                return Expected(
                    id: id, distance: ((r["distance"] as? Double ?? -1) * 10).rounded() / 10,
                    state: isOpen ? r["state"] as? String : nil,
                    next: isOpen && c.wanted[i].contains { $0.id == id && $0.next != nil } ? r["until"] as? Int : nil)
            }
            let want = c.wanted[i].map {
                Expected(id: $0.id, distance: $0.distance, state: isOpen ? $0.state : nil, next: isOpen ? $0.next : nil)
            }
            #expect(got == want, "\(c.cases[i].lat),\(c.cases[i].lon) \(c.options[i].joined(separator: " "))")
            if answer.contains(where: { ($0["sources"] as? [String])?.count ?? 0 > 1 }) { merged += 1 }
        }
        return merged
    }

    @Test func theListTheOfflineAppAndEveryPersonInAPhoneAndADesktop() throws {
        let db = try Self.database()
        let folder = try Fixtures.temporaryFolder()
        let snapshot = folder.appendingPathComponent("site").path
        // The page's own streets (a made-up extract of Prague's centre) under tiles that fail.
        let extract = folder.appendingPathComponent("streets.osm.pbf").path
        try Data(PBFWriter.sampleStreets()).write(to: URL(fileURLWithPath: extract))
        let export = try CLI.run([
            "export", "snapshot", "--out", snapshot, "--at", "2026-11-22T06:30", "--tiles",
            "http://127.0.0.1:9/{z}/{x}/{y}.png", "--tiles-attribution", "test tiles", "--basemap", extract, "--db", db,
        ])
        try #require(export.status == 0, "export snapshot: \(export.stderr)")
        // Central Helsinki's street network beside the database: the served list's walking minutes.
        let helsinkiExtract = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")
        let walkPoint: [Double]? = Fixtures.haveSharedDatasets ? [60.1699, 24.9414] : nil
        if walkPoint != nil {
            let built = try CLI.run(["network", "build", helsinkiExtract, "--db", db])
            try #require(built.status == 0, "locate network build: \(built.stderr)")
        }
        let server = try ServeProcess(db: db, ["--basemap", extract])
        // A station bookmarked with the CLI, for the page to import.
        let bookmarks = folder.appendingPathComponent("bookmarks.json").path
        let added = try CLI.run(["bookmark", "add", "gios-stations-sample/9001", "--bookmarks", bookmarks, "--db", db])
        try #require(added.status == 0, "locate bookmark add: \(added.stderr)")
        defer { server.stop() }

        let sample = try Self.cases(db, Self.points, perPoint: 3)
        var more: [More] = []
        var real: (cases: [Case], wanted: [[Expected]], options: [[String]])?
        var helsinki: String?
        if Fixtures.haveSharedDatasets {
            let realDB = folder.appendingPathComponent("real.sqlite").path
            for p in ["prague-toilets-2026", "osm-toilets-prague-sample", "osm-toilets-paris"] {
                try CLI.ingest(["pipelines/\(p).yml", "--db", realDB])
            }
            let realSite = folder.appendingPathComponent("real").path
            let r = try CLI.run([
                "export", "snapshot", "--out", realSite, "--at", "2026-11-22T06:30", "--tiles", "none", "--db", realDB,
            ])
            try #require(r.status == 0, "export snapshot: \(r.stderr)")
            let c = try Self.cases(realDB, Self.realPoints, perPoint: 2)
            real = c
            more.append(
                More(
                    snapshot: realSite, cases: c.cases,
                    verifiedViews: [["50.0875", "14.4214", "prague-toilets"], ["48.8566", "2.3522", "osm-toilets-paris"]]))
            // Central Helsinki's toilets from the PBF extract, over its own basemap.
            let helsinkiDB = folder.appendingPathComponent("helsinki.sqlite").path
            try CLI.ingest(["pipelines/osm-toilets-helsinki-pbf.yml", "--db", helsinkiDB])
            helsinki = folder.appendingPathComponent("helsinki").path
            let h = try CLI.run([
                "export", "snapshot", "--out", helsinki ?? "", "--at", "2026-11-22T06:30", "--basemap",
                Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf"), "--db", helsinkiDB,
            ])
            try #require(h.status == 0, "export snapshot: \(h.stderr)")
        } else {
            print("../shared/datasets is absent: the list is compared with the CLI on the samples only")
        }
        let shots = ProcessInfo.processInfo.environment["LOCATE_SCREENSHOTS"].flatMap { $0.isEmpty ? nil : $0 }
        let config = Config(
            snapshot: snapshot, served: "http://127.0.0.1:\(server.port)", cases: sample.cases,
            position: [Self.position.0, Self.position.1], deep: ["id": Self.karlova], shots: shots, more: more,
            helsinki: helsinki, bookmarksFile: bookmarks,
            bookmarksSaved: folder.appendingPathComponent("saved-bookmarks.json").path, walkPoint: walkPoint,
            servedIngest: [Fixtures.locateBinary, "ingest", Fixtures.repo("pipelines/osm-toilets-sample.yml"), "--db", db],
            review: [Fixtures.locateBinary, "--db", db],
            servedAir: [Fixtures.locateBinary, "ingest", Fixtures.repo("pipelines/gios-air-sample.yml"), "--db", db])
        let configPath = folder.appendingPathComponent("config.json").path
        try JSONEncoder().encode(config).write(to: URL(fileURLWithPath: configPath))
        let run = try Fixtures.run(
            "/usr/bin/timeout", ["170", Self.python, Fixtures.repo("Tests/Support/webapp_check.py"), configPath])
        try #require(run.status == 0, "webapp_check.py exited \(run.status): \(run.stderr.suffix(2000))")
        let out = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(out["failed"] == nil, "the check stopped: \(out["failed"] ?? "")")
        #expect((out["errors"] as? [String]) == [], "\(out["errors"] ?? "")")

        // The list answers as the CLI does, on every point, filter and time.
        let answers = try #require(out["answers"] as? [[[String: Any]]])
        Self.compare(answers, sample)
        #expect(sample.wanted.filter { !$0.isEmpty }.count >= 40, "too few answered cases to compare")
        #expect(
            sample.wanted.indices.filter { sample.cases[$0].filters["openNow"] == true && !sample.wanted[$0].isEmpty }.count >= 8)
        if let real {
            let realAnswers = try #require((out["more"] as? [[[[String: Any]]]])?.first)
            #expect(Self.compare(realAnswers, real) >= 1, "no answer lists a place of two datasets")
            // Verification on real data: Prague's 2026 release vouches for its toilets; Paris's
            // OSM extract does not, its mappers' check and survey dates do.
            let seen = try #require((out["more_verified"] as? [[[String]]])?.first)
            let prague = seen.filter { $0.first?.hasPrefix("prague-toilets/") == true }.map { $0.last ?? "" }
            let paris = seen.filter { $0.first?.hasPrefix("osm-toilets-paris/") == true }.map { $0.last ?? "" }
            #expect(
                !prague.isEmpty
                    && prague.allSatisfy { $0.wholeMatch(of: /Verified 27 [A-Z][a-z]{2,4} 2026 by the source's release/) != nil },
                "\(prague)")
            let osm = /Never verified|(Verified|Not verified since) [0-9]{1,2} [A-Z][a-z]{2,4} [0-9]{4} by an OSM (check|survey)/
            #expect(!paris.isEmpty && paris.allSatisfy { $0.wholeMatch(of: osm) != nil }, "\(paris)")
        }

        // The list and "near me", granted and refused; the filters; the keyboard's way in.
        #expect(out["list_origin"] as? String == "centre")
        #expect(out["list_count"] as? Int == 10)
        let nearIDs = try #require(out["near_ids"] as? [String])
        #expect(nearIDs.count == 10 && nearIDs == out["near_expected"] as? [String])
        #expect(nearIDs == sample.wanted[0].map(\.id))
        #expect((out["near_message"] as? String)?.hasPrefix("nearest: ") == true, "\(out["near_message"] ?? "")")
        let wheelchair = try #require(out["wheelchair_ids"] as? [String])
        #expect(!wheelchair.isEmpty && wheelchair == out["wheelchair_expected"] as? [String])
        #expect((out["first_entry"] as? String)?.contains("♿ wheelchair") == true, "\(out["first_entry"] ?? "")")
        #expect(!((out["keyboard_popup"] as? String) ?? "").isEmpty)
        #expect(
            out["refused_message"] as? String
                == "location refused: allow this page to use your location, or move the map yourself")

        // Clusters say their shares in words (no size colours); markers are labelled buttons.
        let clusters = try #require(out["clusters"] as? [[String: Any]])
        #expect(!clusters.isEmpty)
        for c in clusters {
            let label = c["label"] as? String ?? ""
            let m = try #require(
                label.wholeMatch(
                    of:
                        /([0-9]+) toilets here: ([0-9]+) open, ([0-9]+) hours unknown, ([0-9]+) closed now\. Zoom in to see them\./
                ),
                "\(label)")
            #expect(Int(m.output.1) == (Int(m.output.2) ?? 0) + (Int(m.output.3) ?? 0) + (Int(m.output.4) ?? 0))
            #expect((c["text"] as? String) == "\(m.output.1)\(m.output.2) open")
            #expect(c["role"] as? String == "button" && c["plugin"] as? Bool == false)
        }
        let labels = try #require(out["marker_labels"] as? [String])
        #expect(!labels.isEmpty && labels.allSatisfy { $0.hasSuffix(" now") && $0.contains(": ") }, "\(labels)")

        // At a glance: the tile notice closes, a deep link names its city, a bad one says so.
        #expect(out["notice_before"] as? Bool == true && out["notice_after"] as? Bool == false)
        // With the page's own streets beneath, the notice says they are shown.
        #expect(
            (out["notice_text"] as? String)?.hasPrefix("Online map tiles could not be loaded (") == true
                && (out["notice_text"] as? String)?.contains("the map shows its own streets instead.") == true,
            "\(out["notice_text"] ?? "")")
        #expect(out["deep_title"] as? String == "Karlova (sample)")
        #expect((out["deep_city"] as? String)?.hasPrefix("prague-toilets-sample (") == true, "\(out["deep_city"] ?? "")")
        #expect(out["deep_notice"] as? Bool == false)
        #expect(
            (out["bad_notice"] as? String)?.hasPrefix(
                "No place \"nowhere/nothing\" on this map: the link may be old, or the place is gone.") == true)

        // Bookmarks: the popup's button bookmarks Karlova, the CLI's file adds its station, and
        // both are there offline after a reload, named in the Bookmarks section.
        #expect(out["bookmark_button"] as? String == "☆ bookmark")
        #expect(out["bookmark_pressed"] as? String == "true")
        #expect(out["bookmark_note"] as? String == "imported 1 bookmarks")
        #expect(out["offline_bookmarks"] as? [String] == [Self.karlova, "gios-stations-sample/9001"])
        #expect(out["offline_bookmark_names"] as? [String] == ["Karlova (sample)", "Kraków, ul. Próbna (sample)"])
        // The page's file is one the CLI reads; a file that is not bookmarks/1 is refused, saying why.
        let saved = folder.appendingPathComponent("saved-bookmarks.json").path
        let listed = try CLI.run(["bookmark", "list", "--bookmarks", saved, "--json", "--db", db])
        #expect(listed.status == 0, "locate bookmark list: \(listed.stderr)")
        let listDoc = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        #expect(
            (listDoc?["bookmarks"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                == [Self.karlova, "gios-stations-sample/9001"], "\(listed.stdout)")
        #expect(
            out["bookmark_bad_note"] as? String
                == #"not a locate bookmarks file (bookmarks/1): no "schema": "bookmarks/1" with "bookmarks""#)

        // A station's panel judges the norms as `locate station show` does at the same instant
        // (the generation time), says which are exceeded, and is reachable by keyboard.
        let show = try CLI.run(
            ["station", "show", "gios-stations-sample/9001", "--at", "2026-11-22T06:30", "--json", "--db", db])
        try #require(show.status == 0, "locate station show: \(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let cliNorms = try #require(detail["pollutants"] as? [[String: Any]]).flatMap { p in
            (p["norms"] as? [[String: Any]] ?? []).map { n in
                "\(p["pollutant"] ?? "") \(n["set"] ?? "") \(n["kind"] ?? "") \(n["averaging"] ?? "") \(n["status"] ?? "") "
                    + "\(n["value"].flatMap { $0 as? Double }.map { String(format: "%.6f", $0) } ?? "null") \(n["hours"] ?? "")"
            }
        }
        let pageNorms = try #require(out["station_standings"] as? [[String: Any]]).map { n in
            "\(n["pollutant"] ?? "") \(n["set"] ?? "") \(n["kind"] ?? "") \(n["averaging"] ?? "") \(n["status"] ?? "") "
                + "\((n["value"] as? Double).map { String(format: "%.6f", $0) } ?? "null") \(n["hours"] ?? "")"
        }
        #expect(!cliNorms.isEmpty && pageNorms == cliNorms)
        // Each norm's label in the page's words, in English as `locate station show` prints it.
        let normLabels = (out["station_standings"] as? [[String: Any]] ?? []).map { $0["label"] as? String ?? "" }
        let normForm =
            /(EU|WHO) [A-Z0-9.]+ (limit value|information threshold|alert threshold|guideline) \((1h mean|3 consecutive hours|8h running mean|24h mean)\) [0-9.]+ µg\/m³/
        #expect(!normLabels.isEmpty && normLabels.allSatisfy { $0.wholeMatch(of: normForm) != nil }, "\(normLabels)")
        let exceeded = cliNorms.filter { $0.contains(" exceeded ") }.count
        #expect(out["station_exceeded"] as? String == "\(exceeded)")
        #expect(out["station_notice_role"] as? String == (exceeded > 0 ? "alert" : "status"))
        #expect((out["station_notice"] as? String)?.hasPrefix(exceeded > 0 ? "Over the norm: " : "No norm exceeded") == true)
        #expect((out["station_charts"] as? [String])?.first == "NO2 over the last 24 hours, with its norms")
        #expect(out["station_focus"] as? String == "station-heading")
        #expect((out["axe_station_panel"] as? [Any])?.isEmpty == true, "\(out["axe_station_panel"] ?? "missing")")
        #expect(out["station_closed"] as? Bool == true)

        // Offline after one visit, from the static host and from `locate serve`.
        #expect(out["offline_markers"] as? Int == 46)
        #expect(out["offline_list"] as? Int == 10)
        #expect((out["offline_age"] as? String)?.hasPrefix("offline: data of ") == true, "\(out["offline_age"] ?? "")")
        #expect((out["offline_age"] as? String)?.hasSuffix("(4 h old), saved on this device") == true)
        #expect((out["offline_states"] as? [String])?.contains("open") == true)
        #expect((out["online_age"] as? String)?.hasPrefix("data of ") == true)
        #expect(out["newer"] as? String == "Newer data is available. show it")
        #expect((out["served_csp"] as? String)?.contains("worker-src 'self'") == true)
        #expect(out["served_offline_markers"] as? Int == 46)
        #expect(out["served_offline_list"] as? Int == 10)
        #expect((out["served_offline_age"] as? String)?.hasPrefix("offline: data of ") == true)
        // An ingest while the served page was offline is offered once it is online again.
        #expect(out["served_newer"] as? String == "Newer data is available. show it")
        // Air readings asked for hourly: none offered until an air ingest is newer than the page.
        let airBefore = out["served_air_before"] as? [Any]
        #expect(airBefore?.first as? String == "same", "\(out["served_air_before"] ?? "missing")")
        #expect(airBefore?.last as? Bool == false, "the offer shows with no newer air readings")
        #expect(
            (out["served_air_after"] as? [String]) == ["newer", "Newer data is available. show it"],
            "\(out["served_air_after"] ?? "missing")")
        #expect(out["served_cs_hint"] as? String == "Chybí tu toaleta? navrhnout toaletu (nebo klikněte do mapy, kde je)")
        // Walking minutes in the served list: each the route's time `locate toilet --by foot`
        // gives from the same point, in whole minutes.
        if walkPoint != nil {
            let from = try #require(out["walk_from"] as? String)
            #expect(out["walk_by"] as? String == "foot")
            let routed = try CLI.run(["toilet", "--near", from, "--by", "foot", "--limit", "30", "--json", "--db", db])
            try #require(routed.status == 0, "locate toilet --by foot: \(routed.stderr)")
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(routed.stdout.utf8)) as? [String: Any])
            var cli: [String: Double] = [:]
            for r in doc["results"] as? [[String: Any]] ?? [] {
                if let id = r["id"] as? String, let s = r["walk_time_s"] as? Double, r["route"] is [String: Any] { cli[id] = s }
            }
            let entries = try #require(out["walk_entries"] as? [[Any]])
            #expect(entries.count >= 3, "\(entries)")
            for e in entries {
                let id = e[0] as? String ?? ""
                let s = e[1] as? Double ?? -1
                let minutes = max(1, Int((s / 60).rounded()))
                #expect(cli[id] == s, "\(id): page \(s) s, CLI \(String(describing: cli[id]))")
                #expect(e[2] as? String == " · \(minutes) min walk")
            }
        }

        // Verification's round trip (issue 37 §5): the popup offers the four one-tap answers; "Still
        // here" is received, pending until `locate review approve`, then the place reads as
        // verified by a visitor's confirmation, in its popup and its list entry.
        #expect(out["verify_before"] as? String == "Never verified")
        #expect(
            (out["verify_buttons"] as? [[String]]) == [
                ["still_there", "Still here"], ["gone", "Gone"], ["hours_right", "Hours are right"],
                ["wrong_hours", "Hours are wrong"],
            ])
        #expect((out["verify_axe"] as? [Any])?.isEmpty == true, "verify_axe: \(out["verify_axe"] ?? "missing")")
        #expect(
            (out["verify_receipt"] as? String)?.wholeMatch(
                of: /Thank you: your suggestion \([0-9]+\) awaits review by a maintainer\./)
                != nil, "\(out["verify_receipt"] ?? "missing")")
        #expect(out["verify_pending"] as? Int == 1)
        // The day the server recorded, in the place's zone, as the page words it in English.
        let api = try #require(
            (out["verify_api"] as? String).flatMap(InstantText.instant), "the approval never reached the server's answers")
        let day = String(InstantText.text(api, in: TimeZone(identifier: "Europe/Prague") ?? .gmt).prefix(10))
        let parts = day.split(separator: "-").compactMap { Int($0) }
        try #require(parts.count == 3)
        let form = /Verified ([0-9]{1,2}) [A-Z][a-z]{2,4} ([0-9]{4}) by a visitor's confirmation/
        let shown = try #require((out["verify_after"] as? String)?.wholeMatch(of: form), "\(out["verify_after"] ?? "missing")")
        #expect(Int(shown.1) == parts[2] && Int(shown.2) == parts[0], "\(out["verify_after"] ?? "") for \(day)")
        let verified = String(shown.0)
        let entry = (out["verify_list"] as? [[String]])?.first { $0.first == Self.karlova }
        #expect(entry?.last == verified, "\(out["verify_list"] ?? "missing")")

        // The page's own streets, drawn offline under the failing tiles, from the folder and the
        // server: at the first view's zoom (13) the low band's three made-up ways (the main
        // road, the tram, the park; a tile crossing them draws each), and their pixels.
        for key in ["offline_basemap", "served_offline_basemap"] {
            let seen = try #require(out[key] as? [String: Int], "\(key): \(out[key] ?? "missing")")
            #expect(seen["tiles", default: 0] > 0 && seen["ways", default: 0] >= 3, "\(key): \(seen)")
            #expect(seen["painted", default: 0] > 100, "\(key): \(seen)")
        }
        if helsinki != nil {
            // By day and night, after a pan (shards already loaded), after the scheme changes, offline.
            let keys = ["phone", "desktop"].flatMap { n in ["", "_pan", "_scheme", "_offline"].map { "helsinki_\(n)\($0)" } }
            for key in keys {
                let seen = try #require(out[key] as? [String: Int], "\(key): \(out[key] ?? "missing")")
                // Zoom 17 around the Central Station: hundreds of ways, a tenth of the pixels painted.
                #expect(seen["ways", default: 0] > 300, "\(key): \(seen)")
                #expect(seen["painted", default: 0] > 20_000, "\(key): \(seen)")
            }
        }

        // Every person: axe at both sizes, light and dark; Czech and Polish.
        for key in ["axe_phone_light", "axe_phone_dark", "axe_desktop_light", "axe_desktop_dark"] {
            #expect((out[key] as? [Any])?.isEmpty == true, "\(key): \(out[key] ?? "missing")")
        }
        #expect(out["scheme_dark"] as? String == "dark")
        let languages = try #require(out["languages"] as? [String: [String: String]])
        #expect(languages["cs-CZ"]?["lang"] == "cs" && languages["cs-CZ"]?["heading"] == "Nejbližší toalety")
        #expect(languages["cs-CZ"]?["near"] == "blízko mě")
        #expect(languages["pl-PL"]?["lang"] == "pl" && languages["pl-PL"]?["heading"] == "Najbliższe toalety")
        #expect(languages["pl-PL"]?["age"]?.hasPrefix("dane z ") == true)
    }
}
