import Foundation
import LocateTestSupport
import Testing

/// What a first ingest finds beside the database path, and odd paths.
@Suite struct DatabaseFileTests {
    /// A `-wal` left by a database that is gone (deleted or moved while a reader had it
    /// open) must not be replayed onto the new database a first ingest creates.
    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
    func aStaleWriteAheadLogOfAnEarlierDatabaseIsNotReplayed() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("d.sqlite").path
        // A real log: a WAL database committed to by a process that dies without folding it back.
        let script = """
            import sqlite3, os
            c = sqlite3.connect('\(db)', isolation_level=None)
            c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA wal_autocheckpoint=0')
            c.execute('CREATE TABLE intruder (x)'); c.execute("INSERT INTO intruder VALUES ('old')")
            os._exit(0)
            """
        let r = try Fixtures.run("/usr/bin/env", ["python3", "-c", script])
        #expect(r.status == 0, "\(r.stderr)")
        let size = (try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
        #expect(size > 0)
        try FileManager.default.removeItem(atPath: db)
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        let q = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "1", "--db", db])
        #expect(q.status == 0, "\(q.stderr)")
        let tables = try Fixtures.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3; print(sqlite3.connect('\(db)').execute(\"SELECT count(*) FROM sqlite_master WHERE name='intruder'\").fetchone()[0])",
            ])
        #expect(tables.stdout == "0\n")
    }

    /// SQLite reads URI file names (for read-only mounts); a database path that starts with
    /// `file:` is still a plain relative path.
    @Test func aPathStartingWithFileIsAPlainPath() throws {
        let folder = try Fixtures.temporaryFolder()
        let sample = Fixtures.repo("pipelines/prague-toilets-sample.yml")
        let ingest = try Fixtures.shell("cd '\(folder.path)' && '\(CLI.binary)' ingest '\(sample)' --db file:x.sqlite")
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("file:x.sqlite").path))
        let q = try Fixtures.shell(
            "cd '\(folder.path)' && '\(CLI.binary)' toilet --near 50.0875,14.4214 --limit 1 --db file:x.sqlite")
        #expect(q.status == 0, "\(q.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") } == [])
    }

    /// The nearest index of a killed build (`<db>.toilets.kdt.tmp-PID` of a process that is
    /// gone) is removed by the next build instead of staying forever.
    @Test func aKilledIndexBuildLeavesNothingBehind() throws {
        let db = try CLI.sampleDatabase()
        let index = db + ".toilets.kdt"
        let leftover = index + ".tmp-4194000"  // no process has this id (above pid_max's default)
        #expect(kill(4_194_000, 0) != 0)
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8)))
        try? FileManager.default.removeItem(atPath: index)
        #expect(try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "1", "--db", db]).status == 0)
        #expect(FileManager.default.fileExists(atPath: index))
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }
}
