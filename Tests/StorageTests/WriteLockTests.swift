import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One writer at a time (issue 10 item 15): a second writer fails naming the database and
/// the holder, at once or after its `--wait` bound; the lock of a killed holder is free.
@Suite struct WriteLockTests {
    func database() throws -> String {
        try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path
    }

    @Test func aSecondWriterFailsAtOnceNamingTheDatabaseAndTheHolder() throws {
        let path = try database()
        let first = try LocateStore(path: path, access: WriteAccess(holder: "locate ingest a.yml"))
        let busy = StorageError.busy(path: path, holder: "pid \(getpid()): locate ingest a.yml", waitedSeconds: 0)
        #expect(throws: busy) { try LocateStore(path: path) }
        #expect(
            busy.description
                == "\(path): database is busy: another locate is writing it (pid \(getpid()): locate ingest a.yml); "
                + "not waiting (--wait SECONDS waits for it)")
        #expect(FileManager.default.fileExists(atPath: path + ".lock"))
        try first.close()
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
        let second = try LocateStore(path: path)
        try second.close()
    }

    @Test func aWaitingWriterGivesUpAfterItsBound() throws {
        let path = try database()
        let first = try LocateStore(path: path, access: WriteAccess(holder: "first"))
        let busy = StorageError.busy(path: path, holder: "pid \(getpid()): first", waitedSeconds: 0.2)
        #expect(throws: busy) { try LocateStore(path: path, access: WriteAccess(waitSeconds: 0.2)) }
        #expect(
            busy.description
                == "\(path): database is busy: another locate is writing it (pid \(getpid()): first); "
                + "still busy after waiting 0.2 s (--wait SECONDS waits longer)")
        try first.close()
    }

    @Test func readersDoNotNeedTheWriteLock() throws {
        let path = try database()
        let writer = try LocateStore(path: path)
        let reader = try LocateStore(readingAt: path)
        #expect(try reader.contentDigest() == writer.contentDigest())
        try writer.close()
    }

    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 is not installed"))
    func theLockOfAKilledHolderIsFree() throws {
        let path = try database()
        // A process takes the lock, names itself and dies by SIGKILL, leaving its lock file.
        let script = """
            import fcntl, os
            f = open('\(path).lock', 'w')
            fcntl.flock(f, fcntl.LOCK_EX)
            f.write('pid %d: locate ingest killed.yml\\n' % os.getpid())
            f.flush()
            os.kill(os.getpid(), 9)
            """
        let r = try Fixtures.run("/usr/bin/env", ["python3", "-c", script])
        try #require(r.status == 9, "setup: python3 exited \(r.status): \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: path + ".lock"))
        let store = try LocateStore(path: path)
        try store.close()
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    @Test(.enabled(if: Fixtures.haveTool("flock"), "flock (util-linux) is not installed"))
    func aLockHolderThatDoesNotNameItselfIsAnotherProcess() throws {
        let path = try database()
        // bash takes the lock on fd 9, then becomes `sleep` holding it (SIGKILL frees it).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/bash")
        holder.arguments = ["-c", "exec 9>'\(path).lock' && flock 9 && exec sleep 30"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { Fixtures.stop(holder) }
        // Wait (bounded) until flock holds the file.
        var held = false
        for _ in 0..<100 where !held {
            usleep(20_000)
            held = (try? Fixtures.run("/usr/bin/env", ["flock", "-n", path + ".lock", "true"]).status) == 1
        }
        try #require(held, "setup: flock did not take the lock within 2 s")
        #expect(throws: StorageError.busy(path: path, holder: nil, waitedSeconds: 0)) { try LocateStore(path: path) }
        #expect(
            StorageError.busy(path: path, holder: nil, waitedSeconds: 0).description
                == "\(path): database is busy: another process is writing it; not waiting (--wait SECONDS waits for it)")
    }
}
