import Foundation
import LocateTestSupport
import Testing

/// The moments the random kill and concurrency tests rarely hit, made certain: a writer in
/// the middle of a large transaction (its pages already written out, as in a commit) that
/// is still running (issue 10 item 13: readers got `database is locked`) or was killed
/// there (item 14: every read failed with `attempt to write a readonly database`). The read
/// command answers at once, with the committed state.
@Suite(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
struct ReaderDuringWriteTests {
    /// A writer that renames every toilet and writes 1.7 MB more in one transaction, with a
    /// one-page cache so the pages leave memory, then says `ready` and ends as `ending` says.
    static func script(ending: String) -> String {
        """
        import os, sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute('PRAGMA cache_size = 1')
        c.execute('BEGIN IMMEDIATE')
        c.execute("UPDATE toilets SET name = 'half-written'")
        c.execute('CREATE TABLE filler (x)')
        c.execute('INSERT INTO filler SELECT randomblob(1000) FROM toilets, toilets, toilets')
        print('ready', flush=True)
        \(ending)
        """
    }

    /// Starts the writer on `db` and returns once it said `ready` (or has ended).
    static func startWriter(_ db: String, ending: String) throws -> (process: Process, said: String) {
        try startPython(script(ending: ending), db)
    }

    /// Starts `python3 -c script db` and returns once it printed its first line (or ended).
    static func startPython(_ script: String, _ db: String) throws -> (process: Process, said: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, db]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        return (p, String(decoding: said, as: UTF8.self))
    }

    static let query = ["toilet", "--near", "50.08,14.42", "--limit", "3"]

    @Test func aReaderAnswersWhileAWriterIsInTheMiddleOfATransaction() throws {
        let db = try CLI.sampleDatabase()
        let before = try CLI.run(ReaderDuringWriteTests.query + ["--db", db])
        try #require(before.status == 0, "setup: \(before.stderr)")
        let writer = try ReaderDuringWriteTests.startWriter(db, ending: "time.sleep(30)")
        defer { Fixtures.stop(writer.process) }
        try #require(writer.said == "ready\n", "setup: the writer said \(writer.said)")
        let during = try CLI.run(ReaderDuringWriteTests.query + ["--db", db])
        #expect(during.status == 0, "\(during.stderr)")
        #expect(during.stdout == before.stdout)
        #expect(!during.stdout.contains("half-written"))
        #expect(writer.process.isRunning)
    }

    @Test func aReaderAnswersAtOnceAfterAWriterWasKilledInTheMiddleOfATransaction() throws {
        let db = try CLI.sampleDatabase()
        let before = try CLI.run(ReaderDuringWriteTests.query + ["--db", db])
        try #require(before.status == 0, "setup: \(before.stderr)")
        let writer = try ReaderDuringWriteTests.startWriter(db, ending: "os.kill(os.getpid(), 9)")
        writer.process.waitUntilExit()
        try #require(writer.said == "ready\n", "setup: the writer said \(writer.said)")
        try #require(writer.process.terminationStatus == 9, "setup: the writer was not killed")
        let after = try CLI.run(ReaderDuringWriteTests.query + ["--db", db])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout == before.stdout)
        // The next ingest starts from the committed state.
        let again = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("changes: 0 added, 0 updated, 12 unchanged, 0 retired, 0 reactivated\n"))
        #expect(try CLI.run(ReaderDuringWriteTests.query + ["--db", db]).stdout == before.stdout)
    }
}
