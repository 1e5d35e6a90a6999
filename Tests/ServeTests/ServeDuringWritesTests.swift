import Foundation
import LocateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `locate serve` while other processes write its database (issue 27): it keeps SQLite's
/// locks, so no writer truncates or deletes the files it has mapped, and it answers while a
/// write transaction is open.
@Suite struct ServeDuringWritesTests {
    /// Regression (issue 27, SIGBUS at `sqlite3WalFindFrame`): after ingests and the
    /// requests that follow them the server still holds its read locks on the WAL index
    /// and the database, and the `-shm` and `-wal` it has mapped are the same files.
    @Test(.enabled(if: Fixtures.haveTool("python3"), "python3 (the lock probe) is missing"))
    func ingestsLeaveTheServersWALIndexAlone() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000"])
        defer { server.stop() }
        let pid = server.process.processIdentifier
        #expect(try server.get("/v1/runs").status == 200)
        let files = Self.identities(db)
        for (i, pipeline) in ["pipelines/osm-toilets-sample.yml", "pipelines/prague-toilets-sample.yml"].enumerated() {
            try CLI.ingest([pipeline, "--db", db])
            let runs = try server.eventually("/v1/runs") { ($0.json["runs"] as? [Any])?.count == i + 2 }
            #expect((runs.json["runs"] as? [Any])?.count == i + 2)
            #expect(try SQLiteLocks.holder(of: .walIndexInUse, database: db) == pid)
            #expect(try SQLiteLocks.holder(of: .databaseShared, database: db) == pid)
            #expect(Self.identities(db) == files)
        }
        #expect(server.terminate() == 0)
    }

    /// Requests are answered, whole, while another program (the `sqlite3` shell, as QGIS
    /// would) holds a write transaction with a change in it, right after an ingest the
    /// server opens meanwhile.
    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "the sqlite3 shell is missing"))
    func answersWhileAnotherProcessHoldsAWriteTransaction() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000"])
        defer { server.stop() }
        let path = "/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=5"
        #expect(try server.get(path).status == 200)
        try CLI.ingest(["pipelines/osm-toilets-sample.yml", "--db", db])
        let shell = try SQLiteShell(db: db)
        defer { shell.stop() }
        try shell.run("BEGIN IMMEDIATE; UPDATE toilets SET name = 'Edited while held' WHERE id = 1;")
        for _ in 0..<10 {
            let r = try server.get(path)
            #expect(r.status == 200, "\(r.body)")
            #expect((r.json["results"] as? [Any])?.count == 5)
        }
        let runs = try server.eventually("/v1/runs") { ($0.json["runs"] as? [Any])?.count == 2 }
        #expect((runs.json["runs"] as? [Any])?.count == 2)
        #expect(shell.isRunning)  // still holding the transaction: nothing above waited for it
        try shell.run("COMMIT;")
        #expect(try server.get(path).status == 200)
        #expect(server.terminate() == 0)
    }

    /// Device and inode of the database's `-wal` and `-shm` (0 for a missing file).
    static func identities(_ db: String) -> [UInt64] {
        ["-wal", "-shm"].flatMap { suffix -> [UInt64] in
            guard let a = try? FileManager.default.attributesOfItem(atPath: db + suffix),
                let device = (a[.deviceIdentifier] as? NSNumber)?.uint64Value,
                let inode = (a[.systemFileNumber] as? NSNumber)?.uint64Value
            else { return [0, 0] }
            return [device, inode]
        }
    }
}

/// The `sqlite3` shell on a database, fed statements one batch at a time, as an editor like
/// QGIS writes it: its own connection, its own locks. Killed when released.
final class SQLiteShell {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var marks = 0

    init(db: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", db]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try run(".timeout 10000")
    }

    deinit { stop() }

    var isRunning: Bool { process.isRunning }

    /// Runs `sql` and waits until the shell has done it (it prints a mark after it);
    /// throws with what it printed when it says anything else.
    func run(_ sql: String) throws {
        marks += 1
        let mark = "done-\(marks)"
        input.fileHandleForWriting.write(Data("\(sql)\n.print \(mark)\n".utf8))
        var text = ""
        while !text.contains(mark) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard text.trimmingCharacters(in: .whitespacesAndNewlines) == mark else {
            throw TestFailure("sqlite3: \(sql): \(text)")
        }
    }

    func stop() { Fixtures.stop(process) }
}
