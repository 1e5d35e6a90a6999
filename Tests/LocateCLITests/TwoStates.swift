import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Two versions of a synthetic toilet dataset in a new folder, for the kill and concurrency
/// tests: A (`count` features, seed 1) and B (nine tenths of the same ids, all moved, seed
/// 2), with their pipeline, and the query whose answer tells the two states apart.
struct TwoStates {
    let folder: URL
    let pipeline: String
    let a: String
    let b: String

    init(count: Int) throws {
        folder = try Fixtures.temporaryFolder()
        pipeline = try Fixtures.write(SyntheticToilets.pipelineYAML, name: "synthetic.yml", in: folder)
        a = folder.appendingPathComponent("a.geojson").path
        b = folder.appendingPathComponent("b.geojson").path
        try SyntheticToilets.write(count: count, to: a, seed: 1)
        try SyntheticToilets.write(count: count * 9 / 10, to: b, seed: 2)
    }

    /// A path in the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The arguments of `locate ingest` reading `source` into `db`.
    func ingestArguments(_ source: String, db: String) -> [String] {
        ["ingest", pipeline, "--source", source, "--db", db]
    }

    /// Ingests `source` into `db`; a failure fails the calling test.
    func ingest(_ source: String, db: String) throws {
        try CLI.ingest(Array(ingestArguments(source, db: db).dropFirst()))
    }

    /// Ingests A into `before`, copies it to `after` and ingests B there (a re-ingest that
    /// changes every record); returns the seconds that re-ingest took.
    @discardableResult
    func prepare(before: String, after: String) throws -> Double {
        try ingest(a, db: before)
        try FileManager.default.copyItem(atPath: before, toPath: after)
        let started = Date()
        try ingest(b, db: after)
        return Date().timeIntervalSince(started)
    }

    /// The read command of these tests (a fixed `--at`, so the answer depends on the data only).
    static let queryArguments = ["toilet", "--near", "50.08,14.42", "--limit", "5", "--at", "2026-11-21T12:00"]

    /// Runs the read command on `db`.
    func query(_ db: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try CLI.run(TwoStates.queryArguments + ["--db", db])
    }

    /// `LocateStore.contentDigest()` of `db`.
    func digest(_ db: String) throws -> String { try LocateStore(readingAt: db).contentDigest() }

    /// The content digest of a copy of `db` whose runs' start and finish times are blanked:
    /// two runs of the same input at different times then compare equal.
    func digestWithoutRunTimes(_ db: String) throws -> String {
        let copy = db + ".masked"
        // The copy and the side files a reader of it leaves (a read-only connection to a WAL
        // database cannot remove its -wal and -shm): a later listing of the folder must not
        // meet them (KillTests failed when a random kill landed after the commit).
        func removeCopy() {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
        }
        removeCopy()
        defer { removeCopy() }
        // SQLite's backup copies the committed state, write-ahead log included.
        let r = try Fixtures.shell(
            "sqlite3 '\(db)' \".backup '\(copy)'\" && sqlite3 '\(copy)' \"UPDATE ingest_runs SET started_at = '', finished_at = ''\""
        )
        try #require(r.status == 0, "sqlite3 exited \(r.status): \(r.stderr)")
        return try digest(copy)
    }
}
