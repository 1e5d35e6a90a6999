internal import GRDB
import Geo
import Places

extension LocateStore {
    /// Derived ids of a new input are matched by position to the dataset's places that no
    /// staged record claims when they lie within this distance (a moved address keeps its
    /// place). 2016 → 2019 Prague: 195 of 244 records lie at a 2016 point (under 1 cm), the
    /// next distances are 2.4 m and 4.4 m (the same toilets), then 7.8 m and 12.7 m (other
    /// toilets beside those 2016 records); docs/pipelines.md, "Stable ids".
    public static let derivedIDMatchMeters = 5.0
    /// Two candidates whose text changed and whose distances differ by less than this are
    /// equally near: the choice is left undecided (reported) unless the derived text decides
    /// it. The accuracy of the S-JTSK → WGS84 operation the Prague files need is 1 m.
    public static let derivedIDTieMeters = 1.0

    /// Gives each staged record with a derived id that no place has the id of an unclaimed
    /// place of the dataset (active or retired, with a derived id) chosen by `IdentityMatcher`,
    /// and returns the records it left unmatched for ambiguity.
    func rematchDerivedIDs(_ db: Database, kind: PlaceKind, dataset: String) throws -> [AmbiguousIdentity] {
        let t = kind.table
        let hasKind = kind.columns.contains { $0.name == "kind" }
        let freshKind = hasKind ? "s.kind" : "NULL"
        let fresh = try Row.fetchAll(
            db,
            sql: """
                SELECT s.source_id, s.match_key, \(freshKind) AS kind, s.lon, s.lat, s.source_index FROM staging s
                WHERE s.match_key IS NOT NULL AND NOT EXISTS
                  (SELECT 1 FROM \(t) t WHERE t.dataset = ? AND t.source_id = s.source_id)
                """, arguments: [dataset])
        guard !fresh.isEmpty else { return [] }
        // An old toilet whose position an approved edit changed is matched where the source
        // put it (the position the override replaced).
        let position =
            kind == .toilets
            ? """
            coalesce(json_extract(o.replaced, '$.lon'), t.lon) AS lon, coalesce(json_extract(o.replaced, '$.lat'), t.lat) AS lat
            FROM \(t) t LEFT JOIN overrides o ON o.dataset = t.dataset AND o.source_id = t.source_id
              AND o.field = 'position' AND o.conflict_run IS NULL
            """ : "t.lon, t.lat FROM \(t) t"
        let oldKind = hasKind ? "t.kind" : "NULL"
        let orphans = try Row.fetchAll(
            db,
            sql: """
                SELECT t.source_id, t.match_key, \(oldKind) AS kind, \(position)
                WHERE t.dataset = ? AND t.match_key IS NOT NULL AND NOT EXISTS
                  (SELECT 1 FROM staging s WHERE s.source_id = t.source_id)
                """, arguments: [dataset])
        guard !orphans.isEmpty else { return [] }
        func place(_ r: Row, index: Int = 0) -> IdentityMatcher.Place {
            IdentityMatcher.Place(
                id: r["source_id"], matchKey: r["match_key"], kind: r["kind"],
                at: Coordinate(latitude: r["lat"], longitude: r["lon"]), index: index)
        }
        let matcher = IdentityMatcher(
            toleranceMeters: LocateStore.derivedIDMatchMeters, tieMeters: LocateStore.derivedIDTieMeters)
        let outcome = matcher.match(fresh: fresh.map { place($0, index: $0["source_index"]) }, old: orphans.map { place($0) })
        let rename = try db.makeStatement(sql: "UPDATE staging SET source_id = ? WHERE source_id = ?")
        for p in outcome.pairs { try rename.execute(arguments: [p.old, p.fresh]) }
        return outcome.ambiguities
    }
}
