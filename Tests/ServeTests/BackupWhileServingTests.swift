import Foundation
import LocateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 35 §3 on the built binary: contributions a running server accepted are in the file
/// once it stops (no `-wal` left), and `locate backup` made while the server answers, takes
/// contributions and an ingest runs restores (`locate restore`) to a database whose every
/// table equals one committed state of the original, and passes `PRAGMA integrity_check`.
@Suite struct BackupWhileServingTests {
    /// Every row of every table of `db` (virtual tables and SQLite's own left out), by table,
    /// as the sqlite3 shell prints them, lines sorted.
    static func tables(_ db: String) throws -> [String: String] {
        let names = try sqlite(
            db,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
                + "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'idx_%' ORDER BY name")
        var out: [String: String] = [:]
        for name in names.split(separator: "\n") {
            // Sorted lines: some tables are WITHOUT ROWID.
            let rows = try sqlite(db, "SELECT * FROM \"\(name)\"").split(separator: "\n").sorted()
            out[String(name)] = rows.map { $0 + "\n" }.joined()
        }
        return out
    }

    static func sqlite(_ db: String, _ sql: String) throws -> String {
        let r = try Fixtures.run("/usr/bin/env", ["sqlite3", "-readonly", db, sql])
        try #require(r.status == 0, "sqlite3 \(sql): \(r.stderr)")
        return r.stdout
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 is not installed"))
    func aBackupWhileServingAndIngestingRestoresEveryTable() throws {
        let s = try ContributionServer()
        let folder = (s.db as NSString).deletingLastPathComponent
        // Three contributions, accepted by the running server.
        for (n, (lat, lon)) in [(50.1, 14.45), (50.095, 14.46), (50.09, 14.47)].enumerated() {
            let r = try s.server.post("/v1/toilets", json: #"{"lat": \#(lat), "lon": \#(lon), "name": "Nová \#(n)"}"#)
            #expect(r.status == 202, "\(r.text)")
        }
        // Requests and an ingest run while the backup is made.
        let ingest = Process()
        ingest.executableURL = URL(fileURLWithPath: Fixtures.locateBinary)
        ingest.arguments = ["ingest", "pipelines/prague-toilets-sample.yml", "--db", s.db, "--wait", "60"]
        ingest.currentDirectoryURL = Fixtures.packageRoot
        ingest.standardError = FileHandle.nullDevice
        try ingest.run()
        let requests = RequestLoop(server: s.server)
        let copy = folder + "/copy.sqlite"
        let backup = try CLI.run(["backup", copy, "--db", s.db, "--json"])
        ingest.waitUntilExit()
        let answered = requests.stop()
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(ingest.terminationStatus == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(backup.stdout.utf8)) as? [String: Any], "backup --json: \(backup.stdout)")
        #expect(document["schema"] as? String == "backup/1")
        #expect((document["rows"] as? [String: Int])?["contributions"] == 3)
        #expect(document["integrity"] as? String == "ok")
        if JSONSchemaCheck.available { #expect(try JSONSchemaCheck.errors(Data(backup.stdout.utf8), schema: "backup") == []) }
        // A clean stop folds the log back: the file alone holds the contributions.
        #expect(s.server.terminate() == 0)
        let walBytes = FileManager.default.fileExists(atPath: s.db + "-wal") ? try fileSize(s.db + "-wal") : 0
        #expect(walBytes == 0)
        let fileOnly = folder + "/file-only.sqlite"
        try FileManager.default.copyItem(atPath: s.db, toPath: fileOnly)
        #expect(try BackupWhileServingTests.sqlite(fileOnly, "SELECT count(*) FROM contributions") == "3\n")
        // The copy restores elsewhere to one committed state of the original: every table
        // equal, but for the run the concurrent ingest may have committed after the copy.
        let restored = folder + "/elsewhere/restored.sqlite"
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: false)
        let restore = try CLI.run(["restore", copy, "--db", restored])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.hasPrefix("restored \(copy) as \(restored): 12 toilets, "))
        #expect(try BackupWhileServingTests.sqlite(restored, "PRAGMA integrity_check") == "ok\n")
        let original = try BackupWhileServingTests.tables(s.db)
        let back = try BackupWhileServingTests.tables(restored)
        #expect(Set(back.keys) == Set(original.keys))
        for (table, rows) in original where table != "ingest_runs" {
            #expect(back[table] == rows, "table \(table) differs")
        }
        let runs = try #require(back["ingest_runs"])
        #expect(try #require(original["ingest_runs"]).hasPrefix(runs))
        #expect(runs.split(separator: "\n").count >= 1)
        #expect(answered > 0)
        // The restored database answers (its derived files are rebuilt) and lists the contributions.
        let query = try CLI.run(["toilet", "--near", "50.0874,14.42076", "--limit", "1", "--db", restored])
        #expect(query.status == 0, "\(query.stderr)")
        let list = try CLI.run(["review", "list", "--db", restored])
        #expect(list.stdout.split(separator: "\n").filter { $0.contains("pending") }.count == 3, "\(list.stdout)")
        // No database is ever replaced by a restore.
        let again = try CLI.run(["restore", copy, "--db", restored])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "error: cannot write \(restored): a database is there: restore to a new path, or move it (and its -wal) away first\n"
        )
    }

    func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// GET requests one after another on a thread of their own until stopped.
final class RequestLoop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var answered = 0
    private let done = DispatchSemaphore(value: 0)

    init(server: ServeProcess) {
        Thread { [self] in
            while !lock.withLock({ stopped }) {
                if (try? server.get("/v1/toilets/nearest?lat=50.0874&lon=14.42076&limit=3").status) == 200 {
                    lock.withLock { answered += 1 }
                }
            }
            done.signal()
        }.start()
    }

    /// Stops the loop; the number of 200 answers it had.
    func stop() -> Int {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { answered }
    }
}
