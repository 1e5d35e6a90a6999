import Foundation
import GRDB
import LocateTestSupport
import Testing

@testable import Storage

/// Schema step `v16-lean-metadata`: SpatiaLite's check triggers on its metadata tables are
/// dropped (they were most of the schema every query parses), and nothing else changes: the
/// metadata layout, the layers' own triggers, SpatiaLite's functions and a trigger someone
/// else put on a metadata table that writes.
@Suite struct SpatialMetadataChecksTests {
    /// The trigger SQL SpatiaLite's `InitSpatialMetadata(1)` makes, from a fresh database.
    static func spatiaLiteTriggers() throws -> [(name: String, sql: String)] {
        let queue = try DatabaseQueue()
        return try queue.writeWithoutTransaction { db in
            try LocateStore.loadSpatiaLite(db)
            try db.execute(sql: "SELECT InitSpatialMetadata(1)")
            return try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
                .map { (name: $0["name"], sql: $0["sql"]) }
        }
    }

    static func triggers(_ store: LocateStore) throws -> [String: String] {
        try store.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'")
                    .map { ($0["name"] as String, $0["tbl_name"] as String) })
        }
    }

    /// What the migration drops is what SpatiaLite makes: its 66 check triggers (SpatiaLite
    /// 5.0; another release may make other ones, which this count then shows), each only a
    /// `RAISE(ABORT, …)`.
    @Test func spatiaLiteMakesSixtySixChecks() throws {
        let made = try SpatialMetadataChecks.made()
        #expect(made.count == 66)
        #expect(Set(made.keys) == Set(try Self.spatiaLiteTriggers().map(\.name)))
        let writing = made.filter { _, sql in
            let body = sql.uppercased().split(separator: "BEGIN", maxSplits: 1).last ?? ""
            return !body.contains("RAISE(ABORT") || body.contains("INSERT INTO") || body.contains(" SET ")
        }
        #expect(writing.keys.sorted() == [])
    }

    @Test func aNewDatabaseHasNoneAndStaysASpatiaLiteDatabase() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("new.sqlite").path
        let store = try LocateStore(path: path)
        let triggers = try Self.triggers(store)
        #expect(try SpatialMetadataChecks.made().keys.filter { triggers[$0] != nil } == [])
        #expect(triggers.values.filter { $0.contains("geometry_columns") } == [])
        // The layers keep theirs: the spatial index, geometry_columns_time and the data nonce.
        #expect(triggers.keys.filter { $0.hasPrefix("gii_toilets") || $0.hasPrefix("tmi_toilets") }.count == 2)
        #expect(triggers.keys.filter { $0.hasPrefix(DataNonce.triggerPrefix + "toilets") }.count == 3)
        try store.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT CheckSpatialMetaData()") == 3)
            #expect(
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM sqlite_master WHERE name IN ('views_geometry_columns', 'virts_geometry_columns_auth', 'geometry_columns_time')"
                ) == 3)
            // SpatiaLite's functions still make and index a layer of someone else's.
            try db.execute(sql: "CREATE TABLE extra (id INTEGER PRIMARY KEY)")
            #expect(try Int.fetchOne(db, sql: "SELECT AddGeometryColumn('extra', 'geom', 4326, 'POINT', 'XY')") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT CreateSpatialIndex('extra', 'geom')") == 1)
            try db.execute(sql: "INSERT INTO extra VALUES (1, MakePoint(14.42, 50.08, 4326))")
            #expect(try Int.fetchOne(db, sql: "SELECT CheckSpatialIndex('extra', 'geom')") == 1)
        }
    }

    /// A database made before the step gets it: SpatiaLite's 66 go; someone else's triggers
    /// on `geometry_columns` stay, one that writes, one that only checks, and one with a name
    /// of SpatiaLite's but other SQL; and the data nonce is renewed (every migration renews it).
    @Test func anOlderDatabaseLosesTheChecksOnly() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("old.sqlite").path
        let nonce = try LocateStore(path: path).dataNonce()
        let made = try Self.spatiaLiteTriggers()
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            for trigger in made { try db.execute(sql: trigger.sql) }
            try db.execute(
                sql: """
                    CREATE TABLE layer_log (name TEXT);
                    CREATE TRIGGER layer_log_insert AFTER INSERT ON geometry_columns
                    BEGIN INSERT INTO layer_log VALUES (NEW.f_table_name); END;
                    CREATE TRIGGER my_check BEFORE INSERT ON geometry_columns
                    BEGIN SELECT RAISE(ABORT, 'no layers named x') WHERE NEW.f_table_name = 'x'; END;
                    DROP TRIGGER gctm_f_table_name_insert;
                    CREATE TRIGGER gctm_f_table_name_insert BEFORE INSERT ON geometry_columns_time
                    BEGIN SELECT RAISE(ABORT, 'mine, not SpatiaLite''s'); END;
                    DELETE FROM grdb_migrations WHERE identifier = 'v16-lean-metadata';
                    """)
        }
        try queue.close()
        let store = try LocateStore(path: path)
        let triggers = try Self.triggers(store)
        #expect(
            triggers.filter { $0.value.contains("geometry_columns") }.keys.sorted() == [
                "gctm_f_table_name_insert", "layer_log_insert", "my_check",
            ])
        #expect(made.filter { triggers[$0.name] != nil }.map(\.name) == ["gctm_f_table_name_insert"])
        #expect(try store.dataNonce() != nonce)
    }
}
