internal import GRDB
import Geo
public import Places

/// A row of `toilets`: the table's record type and its one column declaration. The store's
/// columns, those every place has, and `access` are `CodingKeys`; the toilet's fixed fields
/// follow them, one per `ToiletColumn`, then the attribute columns, one per
/// `ToiletAttribute` (the two halves of the field table), each named by its key and typed by
/// its kind.
struct ToiletRow: TableRecord {
    static let databaseTableName = "toilets"

    enum CodingKeys: String, PlaceColumn {
        case id, dataset, status
        case sourceID = "source_id", sourceIndex = "source_index", matchKey = "match_key", properties, lon, lat
        case contentHash = "content_hash", firstRun = "first_run", changedRun = "changed_run"
        case access

        var role: ColumnRole {
            switch self {
            case .id, .dataset, .status, .firstRun, .changedRun: return .bookkeeping
            case .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat, .contentHash: return .common
            case .access: return .own("TEXT NOT NULL")
            }
        }
    }

    /// The kind's own columns with their staging types, in `ToiletRecord.forEachValue`'s
    /// order: the fixed fields, `access`, then the attributes.
    static let ownColumns: [(name: String, type: String)] =
        ToiletColumn.allCases.map { ($0.rawValue, $0.stagingType) } + CodingKeys.ownColumns.map { ($0.column.rawValue, $0.type) }
        + ToiletAttribute.ordered.map { ($0.key, $0.stagingType) }
}

extension ToiletAttribute {
    /// The column's SQL type in the staging table.
    var stagingType: String {
        switch kind {
        case .triState: return "INTEGER"
        case .choice, .list, .text: return "TEXT"
        }
    }

    /// The column's declaration in `toilets` (`ALTER TABLE … ADD COLUMN`), with the CHECK
    /// that keeps its values those of its kind.
    var columnDefinition: String {
        let quoted = { (words: [String]) in words.map { "'\($0)'" }.joined(separator: ", ") }
        switch kind {
        case .triState: return "\(key) INTEGER CHECK (\(key) IN (0, 1))"
        case .choice(let words): return "\(key) TEXT CHECK (\(key) IN (\(quoted(words))))"
        case .list: return "\(key) TEXT CHECK (\(key) <> '')"
        case .text: return "\(key) TEXT"
        }
    }

    /// A value as its column stores it.
    func columnValue(_ v: AttributeValue?) -> PlaceValue {
        switch kind {
        case .triState: return .integer(v?.flag.map { $0 ? 1 : 0 })
        case .choice, .list, .text: return .text(v?.text)
        }
    }

    /// A column's value read back (a value of another type than the kind's reads as unknown).
    func value(_ db: DatabaseValue) -> AttributeValue? {
        switch (kind, db.storage) {
        case (.triState, .int64(let i)): return .flag(i != 0)
        case (.choice, .string(let s)), (.list, .string(let s)), (.text, .string(let s)): return .text(s)
        default: return nil
        }
    }
}

extension ToiletColumn {
    /// The column's SQL type in the staging table.
    var stagingType: String {
        switch kind {
        case .text: return "TEXT"
        case .requiredText, .choice: return "TEXT NOT NULL"
        case .real: return "REAL"
        case .flag: return "INTEGER"
        }
    }

    /// The column's declaration in `toilets` for a field added after the first schema
    /// (`ALTER TABLE … ADD COLUMN`), with the CHECK that keeps its values those of its kind;
    /// a field that is never NULL starts empty (`''`) or `unknown`.
    var columnDefinition: String {
        let name = rawValue
        switch kind {
        case .text: return "\(name) TEXT"
        case .requiredText: return "\(name) TEXT NOT NULL DEFAULT ''"
        case .real: return "\(name) REAL"
        case .flag: return "\(name) INTEGER CHECK (\(name) IN (0, 1))"
        case .choice(let words):
            let quoted = words.map { "'\($0)'" }.joined(separator: ", ")
            let start = words.contains("unknown") ? "unknown" : words.first ?? ""
            return "\(name) TEXT NOT NULL DEFAULT '\(start)' CHECK (\(name) IN (\(quoted)))"
        }
    }
}
