import Foundation
import LocateTestSupport
import PhotoTestSupport
import Testing

/// One request per endpoint of docs/openapi.yaml, on the binary users run (`make test` sets
/// `LOCATE_BIN` to the release build): each answers its documented status with a document
/// valid against its schema. A path added to the OpenAPI document without a row here fails.
@Suite struct ServeTourTests {
    /// One step of the tour: `{toilet}`, `{station}`, `{photo}` and `{contribution}` stand
    /// for values the earlier steps produced.
    struct Step {
        var method = "GET"
        var path: String
        var json: String?
        var image = false
        var maintainer = false
        var status: Int
        var schema: String?
    }

    static let steps: [Step] = [
        Step(path: "/v1/health", status: 200, schema: "health"),
        Step(path: "/v1/status?at=2026-11-21T21:30:00Z", status: 200, schema: "status"),
        Step(path: "/v1/runs", status: 200, schema: "runs"),
        Step(path: "/v1/updates?since=2000-01-01T00:00:00Z", status: 200, schema: "updates"),
        Step(path: "/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=2", status: 200, schema: "toilet-answer"),
        Step(
            method: "POST", path: "/v1/toilets/nearest:batch?limit=2",
            json: #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "#
                + #""geometry": {"type": "Point", "coordinates": [14.4214, 50.0875]}, "properties": {}}]}"#,
            status: 200, schema: "toilet-batch-line"),
        Step(path: "/v1/toilets/{toilet}", status: 200, schema: "toilet-detail"),
        Step(path: "/v1/stations?name=Krak", status: 200, schema: "station-answer"),
        Step(path: "/v1/stations/nearest?lat=50.06&lon=19.94&limit=1", status: 200, schema: "station-answer"),
        Step(path: "/v1/stations/{station}", status: 200, schema: "station-answer"),
        Step(path: "/v1/stations/{station}/detail?days=2&at=2026-11-21T20:30", status: 200, schema: "station-detail"),
        Step(
            method: "POST", path: "/v1/toilets", json: #"{"lat": 50.0861, "lon": 14.4199, "name": "Tour test"}"#, status: 202,
            schema: "contribution-receipt"),
        Step(
            method: "POST", path: "/v1/toilets/{toilet}/edits", json: #"{"hours_text": "Mo-Su 08:00-20:00"}"#, status: 202,
            schema: "contribution-receipt"),
        Step(
            method: "POST", path: "/v1/toilets/{toilet}/reports", json: #"{"reason": "gone"}"#, status: 202,
            schema: "contribution-receipt"),
        Step(
            method: "POST", path: "/v1/toilets/{toilet}/photos?kind=toilet", image: true, status: 202,
            schema: "contribution-receipt"),
        Step(path: "/v1/contributions", maintainer: true, status: 200, schema: "review-list"),
        Step(path: "/v1/contributions/{contribution}", maintainer: true, status: 200, schema: "review-show"),
        Step(
            method: "POST", path: "/v1/contributions/{contribution}/approve", json: "{}", maintainer: true, status: 200,
            schema: "review-decision"),
        Step(
            method: "POST", path: "/v1/contributions/1/reject", json: #"{"reason": "tour"}"#, maintainer: true, status: 200,
            schema: "review-decision"),
        Step(path: "/v1/photos/{photo}", status: 200),
        Step(path: "/v1/photos/{photo}/thumbnail", status: 200),
        Step(path: "/v1/openapi.yaml", status: 200),
        Step(path: "/metrics", status: 200),
    ]

    @Test func everyEndpointAnswersOnce() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let token = try CLI.run(["token", "create", "tour", "--db", db]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        var values: [String: String] = ["{station}": "9001"]
        for step in ServeTourTests.steps {
            var path = step.path
            for (name, value) in values { path = path.replacingOccurrences(of: name, with: value) }
            try #require(!path.contains("{"), "\(step.path): an earlier step gave no value for it")
            let auth = step.maintainer ? ["Authorization: Bearer \(token)"] : []
            let answer: RawAnswer
            if step.image {
                answer = try server.post(
                    path, bytes: try TestImages.solid("png", width: 24, height: 16), contentType: "image/png")
            } else if let json = step.json {
                answer = try server.post(path, json: json, headers: auth)
            } else {
                answer = try server.raw(path, headers: auth)
            }
            #expect(answer.status == step.status, "\(step.method) \(path): \(answer.status) \(answer.text)")
            if let schema = step.schema {
                #expect(try ContributionServer.problems(answer, schema: schema) == [], "\(step.method) \(path)")
            }
            // Values for later steps.
            if step.path.hasPrefix("/v1/toilets/nearest"), let first = (answer.json["results"] as? [[String: Any]])?.first {
                values["{toilet}"] = first["id"] as? String
            }
            if step.image {
                values["{photo}"] = (answer.json["photo"] as? [String: Any])?["sha256"] as? String
                values["{contribution}"] = (answer.json["id"] as? Int).map(String.init)
            }
        }
        #expect(server.terminate() == 0)
    }

    /// The table has a row for every path of docs/openapi.yaml.
    @Test func theTourCoversEveryDocumentedPath() throws {
        let yaml = try String(contentsOfFile: Fixtures.repo("docs/openapi.yaml"), encoding: .utf8)
        let documented = Set(
            yaml.split(separator: "\n").filter { $0.hasPrefix("  /") && $0.hasSuffix(":") }.map {
                String($0.dropFirst(2).dropLast())
            })
        let toured = Set(
            ServeTourTests.steps.map { step -> String in
                let bare = step.path.split(separator: "?").first.map(String.init) ?? step.path
                return bare.replacingOccurrences(of: "{toilet}", with: "{dataset}/{id}")
                    .replacingOccurrences(of: "{station}", with: "{id}").replacingOccurrences(of: "{contribution}", with: "{id}")
                    .replacingOccurrences(of: "{photo}", with: "{hash}").replacingOccurrences(of: "/1/", with: "/{id}/")
            })
        #expect(documented.subtracting(toured).sorted() == [])
    }
}
