import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

/// `v10-accessibility` upgrades a database of the previous release: the five attribute
/// columns appear (null until the next ingest), the view takes the contract's names, the
/// stored hashes stay, and the next ingest of the same source fills the attributes in.
@Suite struct AttributeMigrationTests {
    static let added = [
        "changing_table_location", "changing_table_all_genders", "gender_neutral", "centralkey", "toilets_wheelchair",
    ]

    func locate(_ arguments: [String]) throws -> String {
        let r = try Fixtures.run(Fixtures.locateBinary, arguments)
        try #require(r.status == 0, "locate \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        return r.stderr
    }

    /// The database as the previous release left it: no v10 columns, the v3 view, no v10
    /// step, and the records that have a v10 attribute with the hash the previous release
    /// gave them (another: the attribute is part of this release's hash; the hashes of the
    /// others are pinned by `StoredFormTests`). No derived files: they are of this release.
    func downgrade(_ path: String) throws {
        for suffix in [".toilets.kdt"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            let changed = Self.added.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
            try db.execute(sql: "UPDATE toilets SET content_hash = 'previous release' WHERE \(changed)")
            try db.execute(sql: "DROP VIEW toilets_active")
            for c in Self.added { try db.execute(sql: "ALTER TABLE toilets DROP COLUMN \(c)") }
            try db.execute(
                sql: """
                    CREATE VIEW toilets_active AS
                      SELECT id AS rowid, id, dataset, source_id, name, address, hours_text, hours_osm, hours_status,
                        price_text, price_amount, price_currency, is_free, wheelchair, kind, location_detail, geom
                      FROM toilets WHERE status = 'active';
                    DELETE FROM grdb_migrations WHERE identifier = 'v10-accessibility';
                    """)
        }
        try queue.close()
    }

    @Test func anOlderDatabaseIsUpgradedAndFilledByTheNextIngest() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("old.sqlite").path
        _ = try locate(["ingest", "pipelines/osm-toilets-tags-sample.yml", "--db", db])
        try downgrade(db)
        let query = try Fixtures.run(Fixtures.locateBinary, ["toilet", "--near", "50.0865,14.4190", "--db", db])
        #expect(query.status == 1)
        #expect(query.stderr.contains("made by an older locate (schema step 'v10-accessibility' missing)"), "\(query.stderr)")
        let stderr = try locate(["ingest", "pipelines/osm-toilets-tags-sample.yml", "--db", db])
        // Only two unisex toilets (gender_neutral=yes) and the way (changing_table=no, so
        // changing_table_all_genders=no) gain a value: the other stored hashes did not change.
        #expect(stderr.contains("changes: 0 added, 3 updated, 5 unchanged, 0 retired"), "\(stderr)")
        let store = try LocateStore(readingAt: db)
        let rows = try store.testRows(
            sql: """
                SELECT id, gender_neutral, changing_table_all_genders, free, toilet_type FROM toilets_active
                WHERE gender_neutral IS NOT NULL OR changing_table_all_genders IS NOT NULL ORDER BY id
                """)
        #expect(
            rows.map {
                "\($0["id"] as String? ?? "") \($0["gender_neutral"] as Int? ?? -1) \($0["changing_table_all_genders"] as Int? ?? -1)"
            }
                == [
                    "osm-toilets-tags-sample/node/9000000001 1 -1", "osm-toilets-tags-sample/node/9000000003 1 -1",
                    "osm-toilets-tags-sample/way/9000000007 -1 0",
                ])
    }
}
