internal import GRDB
import Geo
public import Places

/// A row of `toilets`: the table's record type and its one column declaration. The fixed
/// columns are `CodingKeys`; the attribute columns follow them, one per `ToiletAttribute`
/// (the field table), named by its key and typed by its kind (`AttributeColumn`).
struct ToiletRow: TableRecord {
    static let databaseTableName = "toilets"

    enum CodingKeys: String, PlaceColumn {
        case id, dataset, status
        case sourceID = "source_id", sourceIndex = "source_index", matchKey = "match_key", properties, lon, lat
        case contentHash = "content_hash", firstRun = "first_run", changedRun = "changed_run"
        case name, address, hoursText = "hours_text", priceText = "price_text", priceAmount = "price_amount"
        case priceCurrency = "price_currency", isFree = "is_free", wheelchair, kind, locationDetail = "location_detail"
        case timezone, hoursOSM = "hours_osm", hoursStatus = "hours_status", country
        case access

        var role: ColumnRole {
            switch self {
            case .id, .dataset, .status, .firstRun, .changedRun: return .bookkeeping
            case .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat, .contentHash: return .common
            case .priceAmount: return .own("REAL")
            case .isFree: return .own("INTEGER")
            case .wheelchair, .timezone, .hoursStatus, .access: return .own("TEXT NOT NULL")
            case .name, .address, .hoursText, .priceText, .priceCurrency, .kind, .locationDetail, .hoursOSM, .country:
                return .own("TEXT")
            }
        }
    }

    /// The kind's own columns with their staging types: the fixed ones, then the attributes.
    static let ownColumns: [(name: String, type: String)] =
        CodingKeys.ownColumns.map { ($0.column.rawValue, $0.type) }
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

extension ToiletRecord {
    /// The value of one of the toilet's fixed own columns (see `ToiletRow.CodingKeys`).
    func value(_ column: ToiletRow.CodingKeys) -> PlaceValue {
        switch column {
        case .name: return .text(name)
        case .address: return .text(address)
        case .hoursText: return .text(hoursText)
        case .priceText: return .text(priceText)
        case .priceAmount: return .real(priceAmount)
        case .priceCurrency: return .text(priceCurrency)
        case .isFree: return .integer(isFree.map { $0 ? 1 : 0 })
        case .wheelchair: return .text(wheelchair.rawValue)
        case .kind: return .text(kind)
        case .locationDetail: return .text(locationDetail)
        case .timezone: return .text(timeZone)
        case .hoursOSM: return .text(hoursOSM)
        case .hoursStatus: return .text(hoursStatus)
        case .country: return .text(country)
        case .access: return .text(details.access.rawValue)
        case .id, .dataset, .status, .firstRun, .changedRun, .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat,
            .contentHash:
            preconditionFailure("\(column.rawValue) is not a toilet's own column")
        }
    }

    /// The fixed own columns, in `ToiletRow.CodingKeys` order.
    static let ownColumns = ToiletRow.CodingKeys.ownColumns.map { $0.column }
}
