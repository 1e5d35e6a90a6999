import Foundation
import LocateTestSupport
import Testing

/// `locate ingest` against an API URL saves every answer per run; `--keep-responses N`
/// prunes older runs. The fake legacy GIOŚ API on 127.0.0.1 serves the bundled sample.
@Suite(.enabled(if: Fixtures.haveTool("python3"), "needs python3 for the fake API"))
struct ResponseFolderCommandTests {
    @Test func answersAreSavedPerRunAndOldRunsPruned() throws {
        let server = try TestServer.fakeGIOS()
        defer { server.stop() }
        let db = try Fixtures.temporaryFolder().appendingPathComponent("r.sqlite").path
        let base = "http://127.0.0.1:\(server.port)/ok/rest"
        let list = try CLI.run([
            "ingest", "pipelines/gios-stations-sample.yml", "--source", base + "/station/findAll", "--db", db,
        ])
        #expect(list.status == 0, "\(list.stderr)")
        for _ in 0..<2 {
            let r = try CLI.run(["ingest", "pipelines/gios-air-sample.yml", "--source", base, "--db", db])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let root = db + ".responses"
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).count == 3)
        let pruned = try CLI.run([
            "ingest", "pipelines/gios-air-sample.yml", "--source", base, "--keep-responses", "2", "--db", db,
        ])
        #expect(pruned.status == 0)
        #expect(pruned.stderr.hasSuffix("removed 2 older response folder(s) from \(root)\n"))
        let left = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(left.count == 2)
        // The newest run replays offline to the same counts.
        let newest = root + "/" + (left.last ?? "")
        server.stop()
        let replayed = try CLI.run(["ingest", "pipelines/gios-air-sample.yml", "--source", base, "--replay", newest, "--db", db])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stderr.contains("changes: 0 added, 0 updated, 305 unchanged, 0 retired, 0 reactivated"))
        let bad = try CLI.run(["ingest", "pipelines/gios-air-sample.yml", "--keep-responses", "0", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --keep-responses must be at least 1"))
    }
}
