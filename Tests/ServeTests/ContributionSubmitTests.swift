import Foundation
import LocateTestSupport
import Testing

/// `POST /v1/toilets`, `…/edits` and `…/reports` on the built binary: field-by-field
/// validation (422 naming the field), the duplicate check (409), the service region, body
/// limits (413), the submission rate limit (429) and the receipt (202).
@Suite struct ContributionSubmitTests {
    @Test func aNewToiletIsReceivedPendingWithHowItsHoursWereRead() throws {
        let s = try ContributionServer()
        let r = try s.server.post(
            "/v1/toilets",
            json: #"{"lat": 50.1, "lon": 14.45, "name": "Nová", "hours_text": "Mo-FR 08:00-18:00", "price_text": "10 Kč", "#
                + #""wheelchair": "yes", "access": "public", "note": "by the tram stop", "contact": "me@example.org"}"#)
        #expect(r.status == 202, "\(r.text)")
        let j = r.json
        #expect(j["schema"] as? String == "contribution-receipt/1")
        #expect(j["id"] as? Int == 1)
        #expect(j["kind"] as? String == "new")
        #expect(j["status"] as? String == "pending")
        #expect(j["target"] is NSNull)
        #expect(j["photo"] is NSNull)
        let hours = j["hours"] as? [String: Any] ?? [:]
        #expect(hours["hours_text"] as? String == "Mo-FR 08:00-18:00")
        #expect(hours["hours_osm"] as? String == "Mo-Fr 08:00-18:00")
        #expect(hours["hours_status"] as? String == "exact")
        let warning = (hours["warnings"] as? [[String: Any]])?.first ?? [:]
        #expect(warning["found"] as? String == "FR")
        #expect(warning["canonical"] as? String == "Fr")
        #expect(!r.text.contains("me@example.org"))
        #expect(try ContributionServer.problems(r, schema: "contribution-receipt") == [])
        // The maintainers' command line sees it.
        let list = try CLI.run(["review", "list", "--db", s.db])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("pending"))
        #expect(s.server.terminate() == 0)
    }

    @Test(arguments: [
        ("po-pá 8:00-18:00", "Mo-Fr 08:00-18:00", "exact"),
        // Issue 23 item 5: what people type is read (it failed with "hour 6 without minutes").
        ("po-ne 6-22", "Mo-Su 06:00-22:00", "exact"),
        ("Mo-Su 8-20", "Mo-Su 08:00-20:00", "exact"),
        ("whenever the caretaker is in", nil, "unknown"),
    ])
    func hoursTextIsReadAtOnce(text: String, osm: String?, status: String) throws {
        let s = try ContributionServer()
        let r = try s.server.post("/v1/toilets", json: #"{"lat": 50.1, "lon": 14.45, "hours_text": "\#(text)"}"#)
        #expect(r.status == 202, "\(r.text)")
        let hours = r.json["hours"] as? [String: Any] ?? [:]
        #expect(hours["hours_osm"] as? String == osm)
        #expect(hours["hours_status"] as? String == status)
        if status == "unknown" { #expect(hours["reason"] is String) }
        #expect(s.server.terminate() == 0)
    }

    @Test func aNewToiletBesideAnExistingOneAnswers409UntilConfirmed() throws {
        let s = try ContributionServer()
        let body = #"{"lat": 50.08741, "lon": 14.42076, "name": "Radnice"}"#
        let r = try s.server.post("/v1/toilets", json: body)
        #expect(r.status == 409, "\(r.text)")
        #expect(r.json["schema"] as? String == "contribution-nearby/1")
        #expect(r.errorField == "confirm")
        #expect(r.errorMessage == "1 toilet is within 25 m: send it again with \"confirm\": true if it is another toilet")
        let near = (r.json["nearby"] as? [[String: Any]])?.first ?? [:]
        #expect(near["name"] is NSNull)
        #expect(near["address"] as? String == "Staroměstské nám. (sample)")
        #expect(near["distance_m"] as? Double == 1.1)
        #expect(try ContributionServer.problems(r, schema: "contribution-nearby") == [])
        let confirmed = try s.server.post("/v1/toilets", json: #"{"lat": 50.08741, "lon": 14.42076, "confirm": true}"#)
        #expect(confirmed.status == 202, "\(confirmed.text)")
        #expect(s.server.terminate() == 0)
    }

    @Test func badFieldsAnswer422NamingTheField() throws {
        let s = try ContributionServer()
        let fields = "access, confirm, contact, hours_text, lat, lon, name, note, price_text, wheelchair"
        let cases: [(String, String, String)] = [
            (#"{"lon": 14.45}"#, "lat", "field 'lat': missing"),
            (#"{"lat": "50.1", "lon": 14.45}"#, "lat", "field 'lat': must be a number, not a string"),
            (#"{"lat": 91, "lon": 14.45}"#, "lat", "field 'lat': 91 is not from -90 to 90"),
            // Regression: a whole number too large for an Int trapped the server (schemathesis).
            (
                #"{"lat": -2.4212793807816756e+42, "lon": 14.45}"#, "lat",
                "field 'lat': -2.4212793807816756e+42 is not from -90 to 90"
            ),
            (
                #"{"lat": 50.1, "lon": 14.45, "colour": "red"}"#, "colour",
                "field 'colour': unknown field (this endpoint takes: \(fields))"
            ),
            (
                #"{"lat": 50.1, "lon": 14.45, "wheelchair": "maybe"}"#, "wheelchair",
                "field 'wheelchair': 'maybe' is not one of yes, limited, no, unknown"
            ),
            (#"{"lat": 50.1, "lon": 14.45, "name": "  "}"#, "name", "field 'name': is empty (leave it out instead)"),
            (#"{"lat": 50.1, "lon": 14.45, "name": "a\u0007b"}"#, "name", "field 'name': contains the control character U+0007"),
            (
                #"{"lat": 50.1, "lon": 14.45, "confirm": "yes"}"#, "confirm",
                "field 'confirm': must be true or false, not a string"
            ),
            (
                #"{"lat": 48.1, "lon": 14.45}"#, "lat",
                "field 'lat': 48.1,14.45 is not within 10 km of a toilet of any dataset: "
                    + "new positions must lie near existing data (the server's --region sets another area)"
            ),
        ]
        for (body, field, message) in cases {
            let r = try s.server.post("/v1/toilets", json: body)
            #expect(r.status == 422, "\(body): \(r.text)")
            #expect(r.json["schema"] as? String == "http-error/1")
            #expect(r.errorField == field, "\(body)")
            #expect(r.errorMessage == message, "\(body)")
        }
        let long = try s.server.post(
            "/v1/toilets", json: #"{"lat": 50.1, "lon": 14.45, "name": "\#(String(repeating: "x", count: 201))"}"#)
        #expect(long.errorMessage == "field 'name': has 201 characters; at most 200 are accepted")
        let notJSON = try s.server.post("/v1/toilets", json: "lat=50.1")
        #expect(notJSON.status == 400)
        #expect(notJSON.errorMessage == "the body is not a JSON object")
        #expect(s.server.terminate() == 0)
    }

    /// Issue 23: the area was the box of all toilets plus 0.1°, so with Paris and Prague
    /// loaded a point anywhere between them was accepted. Positions must lie near the data of
    /// some dataset.
    @Test func positionsMustLieNearTheDataOfSomeDataset() throws {
        let db = try CLI.sampleDatabase()
        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        let cases: [(lat: Double, lon: Double, status: Int)] = [
            (49.4521, 11.0767, 422),  // Nuremberg: inside the old box of both, 290 km from either
            (48.9000, 2.3500, 202),  // 5 km north of the Paris sample
            (50.1500, 14.4500, 202),  // 7 km north of the Prague sample
            (50.3500, 14.4500, 422),  // 29 km north of it
        ]
        for c in cases {
            let r = try server.post("/v1/toilets", json: #"{"lat": \#(c.lat), "lon": \#(c.lon)}"#)
            #expect(r.status == c.status, "\(c): \(r.text)")
            if c.status == 422 {
                #expect(r.errorField == "lat")
                #expect(
                    r.errorMessage?.hasSuffix(
                        "is not within 10 km of a toilet of any dataset: "
                            + "new positions must lie near existing data (the server's --region sets another area)") == true)
            }
        }
        #expect(server.terminate() == 0)
    }

    /// The area check's box crossed ±180° without wrapping: a toilet 1 km away across the
    /// antimeridian (Fiji) was not found, so the position was refused.
    @Test func theAreaReachesAcrossTheAntimeridian() throws {
        let folder = try Fixtures.temporaryFolder()
        let data = folder.appendingPathComponent("fiji.geojson").path
        try #"""
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"node/1","properties":{"@id":"node/1","amenity":"toilets","name":"Taveuni (sample)"},"geometry":{"type":"Point","coordinates":[-179.995,-16.8]}}]}
        """#.write(toFile: data, atomically: true, encoding: .utf8)
        let pipeline = folder.appendingPathComponent("fiji.yml").path
        try """
        name: fiji-sample
        kind: toilets
        dataset: fiji-sample
        source:
          path: fiji.geojson
          format: osm-geojson
        timezone: Pacific/Fiji
        licence: CC0 (sample written for a test)
        attribution: locate test
        fields:
          name: name
        region: { west: -180, south: -17, east: -179.9, north: -16.5 }
        """.write(toFile: pipeline, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("fiji.sqlite").path
        try CLI.ingest([pipeline, "--db", db])
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        // 1.1 km east of the toilet, on the other side of 180°.
        let near = try server.post("/v1/toilets", json: #"{"lat": -16.8, "lon": 179.995}"#)
        #expect(near.status == 202, "\(near.text)")
        let far = try server.post("/v1/toilets", json: #"{"lat": -16.8, "lon": 179.7}"#)
        #expect(far.status == 422, "\(far.text)")
    }

    @Test func theServiceRegionComesFromTheOption() throws {
        let s = try ContributionServer(["--region", "14.3,50.0,14.6,50.2"])
        let inside = try s.server.post("/v1/toilets", json: #"{"lat": 50.19, "lon": 14.59}"#)
        #expect(inside.status == 202, "\(inside.text)")
        let outside = try s.server.post("/v1/toilets", json: #"{"lat": 50.1, "lon": 14.61}"#)
        #expect(outside.status == 422)
        #expect(outside.errorField == "lon")
        #expect(s.server.terminate() == 0)
        let bad = try CLI.run(["serve", "--db", s.db, "--region", "14,50,15,49"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr.contains(
                "--region '14,50,15,49' is not a box W,S,E,N in degrees (longitude first, as --bbox) with W < E and S < N"))
    }

    @Test func aBodyOverTheLimitAnswers413() throws {
        let s = try ContributionServer()
        let r = try s.server.post("/v1/toilets", json: #"{"note": "\#(String(repeating: "x", count: 20_000))"}"#)
        #expect(r.status == 413)
        #expect(r.errorMessage == "the body is larger than 16384 bytes, the most this endpoint accepts")
        #expect(s.server.terminate() == 0)
    }

    @Test func editsAndReportsNeedAnActiveToiletAndTheirFields() throws {
        let s = try ContributionServer()
        let edits = try s.oldTownSquare("edits")
        let reports = try s.oldTownSquare("reports")
        let cases: [(String, String, Int, String?, String)] = [
            ("/v1/toilets/prague-toilets-sample/nope/edits", #"{"name": "X"}"#, 404, nil, "no toilet prague-toilets-sample/nope"),
            (
                edits, "{}", 422, nil,
                "the edit proposes no field (give one of access, hours_text, lat, lon, name, price_text, wheelchair)"
            ),
            (edits, #"{"lat": 50.1}"#, 422, "lon", "field 'lon': missing (lat is given)"),
            (
                reports, "{}", 422, "reason",
                "field 'reason': missing (one of gone, closed_for_good, wrong_position, wrong_hours, still_there, hours_right)"
            ),
            (reports, #"{"reason": "wrong_position"}"#, 422, "lat", "field 'lat': missing"),
            (
                reports, #"{"reason": "gone", "lat": 50.1, "lon": 14.4}"#, 422, "lat",
                "field 'lat': only a wrong_position report carries a position"
            ),
            (
                reports, #"{"reason": "gone", "hours_text": "24/7"}"#, 422, "hours_text",
                "field 'hours_text': only a wrong_hours or hours_right report carries hours"
            ),
        ]
        for (path, body, status, field, message) in cases {
            let r = try s.server.post(path, json: body)
            #expect(r.status == status, "\(path) \(body): \(r.text)")
            #expect(r.errorField == field, "\(path) \(body)")
            #expect(r.errorMessage == message, "\(path) \(body)")
        }
        let edit = try s.server.post(edits, json: #"{"name": "Radnice", "wheelchair": "limited"}"#)
        #expect(edit.status == 202, "\(edit.text)")
        #expect(edit.json["kind"] as? String == "edit")
        #expect((edit.json["target"] as? String)?.hasPrefix("prague-toilets-sample/") == true)
        let report = try s.server.post(reports, json: #"{"reason": "wrong_hours", "hours_text": "Mo-Su 10:00-16:00"}"#)
        #expect(report.status == 202, "\(report.text)")
        #expect(report.json["report"] as? String == "wrong_hours")
        #expect((report.json["hours"] as? [String: Any])?["hours_osm"] as? String == "Mo-Su 10:00-16:00")
        #expect(s.server.terminate() == 0)
    }

    @Test func tooManySubmissionsFromOneClientAnswer429() throws {
        let s = try ContributionServer(["--submissions-per-hour", "2"])
        let reports = try s.oldTownSquare("reports")
        for _ in 0..<2 {
            #expect(try s.server.post(reports, json: #"{"reason": "gone"}"#).status == 202)
        }
        let r = try s.server.post(reports, json: #"{"reason": "gone"}"#)
        #expect(r.status == 429)
        let retry = Int(r.headers["retry-after"] ?? "") ?? 0
        #expect((3590...3600).contains(retry))
        #expect(r.errorMessage == "too many requests from this client: retry after \(retry) s")
        // Reads are not counted against submissions.
        #expect(try s.server.get("/v1/runs").status == 200)
        #expect(s.server.terminate() == 0)
    }

    @Test func corsPreflightsAllowPostingFromTheMap() throws {
        let s = try ContributionServer(["--cors-origin", "https://map.example"])
        let preflight = try s.server.get("/v1/toilets", method: "OPTIONS", headers: ["Origin: https://map.example"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-methods"] == "POST, OPTIONS")
        #expect(
            preflight.headers["access-control-allow-headers"]
                == "If-None-Match, If-Modified-Since, Content-Type, Authorization")
        let post = try s.server.post(
            "/v1/toilets", json: #"{"lat": 50.1, "lon": 14.45}"#, headers: ["Origin: https://map.example"])
        #expect(post.headers["access-control-allow-origin"] == "https://map.example")
        #expect(s.server.terminate() == 0)
    }

    @Test func methodsARouteDoesNotTakeAnswer405NamingThoseItTakes() throws {
        let s = try ContributionServer()
        let cases: [(String, String, String)] = [
            ("GET", "/v1/toilets", "POST"), ("DELETE", "/v1/toilets", "POST"),
            ("GET", "/v1/toilets/prague-toilets-sample/x/edits", "POST"), ("POST", "/v1/contributions", "GET, HEAD"),
            ("PUT", "/v1/contributions/1", "GET, HEAD"), ("GET", "/v1/contributions/1/approve", "POST"),
            ("POST", "/v1/photos/\(String(repeating: "a", count: 64))", "GET, HEAD"), ("POST", "/v1/runs", "GET, HEAD"),
        ]
        for (method, path, allow) in cases {
            let r = try s.server.get(path, method: method)
            #expect(r.status == 405, "\(method) \(path)")
            #expect(r.headers["allow"] == allow, "\(method) \(path)")
        }
        #expect(try s.server.get("/v1/toilets", method: "GET").errorMessage == "GET is not allowed here (POST)")
        let json = try s.server.post("/v1/toilets", bytes: Data(#"{"lat": 50.1, "lon": 14.45}"#.utf8), contentType: "text/plain")
        #expect(json.status == 415)
        #expect(json.errorMessage == "Content-Type 'text/plain' is not application/json")
        #expect(s.server.terminate() == 0)
    }
}
