import Foundation
import LocateTestSupport
import Testing

/// Edits made outside locate (the sqlite3 shell, as QGIS would) are seen by the next query,
/// with nothing deleted by hand; the derived files of a state are written by the ingest that
/// makes it, so the first query after an ingest writes nothing (issue 22, step 5).
@Suite struct ExternalEditTests {
    static let point = "50.0875,14.4214"

    /// The results of `locate toilet --near point --limit 3 --json`: (source id, name,
    /// distance in metres).
    static func nearest(_ db: String) throws -> [(id: String, name: String?, meters: Double)] {
        let r = try CLI.run(["toilet", "--near", point, "--limit", "3", "--json", "--db", db])
        try #require(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        return try results.map { result in
            (
                try #require(result["source_id"] as? String), result["name"] as? String,
                try #require(result["distance_m"] as? Double)
            )
        }
    }

    /// Runs `sql` in the sqlite3 shell on `db`.
    static func sqlite3(_ db: String, _ sql: String) throws {
        let r = try Fixtures.run("/usr/bin/env", ["sqlite3", "-batch", db, ".timeout 20000", sql])
        try #require(r.status == 0, "sqlite3 \(sql): \(r.stderr)")
    }

    /// The derived files beside `db` with their inode and modification time.
    static func derivedFiles(_ db: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for suffix in [".toilets.kdt"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: db + suffix)
            let inode = attributes[.systemFileNumber] as? Int ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            files[suffix] = "\(inode) \(modified)"
        }
        return files
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "the sqlite3 shell is missing"))
    func anUpdateAndADeleteInTheSqlite3ShellAreSeenByTheNextQuery() throws {
        let db = try CLI.sampleDatabase()
        let before = try Self.nearest(db)
        try #require(before.count == 3)
        // The nearest goes; the third is renamed and moved onto the query point.
        let gone = before[0].id
        let moved = before[2].id
        try Self.sqlite3(db, "DELETE FROM toilets WHERE source_id = '\(gone)'")
        try Self.sqlite3(
            db, "UPDATE toilets SET name = 'Edited by hand', lat = 50.0875, lon = 14.4214 WHERE source_id = '\(moved)'")
        let after = try Self.nearest(db)
        #expect(after.first?.id == moved)
        #expect(after.first?.name == "Edited by hand")
        #expect(after.first?.meters == 0)
        #expect(!after.contains { $0.id == gone })
        // The query wrote the files of the edited state: the next one answers from them alike.
        let files = try Self.derivedFiles(db)
        let again = try Self.nearest(db)
        #expect(again.map(\.id) == after.map(\.id))
        #expect(again.map(\.name) == after.map(\.name))
        #expect(try Self.derivedFiles(db) == files)
    }

    @Test func theFirstQueryAfterAnIngestWritesNoDerivedFile() throws {
        let db = try CLI.sampleDatabase()
        let folder = (db as NSString).deletingLastPathComponent
        let written = try Self.derivedFiles(db)
        // SQLite's own side files (`-wal`, `-shm`) aside.
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.contains("-") }.sorted()
        }
        let names = try files()
        #expect(names == ["cli.sqlite", "cli.sqlite.toilets.kdt"])
        #expect(try Self.nearest(db).count == 3)
        #expect(try Self.derivedFiles(db) == written)
        // A second ingest writes the files of its state in its turn.
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let rewritten = try Self.derivedFiles(db)
        #expect(rewritten != written)
        #expect(try Self.nearest(db).count == 3)
        #expect(try Self.derivedFiles(db) == rewritten)
        #expect(try files() == names)
    }
}
