import Contributions
import Foundation
internal import GRDB
import Geo

/// A row of `overrides`: the applied state of approved contributions, one per toilet and
/// field.
struct OverrideRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "overrides"

    var id: Int64?
    var dataset: String
    var sourceID: String
    var field: String
    var value: String
    var replaced: String
    var contribution: Int64
    var conflictRun: Int64?
    var sourceValue: String?

    enum CodingKeys: String, CodingKey {
        case id, dataset, sourceID = "source_id", field, value, replaced, contribution, conflictRun = "conflict_run"
        case sourceValue = "source_value"
    }

    var target: PlaceTarget { PlaceTarget(dataset: dataset, sourceID: sourceID) }

    /// The public form.
    func applied() throws -> AppliedOverride {
        AppliedOverride(
            contribution: contribution, target: target, field: ToiletField(rawValue: field) ?? .status,
            value: try ContributionRow.decode([String: FieldValue].self, value),
            replaced: try ContributionRow.decode([String: FieldValue].self, replaced),
            conflictRun: conflictRun.map(Int.init),
            sourceValue: try sourceValue.map { try ContributionRow.decode([String: FieldValue].self, $0) })
    }
}

/// Reads and writes of toilet columns on behalf of contributions (inside the caller's
/// transaction).
enum OverrideStore {
    /// The toilet's status (`active`, `retired`), or nil when there is none.
    static func status(_ db: Database, _ t: PlaceTarget) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT status FROM toilets WHERE dataset = ? AND source_id = ?", arguments: [t.dataset, t.sourceID])
    }

    /// The toilet's stored values of `columns`.
    static func values(_ db: Database, _ t: PlaceTarget, columns: [String]) throws -> [String: FieldValue] {
        let list = columns.joined(separator: ", ")
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(list) FROM toilets WHERE dataset = ? AND source_id = ?",
                arguments: [t.dataset, t.sourceID])
        else { return [:] }
        var out: [String: FieldValue] = [:]
        for c in columns { out[c] = fieldValue(row[c] as DatabaseValue) }
        return out
    }

    static func fieldValue(_ v: DatabaseValue) -> FieldValue {
        switch v.storage {
        case .null, .blob: return .null
        case .int64(let n): return .number(Double(n))
        case .double(let d): return .number(d)
        case .string(let s): return .text(s)
        }
    }

    static func databaseValue(_ v: FieldValue, column: String) -> DatabaseValue {
        switch v {
        case .null: return .null
        case .text(let t): return t.databaseValue
        case .number(let d):
            // Booleans and integers go back as integers, positions and amounts as reals.
            return ["is_free"].contains(column) ? Int64(d).databaseValue : d.databaseValue
        }
    }

    /// Writes `values` into the toilet (the geometry too when the position changes) and marks
    /// it changed by `run`.
    static func write(_ db: Database, _ t: PlaceTarget, _ values: [String: FieldValue], run: Int64) throws {
        let columns = values.keys.sorted()
        var sets = columns.map { "\($0) = ?" }
        var args = columns.map { databaseValue(values[$0] ?? .null, column: $0) }
        if case .number(let lon)? = values["lon"], case .number(let lat)? = values["lat"] {
            sets.append("geom = ?")
            args.append(Data(SpatiaLiteBlob.point(Coordinate(latitude: lat, longitude: lon), srid: 4326)).databaseValue)
        }
        sets.append("changed_run = ?")
        args.append(run.databaseValue)
        args += [t.dataset.databaseValue, t.sourceID.databaseValue]
        try db.execute(
            sql: "UPDATE toilets SET \(sets.joined(separator: ", ")) WHERE dataset = ? AND source_id = ?",
            arguments: StatementArguments(args))
    }

    /// The overrides a contribution applied.
    static func overrides(_ db: Database, contribution: Int64) throws -> [AppliedOverride] {
        try OverrideRow.fetchAll(db, sql: "SELECT * FROM overrides WHERE contribution = ? ORDER BY id", arguments: [contribution])
            .map { try $0.applied() }
    }

    /// Overrides in conflict, by contribution then field.
    static func conflicts(_ db: Database) throws -> [AppliedOverride] {
        try OverrideRow.fetchAll(
            db, sql: "SELECT * FROM overrides WHERE conflict_run IS NOT NULL ORDER BY contribution, id"
        ).map { try $0.applied() }
    }
}
