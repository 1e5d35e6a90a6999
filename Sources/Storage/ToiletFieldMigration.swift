import GRDB
import Places

/// The migrations that add toilet columns, driven by the field tables: each adds the
/// columns of the fixed fields (`ToiletColumn`) and attributes (`ToiletAttribute`) whose
/// `addedIn` is its name and makes the `toilets_active` view anew with every column under its
/// contract name (docs/json.md). `v6-toilet-details`, the first, is frozen as it was written
/// in `Schema`; a new field of a later release names its migration in `addedIn`, and
/// `Schema` registers it (`register("vN-…") { try ToiletFieldMigration.migrate($0, name: "vN-…") }`).
enum ToiletFieldMigration {

    /// Adds the columns of `name` and rebuilds the view.
    static func migrate(_ db: Database, name: String) throws {
        for c in ToiletColumn.allCases where c.addedIn == name {
            try db.execute(sql: "ALTER TABLE toilets ADD COLUMN \(c.columnDefinition)")
        }
        for a in ToiletAttribute.ordered where a.addedIn == name {
            try db.execute(sql: "ALTER TABLE toilets ADD COLUMN \(a.columnDefinition)")
        }
        // The fields of this migration and of those before it, in `Schema`'s order.
        let known = Set(Schema.migrationNames.prefix { $0 != name } + [name])
        try db.execute(sql: "DROP VIEW IF EXISTS toilets_active")
        try db.execute(
            sql: activeView(
                fields: ToiletColumn.allCases.filter { $0.addedIn.map(known.contains) ?? false },
                attributes: ToiletAttribute.ordered.filter { known.contains($0.addedIn) }))
    }

    /// The view of the active toilets: `rowid` (the row's integer id, which QGIS and
    /// SpatiaLite key the layer on), then the contract's names (the first schema's fixed
    /// fields, the later `fields`, the `attributes`), then the geometry.
    static func activeView(fields: [ToiletColumn] = [], attributes: [ToiletAttribute]) -> String {
        let first = [
            "dataset || '/' || source_id AS id", "dataset", "source_id", "name", "address", "lat", "lon",
            "timezone AS time_zone", "country", "hours_text", "hours_osm", "hours_status", "price_text", "price_amount",
            "price_currency", "is_free AS free", "wheelchair", "kind AS toilet_type", "location_detail", "access",
        ]
        let later = fields.map { $0.rawValue == $0.contractKey ? $0.rawValue : "\($0.rawValue) AS \($0.contractKey)" }
        let columns = ["id AS rowid"] + first + later + attributes.map(\.key) + ["first_run", "changed_run", "geom"]
        return "CREATE VIEW toilets_active AS SELECT \(columns.joined(separator: ", ")) FROM toilets WHERE status = 'active'"
    }
}
