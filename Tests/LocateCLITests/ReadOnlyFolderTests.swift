import Foundation
import LocateTestSupport
import Testing

/// A database in a folder the reader cannot write (a read-only mount here, made in a
/// private mount namespace): WAL readers cannot create their shared-memory file there, so
/// queries read the complete file as immutable, and refuse a file whose write-ahead log
/// was never folded back.
@Suite(
    .enabled(
        if: (try? Fixtures.shell("unshare -m sh -c 'mount --bind -o ro /tmp /tmp'").status) == 0,
        "cannot make a read-only bind mount (needs unshare and mount rights)"))
struct ReadOnlyFolderTests {
    /// Runs `locate arguments…` with `folder` mounted read-only.
    static func readOnly(_ folder: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let command = ([CLI.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Fixtures.shell("unshare -m sh -c \"mount --bind -o ro '\(folder)' '\(folder)' && exec \(command)\"")
    }

    @Test func queriesReadADatabaseInAReadOnlyFolder() throws {
        let db = try CLI.sampleDatabase()
        let folder = (db as NSString).deletingLastPathComponent
        let writable = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--limit", "2", "--db", db])
        #expect(writable.status == 0)
        let r = try ReadOnlyFolderTests.readOnly(folder, ["toilet", "--near", "50.0875,14.4214", "--limit", "2", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == writable.stdout)
        #expect(try ReadOnlyFolderTests.readOnly(folder, ["runs", "--db", db]).status == 0)
    }

    @Test func anUnfinishedWriteAheadLogIsRefusedWithTheReason() throws {
        let db = try CLI.sampleDatabase()
        let folder = (db as NSString).deletingLastPathComponent
        #expect(FileManager.default.createFile(atPath: db + "-wal", contents: Data()))
        let r = try ReadOnlyFolderTests.readOnly(folder, ["toilet", "--near", "50.0875,14.4214", "--db", db])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(db): cannot open database: its folder is read-only and it has an unfinished write-ahead log (\(db)-wal): open it once where it can be written\n"
        )
    }
}
