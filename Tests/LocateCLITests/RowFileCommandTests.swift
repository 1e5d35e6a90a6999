import Foundation
import LocateTestSupport
import Testing

/// `locate ingest` writes the row file (`<db>.toilets.kdt`) of the state it commits;
/// `locate toilet` answers from it while it is of the newest state, never from a stale,
/// foreign or damaged one, and writes a sound one after answering through SQLite when it is
/// missing, damaged or of another state (places changed by another program).
@Suite struct RowFileCommandTests {
    static let queries: [[String]] = [
        ["--near", "50.08,14.42", "--limit", "3"],
        ["--near", "50.08,14.42", "--limit", "2", "--json"],
        ["--near", "50.1,14.5", "--open-now", "--include-unknown", "--at", "2026-07-01T12:00", "--tz", "Europe/Prague"],
        ["--near", "14.42,50.08", "--limit", "1"],
        ["--near", "50.08,14.42", "--dataset", "prague-toilets-sample", "--limit", "1"],
        ["--near", "50.08,14.42", "--dataset", "nope"],
    ]

    /// Each query's status, stdout and stderr.
    func answers(_ db: String) throws -> [String] {
        try Self.queries.map { q in
            let r = try CLI.run(["toilet"] + q + ["--db", db])
            return "\(r.status)\n\(r.stdout)\n\(r.stderr)"
        }
    }

    /// The answers through SQLite alone (no row file beside the database).
    func answersWithoutRowFile(_ db: String) throws -> [String] {
        let saved = db + ".saved-rows"
        try? FileManager.default.moveItem(atPath: db + ".toilets.kdt", toPath: saved)
        defer { try? FileManager.default.removeItem(atPath: saved) }
        return try Self.queries.map { q in
            unlink(db + ".toilets.kdt")
            let r = try CLI.run(["toilet"] + q + ["--db", db])
            return "\(r.status)\n\(r.stdout)\n\(r.stderr)"
        }
    }

    @Test func answersFromTheRowFileEqualAnswersThroughSQLite() throws {
        let db = try CLI.sampleDatabase()
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        let slow = try answersWithoutRowFile(db)
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        #expect(try answers(db) == slow)
        #expect(slow[0].hasPrefix("0\n"))
        #expect(slow[3].contains("did you swap them?"))
        #expect(slow[5].contains("--dataset 'nope' has no active toilets (datasets: prague-toilets-sample)"))
    }

    @Test func aQueryAfterAnIngestSeesTheChange() throws {
        let db = try CLI.sampleDatabase()
        _ = try CLI.run(["toilet", "--near", "50.08,14.42", "--db", db])
        let before = try answers(db)
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let after = try answers(db)
        #expect(after != before)
        #expect(after == (try answersWithoutRowFile(db)))
        #expect(after[5].contains("(datasets: osm-toilets-prague-sample, prague-toilets-sample)"))
    }

    @Test func aDamagedForeignOrHalfWrittenRowFileIsNeverUsed() throws {
        let db = try CLI.sampleDatabase()
        let other = try Fixtures.temporaryFolder().appendingPathComponent("o.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", other])
        _ = try CLI.run(["toilet", "--near", "50.08,14.42", "--db", other])
        let want = try answersWithoutRowFile(db)
        let rows = db + ".toilets.kdt"
        let good = try Data(contentsOf: URL(fileURLWithPath: rows))
        // Another database's row file renamed in.
        try FileManager.default.removeItem(atPath: rows)
        try FileManager.default.copyItem(atPath: other + ".toilets.kdt", toPath: rows)
        #expect(try answers(db) == want)
        #expect(try Data(contentsOf: URL(fileURLWithPath: rows)) == good)
        // A truncated file and a dead build's temporary (a query killed while writing).
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: rows))
        try Data([1, 2]).write(to: URL(fileURLWithPath: rows + ".tmp-999999"))
        #expect(try answers(db)[0] == want[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: rows)) == good)
        #expect(!FileManager.default.fileExists(atPath: rows + ".tmp-999999"))
        // A damaged record: answered through SQLite.
        var bad = [UInt8](good)
        // The rows section starts where the index's header says (after the index).
        let r = Int(bad.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: Int64.self) })
        let n = Int(bad.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: r + 16, as: Int64.self) })
        for i in 0..<n {
            let at = Int(bad.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: r + 128 + 8 * n + 8 * i, as: Int64.self) })
            bad[r + 128 + 16 * n + 8 + at + 3] = 0x7f
        }
        try Data(bad).write(to: URL(fileURLWithPath: rows))
        #expect(try answers(db) == want)
    }

    @Test func aRowFileOfTheCurrentStateIsWhatTheAnswerComesFrom() throws {
        let db = try CLI.sampleDatabase()
        let query = ["toilet", "--near", "50.08,14.42", "--limit", "1", "--json", "--db", db]
        _ = try CLI.run(query)
        // The row file with its dataset renamed (same length): only an answer read from the
        // file can name the new one.
        let rows = db + ".toilets.kdt"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: rows)))
        let real = Array("prague-toilets-sample".utf8)
        let marker = Array("planted-marker-sample".utf8)
        var planted = bytes
        var i = 0
        var replaced = 0
        while i + real.count <= planted.count {
            if Array(planted[i..<i + real.count]) == real {
                planted.replaceSubrange(i..<i + real.count, with: marker)
                replaced += 1
                i += real.count
            } else {
                i += 1
            }
        }
        #expect(replaced > 1)
        try Data(planted).write(to: URL(fileURLWithPath: rows))
        let fast = try CLI.run(query)
        #expect(fast.status == 0)
        #expect(fast.stdout.contains("\"planted-marker-sample\""))
        #expect(!fast.stdout.contains("prague-toilets-sample"))
        // An ingest that changes no toilet keeps the state, and the file of it.
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(try CLI.run(query).stdout.contains("\"planted-marker-sample\""))
        // One that changes toilets writes the file of its own state: the marker is gone.
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let after = try CLI.run(query)
        #expect(after.status == 0)
        #expect(!after.stdout.contains("planted-marker-sample"))
        let written = try Data(contentsOf: URL(fileURLWithPath: db + ".toilets.kdt"))
        #expect(written.range(of: Data(marker)) == nil)
    }

    @Test func aQueryKilledWhileWritingTheRowFileLeavesNothingThatIsTrustedWrongly() throws {
        let db = try CLI.sampleDatabase()
        let rows = db + ".toilets.kdt"
        let want = try answersWithoutRowFile(db)
        let started = Date()
        _ = try CLI.run(["toilet", "--near", "50.08,14.42", "--db", db])
        let longest = Date().timeIntervalSince(started)
        let folder = (db as NSString).deletingLastPathComponent
        var rng = SeededRandom(seed: 20_261_123)
        for kill in 0..<12 {
            unlink(rows)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["toilet", "--near", "50.08,14.42", "--db", db]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(Double.random(in: 0...longest, using: &rng) * 1_000_000))
            Fixtures.stop(p)
            // Whatever the kill left (no file, the whole file, a dead temporary), the next
            // query answers as SQLite does and leaves a sound file and no temporary.
            let r = try CLI.run(["toilet"] + Self.queries[0] + ["--db", db])
            #expect("\(r.status)\n\(r.stdout)\n\(r.stderr)" == want[0], "kill \(kill)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".rows.tmp-") }
            #expect(left.isEmpty, "kill \(kill): \(left)")
            #expect(try answers(db) == want, "kill \(kill)")
        }
    }
}
