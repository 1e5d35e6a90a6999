import Contributions
import Foundation
import GRDB

/// The schema: SpatiaLite metadata first (outside any transaction, as
/// `InitSpatialMetadata(1)` runs its own), then ordered, append-only migrations.
enum Schema {
    static func setUp(_ queue: DatabaseQueue, path: String, busySeconds: Double) throws {
        do {
            try queue.writeWithoutTransaction { db in
                if try !db.tableExists("spatial_ref_sys") {
                    // The (1) form creates only the CRS rows used here: 0.1 s instead of 11 s.
                    try db.execute(sql: "SELECT InitSpatialMetadata(1)")
                    try db.execute(
                        sql: "SELECT InsertEpsgSrid(4326) WHERE NOT EXISTS (SELECT 1 FROM spatial_ref_sys WHERE srid = 4326)")
                }
            }
            try migrator.migrate(queue)
        } catch let e as StorageError {
            throw e
        } catch let e as DatabaseError where e.resultCode.primaryResultCode == .SQLITE_BUSY {
            throw StorageError.busy(path: path, holder: nil, waitedSeconds: busySeconds)
        } catch let e as DatabaseError
            where e.resultCode.primaryResultCode == .SQLITE_READONLY || e.resultCode.primaryResultCode == .SQLITE_CANTOPEN
        {
            throw StorageError.notWritable(path: path, reason: LocateStore.reason(e))
        } catch let e as DatabaseError where e.resultCode.primaryResultCode == .SQLITE_NOTADB {
            throw StorageError.incompatible(path: path, reason: LocateStore.reason(e))
        } catch {
            throw StorageError.cannotOpen(path: path, reason: LocateStore.reason(error))
        }
    }

    /// Every migration this build knows, in order: those `migrator` registers.
    static let migrationNames = migrator.migrations

    /// Fails unless the database has exactly the migrations this build knows.
    /// One query on `sqlite_master` instead of GRDB's schema introspection, which loads the
    /// whole schema: every query command opens the store this way, so it stays cheap.
    static func checkCurrent(_ db: Database, path: String) throws {
        let tables = try Set(
            String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table'
                    AND name IN ('toilets', 'ingest_runs', 'grdb_migrations')
                    """))
        guard tables.contains("toilets") && tables.contains("ingest_runs") else {
            throw StorageError.incompatible(path: path, reason: "no toilets or ingest_runs table")
        }
        guard tables.contains("grdb_migrations") else {
            throw StorageError.incompatible(path: path, reason: "no schema version")
        }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        if let newer = applied.first(where: { !migrationNames.contains($0) }) {
            throw StorageError.incompatible(path: path, reason: "made by a newer locate (schema step '\(newer)')")
        }
        if let missing = migrationNames.first(where: { !applied.contains($0) }) {
            throw StorageError.incompatible(
                path: path,
                reason: "made by an older locate (schema step '\(missing)' missing): run `locate ingest` once to upgrade it")
        }
    }

    /// SQLite cannot alter a CHECK: rebuilds `table` from its CREATE statement with `old`
    /// replaced by `new`, keeping its rows, indexes and triggers (they go with the old table
    /// and are made again from their stored SQL). GRDB runs migrations with foreign-key checks
    /// deferred to the end; other tables' references name the table and find it again.
    static func rebuild(_ db: Database, table: String, replacing old: String, with new: String) throws {
        let columns = try db.columns(in: table).map(\.name).joined(separator: ", ")
        let create =
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
            ?? ""
        // After an earlier rebuild SQLite keeps the name quoted: `CREATE TABLE "ingest_runs"`.
        let head = ["CREATE TABLE \(table) (", "CREATE TABLE \"\(table)\" ("].first { create.hasPrefix($0) }
        guard let head, create.contains(old) else {
            throw StorageError.incompatible(path: "", reason: "unexpected \(table) schema")
        }
        let kept = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
            arguments: [table])
        try db.execute(
            sql: create.replacingOccurrences(of: old, with: new)
                .replacingOccurrences(of: head, with: "CREATE TABLE \(table)_new ("))
        try db.execute(
            sql: """
                INSERT INTO \(table)_new (\(columns)) SELECT \(columns) FROM \(table);
                DROP TABLE \(table);
                ALTER TABLE \(table)_new RENAME TO \(table);
                """)
        for sql in kept { try db.execute(sql: sql) }
    }

    /// `ingest_runs` with the kinds widened.
    static func widenRunKinds(_ db: Database, from: String, to: String) throws {
        try rebuild(db, table: "ingest_runs", replacing: "CHECK (kind IN \(from))", with: "CHECK (kind IN \(to))")
    }

    /// `contributions` with every `ReportReason` allowed.
    static func widenReports(_ db: Database) throws {
        let all = ReportReason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try rebuild(
            db, table: "contributions",
            replacing: "report TEXT CHECK (report IN ('gone', 'closed_for_good', 'wrong_position', 'wrong_hours'))",
            with: "report TEXT CHECK (report IN (\(all)))")
    }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        // A migration may change places: each one stores fresh data nonces in its own
        // transaction (`DataNonce`), so the states before and after never share one.
        func register(_ name: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
            m.registerMigration(name) { db in
                try migrate(db)
                try DataNonce.renewAll(db)
            }
        }
        register("v1-toilets") { db in
            try db.execute(
                sql: """
                    CREATE TABLE ingest_runs (
                        id INTEGER PRIMARY KEY,
                        pipeline TEXT NOT NULL,
                        dataset TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('toilets')),
                        source TEXT NOT NULL,
                        source_sha256 TEXT NOT NULL CHECK (length(source_sha256) = 64),
                        source_crs TEXT NOT NULL,
                        proj_operation TEXT,
                        proj_accuracy_m REAL,
                        started_at TEXT NOT NULL,
                        finished_at TEXT NOT NULL,
                        read_count INTEGER NOT NULL CHECK (read_count >= 0),
                        accepted INTEGER NOT NULL,
                        rejected INTEGER NOT NULL,
                        warnings INTEGER NOT NULL,
                        added INTEGER NOT NULL,
                        updated INTEGER NOT NULL,
                        unchanged INTEGER NOT NULL,
                        retired INTEGER NOT NULL,
                        licence TEXT,
                        attribution TEXT,
                        CHECK (accepted + rejected = read_count)
                    );
                    CREATE TABLE toilets (
                        id INTEGER PRIMARY KEY,
                        dataset TEXT NOT NULL,
                        source_id TEXT NOT NULL,
                        name TEXT,
                        address TEXT,
                        hours_text TEXT,
                        price_text TEXT,
                        price_amount REAL,
                        price_currency TEXT,
                        is_free INTEGER CHECK (is_free IN (0, 1)),
                        wheelchair TEXT NOT NULL CHECK (wheelchair IN ('yes', 'limited', 'no', 'unknown')),
                        kind TEXT,
                        location_detail TEXT,
                        timezone TEXT NOT NULL,
                        properties TEXT NOT NULL,
                        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
                        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
                        content_hash TEXT NOT NULL,
                        match_key TEXT,
                        source_index INTEGER NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'retired')),
                        first_run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        changed_run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        UNIQUE (dataset, source_id)
                    );
                    SELECT AddGeometryColumn('toilets', 'geom', 4326, 'POINT', 'XY', 1);
                    SELECT CreateSpatialIndex('toilets', 'geom');
                    CREATE TABLE locate_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    INSERT INTO locate_meta VALUES ('store_id', lower(hex(randomblob(16))));
                    INSERT INTO locate_meta VALUES ('schema', 'locate 1');
                    """)
        }
        register("v2-hours") { db in
            try db.execute(
                sql: """
                    ALTER TABLE toilets ADD COLUMN hours_osm TEXT;
                    ALTER TABLE toilets ADD COLUMN hours_status TEXT NOT NULL DEFAULT 'missing'
                      CHECK (hours_status IN ('exact', 'interpreted', 'unknown', 'missing'));
                    ALTER TABLE toilets ADD COLUMN country TEXT;
                    """)
        }
        // A spatial view of the active toilets, registered with SpatiaLite so ogrinfo and QGIS
        // offer it as a layer without retired rows.
        register("v3-active-view") { db in
            try db.execute(
                sql: """
                    CREATE VIEW toilets_active AS
                      SELECT id AS rowid, id, dataset, source_id, name, address, hours_text, hours_osm, hours_status,
                        price_text, price_amount, price_currency, is_free, wheelchair, kind, location_detail, geom
                      FROM toilets WHERE status = 'active';
                    INSERT INTO views_geometry_columns
                      (view_name, view_geometry, view_rowid, f_table_name, f_geometry_column, read_only)
                      VALUES ('toilets_active', 'geom', 'rowid', 'toilets', 'geom', 1);
                    """)
        }
        register("v4-stations") { db in
            // Runs may now record stations: rebuild ingest_runs with the wider CHECK.
            try widenRunKinds(db, from: "('toilets')", to: "('toilets', 'stations')")
            try db.execute(
                sql: """
                    CREATE TABLE stations (
                        id INTEGER PRIMARY KEY,
                        dataset TEXT NOT NULL,
                        source_id TEXT NOT NULL,
                        source_index INTEGER NOT NULL,
                        match_key TEXT,
                        properties TEXT NOT NULL,
                        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
                        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
                        content_hash TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'retired')),
                        first_run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        changed_run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        name TEXT NOT NULL,
                        name_folded TEXT NOT NULL,
                        code TEXT,
                        city TEXT,
                        commune TEXT,
                        district TEXT,
                        province TEXT,
                        street TEXT,
                        timezone TEXT NOT NULL,
                        UNIQUE (dataset, source_id)
                    );
                    SELECT AddGeometryColumn('stations', 'geom', 4326, 'POINT', 'XY', 1);
                    SELECT CreateSpatialIndex('stations', 'geom');
                    CREATE VIEW stations_active AS
                      SELECT id AS rowid, id, dataset, source_id, name, code, city, commune, district, province, street, geom
                      FROM stations WHERE status = 'active';
                    INSERT INTO views_geometry_columns
                      (view_name, view_geometry, view_rowid, f_table_name, f_geometry_column, read_only)
                      VALUES ('stations_active', 'geom', 'rowid', 'stations', 'geom', 1);
                    """)
        }
        // Sensors, measurement history and the air-quality index of GIOŚ stations.
        register("v5-air") { db in
            try widenRunKinds(db, from: "('toilets', 'stations')", to: "('toilets', 'stations', 'air')")
            try db.execute(
                sql: """
                    CREATE TABLE sensors (
                        sensor_id INTEGER PRIMARY KEY,
                        station_id TEXT NOT NULL,
                        param_code TEXT NOT NULL,
                        param_name TEXT,
                        param_formula TEXT,
                        param_id INTEGER,
                        changed_run INTEGER NOT NULL REFERENCES ingest_runs(id)
                    );
                    CREATE INDEX sensors_station ON sensors(station_id);
                    CREATE TABLE measurements (
                        sensor_id INTEGER NOT NULL REFERENCES sensors(sensor_id),
                        measured_at TEXT NOT NULL,
                        local_time TEXT NOT NULL,
                        value REAL,
                        run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        PRIMARY KEY (sensor_id, measured_at)
                    ) WITHOUT ROWID;
                    CREATE TABLE aq_index (
                        station_id TEXT NOT NULL,
                        calculated_at TEXT NOT NULL,
                        local_time TEXT NOT NULL,
                        level INTEGER,
                        category TEXT,
                        critical_pollutant TEXT,
                        pollutants TEXT NOT NULL,
                        run INTEGER NOT NULL REFERENCES ingest_runs(id),
                        PRIMARY KEY (station_id, calculated_at)
                    ) WITHOUT ROWID;
                    """)
        }
        // The attributes people filter on (OSM access, changing_table, unisex, …): records
        // stored before keep `unknown` access and nulls, and their content hashes.
        register("v6-toilet-details") { db in
            try db.execute(
                sql: """
                    ALTER TABLE toilets ADD COLUMN access TEXT NOT NULL DEFAULT 'unknown'
                      CHECK (access IN ('public', 'customers', 'restricted', 'unknown'));
                    ALTER TABLE toilets ADD COLUMN changing_table INTEGER CHECK (changing_table IN (0, 1));
                    ALTER TABLE toilets ADD COLUMN unisex INTEGER CHECK (unisex IN (0, 1));
                    ALTER TABLE toilets ADD COLUMN female INTEGER CHECK (female IN (0, 1));
                    ALTER TABLE toilets ADD COLUMN male INTEGER CHECK (male IN (0, 1));
                    ALTER TABLE toilets ADD COLUMN toilets_disposal TEXT;
                    ALTER TABLE toilets ADD COLUMN level TEXT;
                    ALTER TABLE toilets ADD COLUMN indoor TEXT;
                    ALTER TABLE toilets ADD COLUMN operator TEXT;
                    ALTER TABLE toilets ADD COLUMN check_date TEXT;
                    """)
        }
        register("v7-contributions") { db in try db.execute(sql: contributionsSchema) }
        // Runs count the retired places they bring back apart from the updated ones; older
        // runs counted them as updated and keep 0 here.
        register("v8-reactivated") { db in
            try db.execute(
                sql: "ALTER TABLE ingest_runs ADD COLUMN reactivated INTEGER NOT NULL DEFAULT 0 CHECK (reactivated >= 0)")
        }
        // The data nonces in a table, renewed by triggers on every edit of places, ours or
        // another program's (the sqlite3 shell, QGIS): see `DataNonce`.
        register("v9-edit-stamp") { db in try db.execute(sql: DataNonce.schema) }
        // The accessibility attributes (changing_table:location, centralkey, gender-neutral,
        // toilets:wheelchair), and the view under the contract's names: see
        // `ToiletFieldMigration`.
        register("v10-accessibility") { db in try ToiletFieldMigration.migrate(db, name: "v10-accessibility") }
        // OSM replication diffs: the replication state of each run, and the OSM objects a
        // diff starts from (`LocateStore+OSMState.swift`). Additive.
        register("v11-osm-replication") { db in try db.execute(sql: OSMStateSchema.sql) }
        // The source's release date per run (`locate runs`); older runs keep null.
        register("v12-run-release") { db in try db.execute(sql: "ALTER TABLE ingest_runs ADD COLUMN source_released TEXT") }
        // Air data of more than one source (OpenAQ beside GIOŚ): a sensor's unit as its
        // source reports it and the conversion to µg/m³, the source's own sensor id where the
        // stored key is not it, and per measurement the source's flag and coverage. Additive:
        // GIOŚ rows keep nulls (µg/m³, no flags, coverage unknown).
        register("v13-air-sources") { db in try db.execute(sql: AirSourceSchema.sql) }
        // What the sign reader made of each photo of an hours sign, and the photo an hours
        // edit was taken from (issue 40): `SignReadingRow`. Additive.
        register("v14-sign-readings") { db in try db.execute(sql: SignReadingRow.schema) }
        // Verification (issue 37): each record's source release day and what verified it and
        // its hours (`VerificationStamp`), OSM survey:date and check_date:opening_hours, and
        // the "still here" / "hours are right" reports. Existing records are judged at once.
        register("v15-verification") { db in
            try ToiletFieldMigration.migrate(db, name: "v15-verification")
            try widenReports(db)
            try VerificationStamp.migrate(db)
        }
        // SpatiaLite's check triggers on its metadata tables, more than half the schema every
        // query's first statement parses (`SpatialMetadataChecks`).
        register("v16-lean-metadata") { db in try SpatialMetadataChecks.drop(db) }
        return m
    }
}
