import Foundation
import LocateTestSupport
import Testing

/// `locate ingest --source URL`: a real HTTP server on 127.0.0.1 (Python's http.server, started by the test) serving the
/// sample; nothing leaves the machine.
@Suite(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
struct IngestFromURLCommandTests {
    @Test func ingestsFromAURLAndRecordsIt() throws {
        let server = try TestServer(python: [
            "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", Fixtures.repo("datasets"),
        ])
        defer { server.stop() }
        #expect(server.port > 0)
        let url = "http://127.0.0.1:\(server.port)/prague-toilets-sample.geojson"
        let db = try Fixtures.temporaryFolder().appendingPathComponent("h.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--source", url, "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("read 15, accepted 12, rejected 3"))
        let runs = try CLI.run(["runs", "--json", "--db", db])
        #expect(
            runs.stdout.contains("\"source\" : \"http:\\/\\/127.0.0.1:\(server.port)\\/prague-toilets-sample.geojson\"")
                || runs.stdout.contains("\"source\" : \"\(url)\""))
        let missing = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--source", url + ".nope", "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(url).nope: cannot read: HTTP status 404\n")
    }
}
