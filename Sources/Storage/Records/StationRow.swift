internal import GRDB
import Geo
import Places

/// A row of `stations`: the table's record type and its one column declaration.
struct StationRow: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "stations"

    var id: Int64
    var dataset: String
    var sourceID: String
    var sourceIndex: Int64
    var matchKey: String?
    var properties: String
    var lon: Double
    var lat: Double
    var contentHash: String
    var status: String
    var firstRun: Int64
    var changedRun: Int64
    var name: String
    var nameFolded: String
    var code: String?
    var city: String?
    var commune: String?
    var district: String?
    var province: String?
    var street: String?
    var timezone: String

    enum CodingKeys: String, PlaceColumn {
        case id, dataset, status
        case sourceID = "source_id", sourceIndex = "source_index", matchKey = "match_key", properties, lon, lat
        case contentHash = "content_hash", firstRun = "first_run", changedRun = "changed_run"
        case name, nameFolded = "name_folded", code, city, commune, district, province, street, timezone

        var role: ColumnRole {
            switch self {
            case .id, .dataset, .status, .firstRun, .changedRun: return .bookkeeping
            case .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat, .contentHash: return .common
            case .name, .nameFolded, .timezone: return .own("TEXT NOT NULL")
            case .code, .city, .commune, .district, .province, .street: return .own("TEXT")
            }
        }
    }

    /// The public form.
    var stored: StoredStation {
        StoredStation(
            rowID: id, dataset: dataset, sourceID: sourceID, name: name, code: code, city: city, commune: commune,
            district: district, province: province, street: street, timeZone: timezone,
            coordinate: Coordinate(latitude: lat, longitude: lon))
    }
}

extension StationRecord {
    /// The value of one of the station's own columns (see `StationRow.CodingKeys`).
    func value(_ column: StationRow.CodingKeys) -> PlaceValue {
        switch column {
        case .name: return .text(name)
        case .nameFolded: return .text(StationRecord.fold(name))
        case .code: return .text(code)
        case .city: return .text(city)
        case .commune: return .text(commune)
        case .district: return .text(district)
        case .province: return .text(province)
        case .street: return .text(street)
        case .timezone: return .text(timeZone)
        case .id, .dataset, .status, .firstRun, .changedRun, .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat,
            .contentHash:
            preconditionFailure("\(column.rawValue) is not a station's own column")
        }
    }

    /// The own columns, in declaration order.
    static let ownColumns = StationRow.CodingKeys.ownColumns.map { $0.column }
}
