public import Foundation
public import Geo
public import Places

/// The kinds of places the store keeps, one table each with the same common columns
/// (dataset, source_id, source_index, match_key, properties, lon, lat, content_hash, status,
/// first_run, changed_run, geom) and columns of their own.
public enum PlaceKind: String, Sendable, CaseIterable, Codable {
    /// Public toilets (`toilets`).
    case toilets
    /// Air-quality stations (`stations`).
    case stations

    /// The table.
    public var table: String { rawValue }

    /// The kind's own columns, in binding order, with their staging types: declared once,
    /// by the table's record type (`ToiletRow.ownColumns`, `StationRow.CodingKeys`).
    var columns: [(name: String, type: String)] {
        switch self {
        case .toilets: return ToiletRow.ownColumns
        case .stations: return StationRow.CodingKeys.ownColumns.map { ($0.column.rawValue, $0.type) }
        }
    }

    /// 0/1 SQL expressions stored as the nearest index's flags, bit 0 first (see
    /// `PointFlags`).
    var flagExpressions: [String] {
        switch self {
        case .toilets:
            return [
                "wheelchair = 'yes'", "coalesce(is_free, 0)", "access = 'restricted'", "access = 'customers'",
                "coalesce(changing_table, 0)", "coalesce(unisex, 0)",
            ]
        case .stations: return []
        }
    }

    /// Every copied column, in binding order: the common ones, then the kind's own.
    var copiedColumns: [String] { CommonColumn.ordered.map(\.rawValue) + columns.map(\.name) }
}

/// The columns every place table has that the stager copies from a `PlaceRecord` (besides
/// `source_id`), in binding order, with their staging types: declared once, bound by an
/// exhaustive switch in `PlaceStager.stage`.
enum CommonColumn: String, CaseIterable {
    case sourceIndex = "source_index"
    case matchKey = "match_key"
    case properties
    case lon
    case lat
    case contentHash = "content_hash"
    case geom

    /// Every case, in declaration order (computed once: the stager loops over it per row).
    static let ordered = allCases

    /// The staging column's SQL type.
    var stagingType: String {
        switch self {
        case .sourceIndex: return "INTEGER NOT NULL"
        case .matchKey: return "TEXT"
        case .properties, .contentHash: return "TEXT NOT NULL"
        case .lon, .lat: return "REAL NOT NULL"
        case .geom: return "BLOB NOT NULL"
        }
    }
}

/// A record any place table can store.
public protocol PlaceRecord: Sendable {
    /// Which table.
    static var placeKind: PlaceKind { get }
    /// The stable id within its dataset.
    var sourceID: String { get }
    /// Position, WGS84.
    var coordinate: Coordinate { get }
    /// The source's attributes as compact JSON.
    var propertiesJSON: String { get }
    /// Equal hashes mean "unchanged".
    var contentHash: String { get }
    /// The kind's own columns' values, in the order its record type declares the columns.
    var values: [PlaceValue] { get }
    /// Calls `body` with each of `values` in order, without building the array (the stager
    /// binds them one by one).
    func forEachValue(_ body: (PlaceValue) -> Void)
    /// The record as a run stores it: with the day the run's source was released
    /// (`released`, `YYYY-MM-DD`) and what that and its own evidence verify
    /// (`Verification`; toilets), evidence after `notAfter` (the run's start) claiming nothing;
    /// `days` is the run's cache of the days read.
    func stamped(released: String?, notAfter: Date, days: VerificationDays) -> Self
}

extension PlaceRecord {
    /// The record as it is (stations have no verification).
    public func stamped(released: String?, notAfter: Date, days: VerificationDays) -> Self { self }

    /// `values`, one at a time.
    public func forEachValue(_ body: (PlaceValue) -> Void) {
        for v in values { body(v) }
    }
}
