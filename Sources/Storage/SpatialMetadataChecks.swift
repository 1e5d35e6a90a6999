internal import GRDB

/// The check triggers SpatiaLite's `InitSpatialMetadata` puts on its own metadata tables
/// (`geometry_columns` and its `_auth`, `_statistics`, `_field_infos` and `_time` tables, and
/// the same for spatial views, `views_…`, and virtual shapes, `virts_…`): 66 triggers, each a
/// `RAISE(ABORT, …)` for a row written into them by hand whose table name has a quote or a
/// capital, or whose geometry type or dimension is unknown. Nothing else.
///
/// They are 39 KB of the 70 KB of schema SQL that SQLite parses whenever a connection first
/// prepares a statement, and every query does that once: the data nonce check
/// (`DataNonce.current`) opens a bare connection. Dropped (schema step `v16-lean-metadata`),
/// a query on 1,000,000 points takes a third fewer instructions (docs/benchmarks.md,
/// "Start-up"). The tables stay as SpatiaLite made them: `CheckSpatialMetaData()` still
/// answers 3 (current layout), `spatialite`, `ogrinfo` and QGIS read them, and SpatiaLite's
/// functions (`AddGeometryColumn`, `CreateSpatialIndex`, `UpdateLayerStatistics`) check what
/// they write themselves. The triggers on the layers (`toilets`, `stations`: their spatial
/// index and `geometry_columns_time`) are not among these and stay.
enum SpatialMetadataChecks {
    /// SpatiaLite's metadata tables whose check triggers are dropped.
    static let tables: [String] =
        ["geometry_columns", "views_geometry_columns", "virts_geometry_columns"].flatMap {
            base in [base, base + "_auth", base + "_statistics", base + "_field_infos"]
        } + ["geometry_columns_time"]

    /// The names of the check triggers `db` has: on `tables`, with a body of `SELECT RAISE`
    /// statements only (a trigger that writes anything is kept, whoever made it).
    static func triggers(_ db: Database) throws -> [String] {
        let list = tables.map { "'\($0)'" }.joined(separator: ", ")
        let rows = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (\(list)) ORDER BY name")
        return rows.compactMap { row in
            let name: String = row["name"]
            let sql: String = row["sql"] ?? ""
            return onlyChecks(sql) ? name : nil
        }
    }

    /// Whether a trigger's body only raises: after its first `BEGIN`, outside its quoted
    /// texts (the messages say "insert on …"), no word writes.
    static func onlyChecks(_ sql: String) -> Bool {
        let upper = sql.uppercased()
        guard let begin = upper.firstRange(of: "BEGIN"), upper.contains("RAISE(ABORT") else { return false }
        var code = ""
        var quoted = false
        for c in upper[begin.upperBound...] {
            if c == "'" { quoted.toggle() } else if !quoted { code.append(c) }
        }
        let words = code.split { !($0.isLetter || $0 == "_") }
        return !words.contains { ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains($0) }
    }

    /// Drops them (schema step `v16-lean-metadata`).
    static func drop(_ db: Database) throws {
        for name in try triggers(db) {
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
        }
    }
}
