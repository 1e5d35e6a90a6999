internal import GRDB
import Geo
import Hours

/// A row of `toilets`: the table's record type and its one column declaration
/// (`CodingKeys`). Adding a column means a migration, a case and a property here, and the
/// field in `ToiletRecord`/`StoredToilet` where it is written or read.
struct ToiletRow: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "toilets"

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
    var name: String?
    var address: String?
    var hoursText: String?
    var priceText: String?
    var priceAmount: Double?
    var priceCurrency: String?
    var isFree: Bool?
    var wheelchair: WheelchairAccess
    var kind: String?
    var locationDetail: String?
    var timezone: String
    var hoursOSM: String?
    var hoursStatus: HoursStatus
    var country: String?
    var access: ToiletAccess
    var changingTable: Bool?
    var unisex: Bool?
    var female: Bool?
    var male: Bool?
    var toiletsDisposal: String?
    var level: String?
    var indoor: String?
    var operatorName: String?
    var checkDate: String?

    enum CodingKeys: String, PlaceColumn {
        case id, dataset, status
        case sourceID = "source_id", sourceIndex = "source_index", matchKey = "match_key", properties, lon, lat
        case contentHash = "content_hash", firstRun = "first_run", changedRun = "changed_run"
        case name, address, hoursText = "hours_text", priceText = "price_text", priceAmount = "price_amount"
        case priceCurrency = "price_currency", isFree = "is_free", wheelchair, kind, locationDetail = "location_detail"
        case timezone, hoursOSM = "hours_osm", hoursStatus = "hours_status", country
        case access, changingTable = "changing_table", unisex, female, male, toiletsDisposal = "toilets_disposal"
        case level, indoor, operatorName = "operator", checkDate = "check_date"

        var role: ColumnRole {
            switch self {
            case .id, .dataset, .status, .firstRun, .changedRun: return .bookkeeping
            case .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat, .contentHash: return .common
            case .priceAmount: return .own("REAL")
            case .isFree, .changingTable, .unisex, .female, .male: return .own("INTEGER")
            case .wheelchair, .timezone, .hoursStatus, .access: return .own("TEXT NOT NULL")
            case .name, .address, .hoursText, .priceText, .priceCurrency, .kind, .locationDetail, .hoursOSM, .country,
                .toiletsDisposal, .level, .indoor, .operatorName, .checkDate:
                return .own("TEXT")
            }
        }
    }

    /// The public form.
    var stored: StoredToilet {
        StoredToilet(
            rowID: id, dataset: dataset, sourceID: sourceID, name: name, address: address, hoursText: hoursText,
            hoursOSM: hoursOSM, hoursStatus: hoursStatus, country: country, priceText: priceText, priceAmount: priceAmount,
            priceCurrency: priceCurrency, isFree: isFree, wheelchair: wheelchair, toiletType: kind,
            locationDetail: locationDetail, timeZone: timezone, coordinate: Coordinate(latitude: lat, longitude: lon),
            details: ToiletDetails(
                access: access, changingTable: changingTable, unisex: unisex, female: female, male: male,
                disposal: toiletsDisposal, level: level, indoor: indoor, operatorName: operatorName, checkDate: checkDate))
    }
}

extension ToiletRecord {
    /// The value of one of the toilet's own columns (see `ToiletRow.CodingKeys`).
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
        case .changingTable: return .integer(details.changingTable.map { $0 ? 1 : 0 })
        case .unisex: return .integer(details.unisex.map { $0 ? 1 : 0 })
        case .female: return .integer(details.female.map { $0 ? 1 : 0 })
        case .male: return .integer(details.male.map { $0 ? 1 : 0 })
        case .toiletsDisposal: return .text(details.disposal)
        case .level: return .text(details.level)
        case .indoor: return .text(details.indoor)
        case .operatorName: return .text(details.operatorName)
        case .checkDate: return .text(details.checkDate)
        case .id, .dataset, .status, .firstRun, .changedRun, .sourceID, .sourceIndex, .matchKey, .properties, .lon, .lat,
            .contentHash:
            preconditionFailure("\(column.rawValue) is not a toilet's own column")
        }
    }

    /// The own columns' values, in `ToiletRow.CodingKeys.ownColumns` order.
    static let ownColumns = ToiletRow.CodingKeys.ownColumns.map { $0.column }
}
