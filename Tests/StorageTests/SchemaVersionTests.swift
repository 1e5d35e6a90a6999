import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Readers refuse databases whose schema steps differ from this build's, with a reason.
@Suite(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
struct SchemaVersionTests {
    /// Runs one SQL statement with the sqlite3 CLI; a failure fails the test with its stderr.
    func sqlite3(_ path: String, _ sql: String) throws {
        let r = try Fixtures.shell("sqlite3 '\(path)' \"\(sql)\"")
        try #require(r.status == 0, "sqlite3 \(sql) exited \(r.status): \(r.stderr)")
    }

    @Test func olderOrNewerSchemaIsNamed() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("v.sqlite").path
        #expect(try LocateStore(path: path).path == path)
        try sqlite3(path, "DELETE FROM grdb_migrations WHERE identifier = 'v2-hours'")
        #expect(
            throws: StorageError.incompatible(
                path: path,
                reason: "made by an older locate (schema step 'v2-hours' missing): run `locate ingest` once to upgrade it")
        ) { try LocateStore(readingAt: path) }
        try sqlite3(path, "INSERT INTO grdb_migrations VALUES ('v2-hours'), ('v9-future')")
        #expect(throws: StorageError.incompatible(path: path, reason: "made by a newer locate (schema step 'v9-future')")) {
            try LocateStore(readingAt: path)
        }
    }
}
