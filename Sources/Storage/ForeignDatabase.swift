internal import GRDB

/// Recognises an SQLite file made by another program: tables of its own and no locate schema
/// (issue 35). locate never adds its tables to such a file unless asked
/// (`WriteAccess.updatesForeign`, `--update-foreign`), as `ogr2ogr` needs `-update`. An empty
/// file, a file with SpatiaLite's metadata only, and any locate database are not foreign.
enum ForeignDatabase {
    /// Tables (and prefixes) SpatiaLite's `InitSpatialMetadata` and the `spatialite` shell
    /// create, and SQLite's own.
    static let metadataPrefixes = [
        "sqlite_", "spatial_ref_sys", "geometry_columns", "views_geometry_columns", "virts_geometry_columns",
        "spatialite_history", "sql_statements_log", "SpatialIndex", "ElementaryGeometries", "KNN", "ISO_metadata",
        "idx_ISO_metadata", "SE_", "data_licenses", "raster_coverages", "vector_coverages", "vector_layers", "wms_",
        "rl2map_", "stored_procedures", "stored_variables", "networks", "topologies",
    ]

    /// The other program's tables (sorted, at most 5 named), or nil when the file is not foreign.
    static func tables(_ db: Database) throws -> [String]? {
        let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if names.contains("grdb_migrations") || names.contains("toilets") { return nil }
        let own = names.filter { name in !metadataPrefixes.contains { name.hasPrefix($0) } }
        return own.isEmpty ? nil : own
    }

    /// Throws `StorageError.incompatible` when the file at `path` is foreign, reading it
    /// through a read-only connection (which changes nothing in the file).
    static func refuse(_ path: String) throws {
        _ = LocateStore.sqliteConfigured
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        let found: [String]?
        do {
            let queue = try DatabaseQueue(path: LocateStore.literal(path), configuration: config)
            defer { try? queue.close() }
            found = try queue.inDatabase { try tables($0) }
        } catch {
            // Not readable as SQLite (or empty): the writable open says why, as before.
            return
        }
        if let found { throw StorageError.incompatible(path: path, reason: reason(found)) }
    }

    /// The reason a foreign file is refused, naming some of its tables.
    static func reason(_ tables: [String]) -> String {
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        return "it is an SQLite file of another program (tables: \(shown)) without locate's schema: nothing was written; "
            + "use another --db, or pass --update-foreign to `locate ingest` to add locate's tables to this file"
    }
}
