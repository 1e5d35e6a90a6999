import Foundation
import LocateTestSupport
import Testing

/// Issue 10, item 2: every write is checked; a short write, a failed sync or close is exit 1
/// naming the path and the system's reason, and nothing half-written is left.
@Suite struct WriteErrorTests {
    @Test func geojsonOnAFullStandardOutput() throws {
        let db = try CLI.sampleDatabase()
        let r = try Fixtures.shell("'\(CLI.binary)' export geojson --db '\(db)' > /dev/full")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write standard output: No space left on device\n")
    }

    /// `hours eval --batch` answers line by line: a full stdout ends it with exit 1 and the
    /// reason, as every other answer (it crashed with exit 132).
    @Test func batchAnswersOnAFullStandardOutput() throws {
        let r = try Fixtures.shell(
            "printf '%s\\n' '{\"expr\":\"24/7\"}' | '\(CLI.binary)' hours eval --batch > /dev/full")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write standard output: No space left on device\n")
    }

    /// Only `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are descriptors: a file under
    /// /dev/shm is replaced whole on a re-export (it was appended to: two documents in one).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/shm"), "no /dev/shm"))
    func aFileUnderDevShmIsReplacedNotAppended() throws {
        let db = try CLI.sampleDatabase()
        let out = "/dev/shm/locate-test-\(UUID().uuidString).geojson"
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try CLI.run(["export", "geojson", "--out", out, "--db", db]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(try CLI.run(["export", "geojson", "--out", out, "--db", db]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count == first.count)
    }

    /// With `--json`, a full stdout is reported as every failure is: one `error/1` object.
    @Test func aFullStandardOutputWithJSONIsAnErrorObject() throws {
        let db = try CLI.sampleDatabase()
        let site = try Fixtures.temporaryFolder().appendingPathComponent("site").path
        let r = try Fixtures.shell("'\(CLI.binary)' export snapshot --json --out '\(site)' --db '\(db)' > /dev/full")
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"cannot write standard output: No space left on device\"},\"schema\":\"error/1\"}\n"
        )
    }

    /// A command's answer on a full stdout is exit 1 with the reason (it was a crash, exit 132).
    @Test(arguments: [["runs"], ["toilet", "--near", "50.08,14.42"]])
    func answersOnAFullStandardOutput(arguments: [String]) throws {
        let db = try CLI.sampleDatabase()
        let site = try Fixtures.temporaryFolder().appendingPathComponent("site").path
        let args = arguments.map { $0 == "SITE" ? site : $0 }.map { "'\($0)'" }.joined(separator: " ")
        let r = try Fixtures.shell("'\(CLI.binary)' \(args) --db '\(db)' > /dev/full")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write standard output: No space left on device\n")
    }

    @Test func ingestReportOnAFullDevice() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("r.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--report", "/dev/full", "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("error: cannot write /dev/full: No space left on device\n"), "\(r.stderr)")
    }

    /// A database whose exports are larger than the file size limit below, while the 32 KiB
    /// shared-memory file a WAL reader creates is not.
    static func largerDatabase() throws -> String {
        let states = try TwoStates(count: 400)
        let db = states.path("w.sqlite")
        try states.ingest(states.a, db: db)
        return db
    }

    /// A file size limit (`ulimit -f`, SIGXFSZ ignored) makes a snapshot file short: the
    /// error names the file as it would be in DIR, the old snapshot stays, no work folder is left.
    @Test func aShortWriteInASnapshotKeepsTheOldOne() throws {
        let db = try WriteErrorTests.largerDatabase()
        let dir = try Fixtures.temporaryFolder()
        let site = dir.appendingPathComponent("site").path
        #expect(try CLI.run(["export", "snapshot", "--out", site, "--db", db]).status == 0)
        let manifest = try String(contentsOfFile: site + "/manifest.json", encoding: .utf8)
        let r = try Fixtures.shell(
            "ulimit -f 64; trap '' XFSZ; exec '\(CLI.binary)' export snapshot --out '\(site)' --db '\(db)'")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write \(site)/toilets.geojson: File too large\n")
        #expect(try String(contentsOfFile: site + "/manifest.json", encoding: .utf8) == manifest)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site) == "site.v/1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + ".v").sorted() == [".locate-snapshots", "1"])
    }

    /// The same limit on `export geojson --out FILE`: the file named keeps its old content.
    @Test func aShortWriteLeavesTheOldGeoJSON() throws {
        let db = try WriteErrorTests.largerDatabase()
        let dir = try Fixtures.temporaryFolder()
        let out = try Fixtures.write("old\n", name: "t.geojson", in: dir)
        let r = try Fixtures.shell("ulimit -f 64; trap '' XFSZ; exec '\(CLI.binary)' export geojson --out '\(out)' --db '\(db)'")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write \(out): File too large\n")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.geojson"])
    }
}
