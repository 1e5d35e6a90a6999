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
        #expect(
            page.headers["content-security-policy"]?.hasPrefix("default-src 'self'; script-src 'self' 'unsafe-inline'") == true)
        #expect(page.body.contains("<div id=\"contrib\" hidden>"))
        #expect(page.body.contains("<script src=\"leaflet/leaflet.js\"></script>"))
        #expect(try server.get("/index.html").body == page.body)
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
        let missing = try server.get("/leaflet/images/nothing.png")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "no such file of the preview map")

        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        #expect(try server.get("/data.js").body.hasPrefix("window.LOCATE_COUNT = 12;") == false)
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
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"
        let r = try Fixtures.run(
            "/usr/bin/timeout",
            [
                "60", python, Fixtures.repo("Tests/Support/contribute_map.py"), "http://127.0.0.1:\(server.port)",
                "50.0840", "14.4300", "50.08612", "14.41802", karlova, ContributeMapTests.nastyAddress,
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
        #expect((seen["new_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["popup_buttons"] as? [String] == ["suggest an edit", "report", "add a photo"])
        #expect((seen["report_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["unchanged_message"] as? String == "change at least one field")
        #expect((seen["edit_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect((seen["anyway_message"] as? String)?.hasSuffix("awaits review by a maintainer.") == true)
        #expect(seen["nasty_heading"] as? String == "Suggest an edit: " + ContributeMapTests.nastyAddress)
        #expect(seen["nasty_ran"] is NSNull)
        #expect(seen["nasty_images"] as? Int == 0)
    }
}
