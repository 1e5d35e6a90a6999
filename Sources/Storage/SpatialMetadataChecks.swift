internal import GRDB

/// The check triggers SpatiaLite's `InitSpatialMetadata` puts on its own metadata tables
/// (`geometry_columns` and its `_auth`, `_statistics`, `_field_infos` and `_time` tables, and
/// the same for spatial views, `views_…`, and virtual shapes, `virts_…`): 66 triggers with
/// SpatiaLite 5, each a `RAISE(ABORT, …)` for a row written into them by hand whose table
/// name has a quote or a capital, or whose geometry type or dimension is unknown. Nothing else.
///
/// They are 39 KB of the 70 KB of schema SQL that SQLite parses whenever a connection first
/// prepares a statement, and every query does that once: the data nonce check
/// (`DataNonce.current`) opens a bare connection. Dropped (schema step `v16-lean-metadata`),
/// a query on 1,000,000 points takes a third fewer instructions (docs/benchmarks.md, "The
/// query's schema read"). The tables stay as SpatiaLite made them: `CheckSpatialMetaData()`
/// still answers 3 (current layout), `spatialite`, `ogrinfo` and QGIS read them, and
/// SpatiaLite's functions (`AddGeometryColumn`, `CreateSpatialIndex`, `UpdateLayerStatistics`)
/// check what they write themselves. The triggers on the layers (`toilets`, `stations`: their
/// spatial index and `geometry_columns_time`) are not among these and stay.
///
/// Only SpatiaLite's own are dropped: a trigger whose name and SQL are exactly one of those
/// the loaded SpatiaLite makes in an empty database. Anyone else's trigger on those tables,
/// and one an older or newer SpatiaLite wrote differently, is kept.
enum SpatialMetadataChecks {
    /// The triggers (name, SQL) SpatiaLite's `InitSpatialMetadata(1)` makes on its metadata
    /// tables, read from a new in-memory database with SpatiaLite loaded.
    static func made() throws -> [String: String] {
        let scratch = try DatabaseQueue()
        defer { try? scratch.close() }
        return try scratch.writeWithoutTransaction { db in
            try LocateStore.loadSpatiaLite(db)
            try db.execute(sql: "SELECT InitSpatialMetadata(1)")
            return try triggers(db)
        }
    }

    /// The triggers of `db` (name → SQL); SpatiaLite's metadata, in a new database, has no
    /// other.
    static func triggers(_ db: Database) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'") {
            found[row["name"]] = row["sql"] ?? ""
        }
        return found
    }

    /// The names of SpatiaLite's own check triggers in `db`, sorted.
    static func present(_ db: Database) throws -> [String] {
        let spatiaLite = try made()
        return try triggers(db).filter { spatiaLite[$0.key] == $0.value }.keys.sorted()
    }

    /// Drops them (schema step `v16-lean-metadata`).
    static func drop(_ db: Database) throws {
        for name in try present(db) {
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
        }
    }
}
