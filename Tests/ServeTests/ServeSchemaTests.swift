import Foundation
import LocateTestSupport
import Testing

/// Every document the server writes, validated against its schema in docs/schema.
@Suite(.enabled(if: JSONSchemaCheck.available, "needs python3 with jsonschema (scripts/setup.sh --test)"))
struct ServeSchemaTests {
    @Test func everyAnswerFollowsItsSchema() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        let dir = try Fixtures.temporaryFolder()
        let list = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=1").json
        let id = ((list["results"] as? [[String: Any]])?.first?["id"] as? String) ?? ""
        let cases: [(String, String)] = [
            ("/v1/toilets/nearest?lat=50.0875&lon=14.4214&open_now=true&include_unknown=true", "toilet-answer"),
            ("/v1/toilets/\(id)", "toilet-detail"),
            ("/v1/toilets/\(id)?at=2026-11-23T20:50", "toilet-detail"),
            ("/v1/stations/nearest?lat=52.2297&lon=21.0122", "station-answer"),
            ("/v1/stations?name=warszawa", "station-answer"),
            ("/v1/stations/9001", "station-answer"),
            ("/v1/updates?since=2000-01-01T00:00:00Z", "updates"),
            ("/v1/runs", "runs"),
            ("/v1/health", "health"),
            ("/v1/status", "status"),
            ("/v1/status?at=2026-11-21T21:30:00Z&fresh_within=2d", "status"),
            ("/v1/toilets/nearest?lat=x&lon=1", "http-error"),
            ("/v1/nothing", "http-error"),
        ]
        var documents: [JSONSchemaCheck.Document] = []
        for (n, (path, schema)) in cases.enumerated() {
            let body = try server.get(path).body
            let file = dir.appendingPathComponent("\(n).json")
            try Data(body.utf8).write(to: file)
            documents.append(JSONSchemaCheck.Document(name: path, schema: schema, path: file.path))
        }
        let verdicts = try JSONSchemaCheck.verdicts(documents)
        #expect(verdicts.filter { !$0.hasPrefix("ok ") } == [])
        #expect(server.terminate() == 0)
    }
}
