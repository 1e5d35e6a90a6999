import Foundation
import LocateTestSupport
import Testing

/// Issue 14, item 6: `locate serve` serves the preview map over its database, and the map
/// takes contributions that then await review. The browser check drives Chromium with
/// chromedriver (Debian) through Selenium (PyPI, in a venv under .build/).
@Suite struct ContributeMapTests {
    /// The Python of `.build/selenium-venv` with Selenium, made on first use, or why not.
    static let python: (path: String?, why: String) = {
        let venv = Fixtures.repo(".build/selenium-venv")
        let py = venv + "/bin/python"
        if (try? Fixtures.run(py, ["-c", "import selenium"]))?.status == 0 { return (py, "") }
        let made = try? Fixtures.shell("python3 -m venv '\(venv)' && '\(venv)/bin/pip' install -q selenium 2>&1 | tail -3")
        if (try? Fixtures.run(py, ["-c", "import selenium"]))?.status == 0 { return (py, "") }
        return (nil, "selenium cannot be installed: \(made?.stdout ?? "python3 -m venv failed")")
    }()

    static let haveBrowser = Fixtures.haveTool("chromium") && Fixtures.haveTool("chromedriver")

    /// The Prague sample plus one toilet whose address is markup (escaping is checked on it).
    static let nastyAddress = "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\"> (sample)"

    static func database() throws -> String {
        let db = try CLI.sampleDatabase()
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
        let feature: [String: Any] = [
            "type": "Feature", "geometry": ["type": "Point", "coordinates": [14.44, 50.08]],
            "properties": ["ADRESA": nastyAddress, "OTEVRENO": "nonstop", "CENA": "10 Kč"],
        ]
        let collection: [String: Any] = ["type": "FeatureCollection", "features": [feature]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: collection), as: UTF8.self)
        _ = try Fixtures.write(json, name: "nasty.geojson", in: folder)
        let pipeline = try Fixtures.write(
            """
            name: nasty-sample
            kind: toilets
            dataset: nasty-sample
            description: SAMPLE written by a test, an address that is markup
            source: { path: nasty.geojson, format: geojson, crs: "EPSG:4326" }
            timezone: Europe/Prague
            country: CZ
            licence: CC0 (sample written for locate)
            attribution: locate sample data
            id: { derive: [ADRESA] }
            fields: { address: ADRESA, hours: OTEVRENO, price: CENA }
            region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }

            """, name: "nasty-sample.yml", in: folder)
        try CLI.ingest([pipeline, "--db", db])
        return db
    }

    /// `GET /`, `/data.js` and Leaflet's files: the snapshot's page with contributions at
    /// the server's own origin, made again when an ingest changes the data.
    @Test func servesThePageOverTheCurrentData() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'self'; script-src 'self'; ") == true)
        #expect(page.body.contains("<div id=\"contrib\" hidden>"))
        #expect(page.body.contains("<script src=\"leaflet/leaflet.js\"></script>"))
        #expect(try server.get("/index.html").body == page.body)
        for (path, type) in [
            ("/preview.js", "text/javascript"), ("/contribute.js", "text/javascript"), ("/preview.css", "text/css"),
        ] {
            let file = try server.get(path)
            #expect(file.status == 200, "\(path)")
            #expect(file.headers["content-type"] == type + "; charset=utf-8", "\(path)")
            #expect(page.body.contains(path.dropFirst()), "\(path)")
        }
        let data = try server.get("/data.js")
        #expect(data.status == 200)
        #expect(data.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(data.body.hasPrefix("window.LOCATE_COUNT = 12;\nwindow.LOCATE_DATA = {"))
        #expect(data.body.contains("\"api\":\"\""))
        let css = try server.get("/leaflet/leaflet.css")
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.headers["cache-control"] == "public, max-age=86400")
        #expect(try server.get("/leaflet/images/layers.png").status == 200)
        // The marker-cluster plugin and both licences (issue 24 §3), and the hint how to
        // suggest a toilet.
        #expect(page.body.contains("<script src=\"leaflet/leaflet.markercluster.js\"></script>"))
        #expect(page.body.contains("Missing a toilet? <button id=\"suggest\" type=\"button\">suggest a toilet</button>"))
        for (path, type) in [
            ("/leaflet/leaflet.markercluster.js", "text/javascript"), ("/leaflet/MarkerCluster.css", "text/css"),
            ("/leaflet/MarkerCluster.Default.css", "text/css"), ("/leaflet/LICENSE-markercluster.txt", "text/plain"),
            ("/leaflet/LICENSE-leaflet.txt", "text/plain"),
        ] {
            let file = try server.get(path)
            #expect(file.status == 200, "\(path)")
            #expect(file.headers["content-type"] == type + "; charset=utf-8", "\(path)")
        }
        let missing = try server.get("/leaflet/images/nothing.png")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "no such file of the preview map")

        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        let after = try server.eventually("/data.js") { !$0.body.hasPrefix("window.LOCATE_COUNT = 12;") }
        #expect(after.body.hasPrefix("window.LOCATE_COUNT = 12;") == false)
    }

    /// Regression: the page encodes ids in paths (`encodeURIComponent`), and the server
    /// matched the raw segment, so `@` and `,` (IPR ids) and `/` (OSM's `node/…`) were not
    /// found: path parameters are percent-decoded now.
    @Test func encodedIdsInPathsAreFound() throws {
        let db = try CLI.sampleDatabase()
        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for (path, id) in [
            ("prague-toilets-sample/05bddb4231d5%4050.086120%2C14.418020", "05bddb4231d5@50.086120,14.418020"),
            ("osm-toilets-sample/node%2F900000001", "node/900000001"),
        ] {
            let answer = try server.get("/v1/toilets/" + path)
            #expect(answer.status == 200, "\(answer.body)")
            #expect((answer.json["toilet"] as? [String: Any])?["source_id"] as? String == id, "\(answer.body.prefix(300))")
        }
    }

    @Test(
        .enabled(if: haveBrowser, "chromium or chromedriver is not installed: browser check skipped"),
        .timeLimit(.minutes(1)))
    func aPersonSuggestsReportsAndEditsFromTheMap() throws {
        guard let python = ContributeMapTests.python.path else {
            print("skipped: \(ContributeMapTests.python.why)")
            return
        }
        let db = try ContributeMapTests.database()
        let server = try ServeProcess(db: db, ["--cors-origin", "*"])
        defer { server.stop() }
        let api = "http://127.0.0.1:\(server.port)"
        let snapshot = try Fixtures.temporaryFolder().appendingPathComponent("site").path
        let exported = try CLI.run(["export", "snapshot", "--out", snapshot, "--tiles", "none", "--api", api, "--db", db])
        try #require(exported.status == 0, "\(exported.stderr)")
        let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"
        let r = try Fixtures.run(
            "/usr/bin/timeout",
            [
                "60", python, Fixtures.repo("Tests/Support/contribute_map.py"), api,
                "50.0840", "14.4300", "50.08612", "14.41802", karlova, ContributeMapTests.nastyAddress,
                try Fixtures.temporaryFolder().path, "file://\(snapshot)/index.html",
            ])
        try #require(r.status == 0, "\(r.stdout)\n\(r.stderr.suffix(2000))")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        #expect(seen["failure"] == nil, "\(seen)")
        #expect(seen["markers"] as? Int == 13)
        #expect(seen["heading"] as? String == "Suggest a toilet here")
        let position = try #require(seen["new_position"] as? [String])
        let lat = try #require(Double(position[0])), lon = try #require(Double(position[1]))
        #expect(abs(lat - 50.0840) < 0.0002 && abs(lon - 14.4300) < 0.0002, "\(position)")
        let refused = "field 'name': has 201 characters; at most 200 are accepted"
        #expect(seen["refused_field"] as? String == refused)
        #expect(seen["refused_message"] as? String == refused)
        #expect((seen["new_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["popup_buttons"] as? [String] == ["suggest an edit", "report", "add a photo"])
        #expect((seen["report_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["unchanged_message"] as? String == "change at least one field")
        #expect((seen["edit_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect((seen["photo_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        // Issue 40: what the server read on the sign (a 64 x 48 gradient: read as one block of
        // text, PSM_SINGLE_BLOCK, it gives a line of noise, and no hours), beside the hours now.
        #expect(
            seen["photo_sign"] as? [String]
                == [
                    "The sign could not be read (no line of the text reads as opening hours): a maintainer will read it.",
                    "Hours now: Mo-Fr 08:00-20:00; Sa-Su 10:00-18:00",
                ],
            "\(seen["photo_sign"] ?? "")")
        #expect(seen["no_reason_message"] as? String == "choose what is wrong")
        #expect((seen["snapshot_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect((seen["anyway_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["nasty_heading"] as? String == "Suggest an edit: " + ContributeMapTests.nastyAddress)
        #expect(seen["nasty_ran"] is NSNull)
        #expect(seen["nasty_images"] as? Int == 0)

        // What the person sent awaits review, with the values sent and nothing else.
        let list = try CLI.run(["review", "list", "--json", "--db", db])
        #expect(list.status == 0, "\(list.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any], "\(list.stdout)")
        let all = try #require(document["contributions"] as? [[String: Any]], "\(list.stdout)")
        try #require(all.count == 6, "\(list.stdout)")
        #expect(all.map { $0["kind"] as? String } == ["new", "new", "report", "edit", "photo", "report"])
        #expect(all.allSatisfy { $0["status"] as? String == "pending" && $0["contact"] is NSNull })
        let proposed = all.map { $0["proposed"] as? [String: Any] ?? [:] }
        let text = { (i: Int, key: String) in proposed[i][key + "_text"] as? String }
        #expect(all[0]["target"] is NSNull)
        #expect(proposed[0]["lat"] as? Double == lat && proposed[0]["lon"] as? Double == lon)
        #expect(proposed[0]["name"] as? String == "Test toilet from the map")
        #expect(text(0, "hours") == "Mo-Fr 08:00-18:00")
        #expect(text(0, "price") == "20 CZK")
        #expect(proposed[0]["wheelchair"] as? String == "yes")
        #expect(proposed[0]["access"] is NSNull)
        #expect(all[0]["note"] as? String == "seen today")
        #expect(proposed[1]["lat"] as? Double == 50.08612 && proposed[1]["lon"] as? Double == 14.41802)
        #expect(proposed[1]["name"] as? String == "Second toilet beside one")
        #expect(all[2]["target"] as? String == karlova)
        #expect(all[2]["report"] as? String == "wrong_hours")
        #expect(text(2, "hours") == "Mo-Su 07:00-22:00")
        #expect(all[2]["note"] as? String == "the sign says so")
        #expect(all[3]["target"] as? String == karlova)
        #expect(text(3, "price") == "15 CZK")
        #expect(proposed[3]["name"] is NSNull && proposed[3]["hours_text"] is NSNull)
        #expect(all[4]["target"] as? String == karlova)
        #expect((all[4]["photo"] as? [String: Any])?["kind"] as? String == "hours_sign")
        #expect(all[5]["target"] as? String == karlova)
        #expect(all[5]["report"] as? String == "gone")
    }
}
