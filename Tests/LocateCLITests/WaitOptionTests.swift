import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two writers at once (issue 10 item 15): the second waits up to `--wait SECONDS` (default
/// 30), then fails naming the database and the holder, and changes nothing.
@Suite struct WaitOptionTests {
    static let sample = "pipelines/prague-toilets-sample.yml"

    @Test func aSecondIngestFailsAtOnceNamingTheDatabaseAndTheHolder() throws {
        let db = try CLI.sampleDatabase()
        let before = try LocateStore(readingAt: db).contentDigest()
        let holder = try LocateStore(path: db, access: WriteAccess(holder: "locate ingest other.yml"))
        let r = try CLI.run(["ingest", WaitOptionTests.sample, "--db", db, "--wait", "0"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(db): database is busy: another locate is writing it (pid \(getpid()): locate ingest other.yml); "
                + "not waiting (--wait SECONDS waits for it)\n")
        let bounded = try CLI.run(["ingest", WaitOptionTests.sample, "--db", db, "--wait", "0.3", "--json"])
        #expect(bounded.status == 1)
        #expect(
            bounded.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"\(db): database is busy: another locate is writing it "
                + "(pid \(getpid()): locate ingest other.yml); still busy after waiting 0.3 s (--wait SECONDS waits longer)\"},"
                + "\"schema\":\"error/1\"}\n")
        try holder.close()
        #expect(try LocateStore(readingAt: db).contentDigest() == before)
    }

    @Test func anIngestWaitsForTheHolderToFinish() throws {
        let db = try CLI.sampleDatabase()
        let holder = try LocateStore(path: db, access: WriteAccess(holder: "test"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["ingest", WaitOptionTests.sample, "--db", db, "--wait", "20"]
        p.currentDirectoryURL = Fixtures.packageRoot
        let err = Pipe()
        p.standardError = err
        try p.run()
        defer { Fixtures.stop(p) }
        usleep(400_000)
        #expect(p.isRunning)
        try holder.close()
        let text = String(decoding: Fixtures.readToEnd(err.fileHandleForReading), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("changes: 0 added, 0 updated, 12 unchanged, 0 retired, 0 reactivated\n"))
    }

    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
    func aWriterOtherThanLocateIsWaitedForAtLeastOneSecond() throws {
        let db = try CLI.sampleDatabase()
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            c.execute("UPDATE ingest_runs SET pipeline = pipeline")
            print('ready', flush=True)
            time.sleep(30)
            """
        let writer = try ReaderDuringWriteTests.startPython(script, db)
        defer { Fixtures.stop(writer.process) }
        try #require(writer.said == "ready\n", "setup: the writer said \(writer.said)")
        let r = try CLI.run(["ingest", WaitOptionTests.sample, "--db", db, "--wait", "0"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(db): database is busy: another process is writing it; "
                + "still busy after waiting 1 s (--wait SECONDS waits longer)\n")
    }

    @Test(arguments: ["--wait=-1", "--wait=86401", "--wait=nan"])
    func anOutOfRangeWaitIsAUsageError(option: String) throws {
        let r = try CLI.run(["ingest", WaitOptionTests.sample, option, "--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --wait must be 0 to 86400 seconds\n"), "\(r.stderr)")
    }
}
