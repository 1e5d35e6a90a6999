import Foundation
import LocateTestSupport
import Testing

/// `locate serve` sees edits made outside locate (the sqlite3 shell) at its next request,
/// with nothing deleted by hand (issue 22, step 5).
@Suite struct ServeExternalEditTests {
    /// The source ids and names of the three toilets nearest to 50.0875, 14.4214.
    static func nearest(_ server: ServeProcess) throws -> [(id: String, name: String?)] {
        let answer = try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=3")
        try #require(answer.status == 200, "\(answer.body)")
        let results = try #require(answer.json["results"] as? [[String: Any]])
        return try results.map { (try #require($0["source_id"] as? String), $0["name"] as? String) }
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "the sqlite3 shell is missing"))
    func anUpdateAndADeleteInTheSqlite3ShellAreSeenByTheServer() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let before = try Self.nearest(server)
        try #require(before.count == 3)
        let gone = before[0].id
        let moved = before[2].id
        for sql in [
            "DELETE FROM toilets WHERE source_id = '\(gone)'",
            "UPDATE toilets SET name = 'Edited by hand', lat = 50.0875, lon = 14.4214 WHERE source_id = '\(moved)'",
        ] {
            let r = try Fixtures.run("/usr/bin/env", ["sqlite3", "-batch", db, ".timeout 20000", sql])
            try #require(r.status == 0, "\(r.stderr)")
        }
        // A request after the commit may still be answered from the state before (the newer
        // one opens on a thread of its own): wait for it, up to 20 s.
        var after = try Self.nearest(server)
        for _ in 0..<400 where after.first?.id != moved {
            Thread.sleep(forTimeInterval: 0.05)
            after = try Self.nearest(server)
        }
        #expect(after.first?.id == moved)
        #expect(after.first?.name == "Edited by hand")
        #expect(!after.contains { $0.id == gone })
    }
}
