import Foundation
import LocateTestSupport
import Testing

/// `POST /v1/toilets/nearest:batch`: each line is `GET /v1/toilets/nearest`'s answer at its
/// point, the body is bounded (413), a bad row is a 400 naming its line.
@Suite struct NearestBatchServeTests {
    static func object(_ text: some StringProtocol) -> NSDictionary {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary ?? [:]
    }

    @Test func eachLineIsTheSingleAnswer() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let points = [(50.0875, 14.4214), (50.08, 14.41), (-33.86, 151.2)]
        let csv =
            "id,lat,lon\n" + points.enumerated().map { "p\($0.offset),\($0.element.0),\($0.element.1)" }.joined(separator: "\n")
        let r = try server.post(
            "/v1/toilets/nearest:batch?limit=2&at=2026-11-21T20:30", bytes: Data(csv.utf8), contentType: "text/csv")
        #expect(r.status == 200, "\(r.text)")
        #expect(r.headers["content-type"] == "application/x-ndjson; charset=utf-8")
        let lines = r.text.split(separator: "\n")
        try #require(lines.count == points.count)
        let dir = try Fixtures.temporaryFolder()
        var documents: [JSONSchemaCheck.Document] = []
        for (i, (p, line)) in zip(points, lines).enumerated() {
            let single = try server.get("/v1/toilets/nearest?lat=\(p.0)&lon=\(p.1)&limit=2&at=2026-11-21T20:30")
            let document = NearestBatchServeTests.object(line)
            #expect(document["answer"] as? NSDictionary == NearestBatchServeTests.object(single.body))
            #expect((document["input"] as? NSDictionary)?["id"] as? String == "p\(i)")
            let file = dir.appendingPathComponent("\(i).json")
            try Data(line.utf8).write(to: file)
            documents.append(JSONSchemaCheck.Document(name: "line \(i + 1)", schema: "toilet-batch-line", path: file.path))
        }
        if JSONSchemaCheck.available { #expect(try JSONSchemaCheck.verdicts(documents).filter { !$0.hasPrefix("ok ") } == []) }
        #expect(server.terminate() == 0)
    }

    @Test func boundsAndBadRows() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let path = "/v1/toilets/nearest:batch"
        let bad = try server.post(path, bytes: Data("lat,lon\n50,14\n95,14\n".utf8), contentType: "text/csv")
        #expect(bad.status == 400)
        #expect(bad.errorMessage == "body line 3: latitude 95 is outside -90…90")
        let many = "lat,lon\n" + String(repeating: "50.08,14.42\n", count: 501)
        let deep = try server.post(path + "?limit=100", bytes: Data(many.utf8), contentType: "text/csv")
        #expect(deep.status == 413)
        #expect(deep.errorMessage?.hasPrefix("the body holds more than 500 points") == true)
        let big = try server.post(path, bytes: Data(repeating: 0x20, count: (1 << 20) + 1), contentType: "text/csv")
        #expect(big.status == 413)
        let unknown = try server.post(path + "?lat=50", bytes: Data(many.utf8), contentType: "text/csv")
        #expect(unknown.status == 400)
        #expect(try server.get(path).status == 405)
        #expect(server.terminate() == 0)
    }
}
