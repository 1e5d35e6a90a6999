import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Serve

/// Issue 35 §6, server edges seen in production: OSM ids (`node/123`) in paths as they are
/// written, a 405 that tells the truth, a port in use said in words, no server path in answers.
@Suite struct ServeEdgeTests {
    /// The natural form of an id with a slash becomes the encoded one before routing; other
    /// paths are left alone (nil).
    @Test(arguments: [
        ("/v1/toilets/osm-toilets-paris/node/123", "/v1/toilets/osm-toilets-paris/node%2F123"),
        (
            "/v1/toilets/osm-toilets-paris/node/123?at=2026-11-23T12:00",
            "/v1/toilets/osm-toilets-paris/node%2F123?at=2026-11-23T12:00"
        ),
        ("/v1/toilets/osm/way/45/reports", "/v1/toilets/osm/way%2F45/reports"),
        ("/v1/toilets/osm/relation/6/photos?kind=interior", "/v1/toilets/osm/relation%2F6/photos?kind=interior"),
        ("/v1/toilets/osm/node/1/edits", "/v1/toilets/osm/node%2F1/edits"),
        ("/v1/toilets/osm/a/b/c", "/v1/toilets/osm/a%2Fb%2Fc"),
    ])
    func naturalIDPathsAreEncoded(path: String, expected: String) {
        #expect(PlaceIDPath.encoded(path) == expected)
    }

    @Test(arguments: [
        "/v1/toilets", "/v1/toilets/nearest", "/v1/toilets/prague/abc", "/v1/toilets/prague/abc/reports",
        "/v1/toilets/osm/node%2F1", "/v1/toilets/osm/node%2F1/reports", "/v1/stations/9001/detail",
        "/v1/toilets//node/1", "/v1/toilets/osm/node//1", "/metrics",
    ])
    func otherPathsAreLeftAlone(path: String) {
        #expect(PlaceIDPath.encoded(path) == nil)
    }

    /// Server paths in error messages keep their last component; the API's paths stay whole.
    @Test(arguments: [
        (
            "/tmp/x/serve.sqlite.salt (the client-address salt) cannot be written or read",
            "serve.sqlite.salt (the client-address salt) cannot be written or read"
        ),
        (
            "the database cannot be read: unable to open '/srv/data/locate.sqlite'",
            "the database cannot be read: unable to open 'locate.sqlite'"
        ),
        ("photo: cannot write /var/lib/locate/photos/ab/cd.jpg: disk full", "photo: cannot write cd.jpg: disk full"),
        ("no such endpoint (see /v1/openapi.yaml)", "no such endpoint (see /v1/openapi.yaml)"),
        (
            "ask for one of /v1/stations/1?dataset=a, /v1/stations/1?dataset=b",
            "ask for one of /v1/stations/1?dataset=a, /v1/stations/1?dataset=b"
        ),
        ("parameter 'bbox': 14.4,50.0,14.5,50.1 is W,S,E,N", "parameter 'bbox': 14.4,50.0,14.5,50.1 is W,S,E,N"),
        ("µg/m³ and 1/2", "µg/m³ and 1/2"),
    ])
    func errorMessagesNameNoServerPath(message: String, expected: String) {
        #expect(ServerPaths.withoutServerPaths(message) == expected)
    }

    /// The release binary: an OSM id answers in its natural form, GET and POST alike, and a
    /// method a path does not take gets a 405 whose words are true.
    @Test func osmIDsWithASlashWorkAsWritten() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("osm.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-tags-sample.yml", "--db", db])
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let encoded = try server.get("/v1/toilets/osm-toilets-tags-sample/node%2F9000000001?at=2026-11-23T12:00")
        let natural = try server.get("/v1/toilets/osm-toilets-tags-sample/node/9000000001?at=2026-11-23T12:00")
        #expect(encoded.status == 200)
        #expect(natural.status == 200, "\(natural.body)")
        #expect(natural.body == encoded.body)
        // Routed to the reports endpoint and stored, not refused as a read-only path (405).
        let report = try server.post("/v1/toilets/osm-toilets-tags-sample/node/9000000001/reports", json: #"{"reason": "gone"}"#)
        #expect(report.status == 202, "\(String(decoding: report.body, as: UTF8.self))")
        let put = try server.get("/v1/toilets/osm-toilets-tags-sample/node/9000000001", method: "DELETE")
        #expect(put.status == 405)
        #expect(
            put.errorMessage
                == "DELETE is not allowed here: this path only reads (GET, HEAD); contributions are POSTed to /v1/toilets and /v1/toilets/{dataset}/{id}/edits, /reports or /photos"
        )
        let missing = try server.get("/v1/toilets/osm-toilets-tags-sample/node/1")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "no active toilet osm-toilets-tags-sample/node/1")
        #expect(server.terminate() == 0)
    }

    /// A second server on the port of a running one: exit 1 naming the port and `--port`,
    /// not NIO's `bind(descriptor:ptr:bytes:)`.
    @Test func portInUseNamesThePortAndWhatToDo() throws {
        let db = try CLI.sampleDatabase()
        let first = try ServeProcess(db: db)
        defer { first.stop() }
        let second = try CLI.run(["serve", "--db", db, "--port", String(first.port)])
        #expect(second.status == 1)
        #expect(
            second.stderr.hasSuffix(
                "error: port \(first.port) on 127.0.0.1 is in use by another process (another locate serve?): stop it, or choose another port with --port (--port 0 takes any free port)\n"
            ), "\(second.stderr)")
        #expect(!second.stderr.contains("bind("))
        #expect(first.terminate() == 0)
    }

    /// A route by foot without a street network beside the database: the answer says what is
    /// missing, never where the server keeps its files.
    @Test func noAnswerRevealsAServerPath() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let answer = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=1&by=foot")
        let text = answer.body
        #expect(answer.status >= 400, "\(text)")
        #expect(!text.contains((db as NSString).deletingLastPathComponent), "\(text)")
        #expect(!text.contains("/tmp"), "\(text)")
        #expect(server.terminate() == 0)
    }
}
