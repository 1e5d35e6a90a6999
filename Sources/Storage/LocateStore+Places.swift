import Foundation
internal import GRDB
import Geo
import Places

extension LocateStore {
    /// The toilets with these row ids, in the ids' order (ids not found are left out).
    public func toilets(rowIDs: [Int64]) throws -> [StoredToilet] {
        guard !rowIDs.isEmpty else { return [] }
        // Plain SQL and positional reads: GRDB's `fetchAll(keys:)` introspects the schema for
        // the primary key first, which costs a query command more than the read itself.
        // In chunks of 500 ids: SQLite limits the number of bound parameters.
        var byID: [Int64: StoredToilet] = [:]
        try read { db in
            for start in stride(from: 0, to: rowIDs.count, by: 500) {
                let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE id IN (\(marks))",
                    arguments: StatementArguments(chunk))
                while let r = try rows.next() {
                    let toilet = ToiletRow.streamed(r)
                    byID[toilet.rowID] = toilet
                }
            }
        }
        return rowIDs.compactMap { byID[$0] }
    }

    /// The active toilets with these global ids (`DATASET/SOURCE_ID`), in the ids' order;
    /// ids of no active toilet (retired, never ingested, malformed) are left out.
    public func activeToilets(globalIDs: [String]) throws -> [StoredToilet] {
        let rowIDs: [Int64] = try read { db in
            let statement = try db.cachedStatement(
                sql: "SELECT id FROM toilets WHERE dataset = ? AND source_id = ? AND \(PlaceStatus.isActive())")
            return try globalIDs.compactMap { globalID in
                guard let slash = globalID.firstIndex(of: "/") else { return nil }
                let dataset = String(globalID[..<slash])
                let sourceID = String(globalID[globalID.index(after: slash)...])
                return try Int64.fetchOne(statement, arguments: [dataset, sourceID])
            }
        }
        return try toilets(rowIDs: rowIDs)
    }

    /// Runs `body` with a lookup of toilets by row id that reads inside one read transaction
    /// through one prepared statement: the open-now search asks for each candidate as the
    /// nearest search meets it, and sees one consistent state of the data.
    public func withToiletLookup<T>(_ body: (_ toilet: (Int64) throws -> StoredToilet?) throws -> T) throws -> T {
        try read { db in
            let statement = try db.cachedStatement(sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE id = ?")
            return try body { id in try Row.fetchOne(statement, arguments: [id]).map(ToiletRow.streamed) }
        }
    }

    /// The datasets that have active toilets, sorted.
    public func activeToiletDatasets() throws -> [String] {
        try read { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT dataset FROM toilets WHERE \(PlaceStatus.isActive()) ORDER BY dataset")
        }
    }

    /// Streams every active toilet in `order`, reading one row at a time (exports of a
    /// million rows keep memory flat). Columns are read by position in the record's own
    /// declaration, resolved once.
    public func forEachActiveToilet(orderedBy order: ToiletOrder, _ body: (StoredToilet) throws -> Void) throws {
        let sort: String
        switch order {
        case .id: sort = "dataset, source_id"
        case .gridCell(let g):
            sort = "CAST((lat + 90) / \(g) AS INTEGER), CAST((lon + 180) / \(g) AS INTEGER), dataset, source_id"
        }
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE \(PlaceStatus.isActive()) ORDER BY \(sort)")
            while let r = try rows.next() { try body(ToiletRow.streamed(r)) }
        }
    }

    /// The active stations with these row ids, in the ids' order.
    public func stations(rowIDs: [Int64]) throws -> [StoredStation] {
        guard !rowIDs.isEmpty else { return [] }
        let rows = try read { db in try StationRow.fetchAll(db, keys: rowIDs) }
        var byID: [Int64: StoredStation] = [:]
        for r in rows where r.status == PlaceStatus.active.rawValue { byID[r.id] = r.stored }
        return rowIDs.compactMap { byID[$0] }
    }

    /// Active stations whose folded name (see `StationRecord.fold`) contains `folded`.
    public func stations(named folded: String) throws -> [StoredStation] {
        let pattern =
            "%"
            + folded.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        return try read { db in
            try StationRow.fetchAll(
                db,
                sql: "SELECT * FROM stations WHERE \(PlaceStatus.isActive()) AND name_folded LIKE ? ESCAPE '\\'",
                arguments: [pattern]
            ).map(\.stored)
        }
    }

    /// Every active station, by global id.
    public func activeStations() throws -> [StoredStation] {
        try read { db in
            try StationRow.fetchAll(
                db, sql: "SELECT * FROM stations WHERE \(PlaceStatus.isActive()) ORDER BY dataset, source_id"
            ).map(\.stored)
        }
    }

    /// How many active places of `kind` there are and the box around them.
    public func activeExtent(_ kind: PlaceKind) throws -> ActiveExtent {
        try read { db in
            let r = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*) AS n, min(lon) AS w, min(lat) AS s, max(lon) AS e, max(lat) AS nn
                    FROM \(kind.table) WHERE \(PlaceStatus.isActive())
                    """)
            let n: Int = r?["n"] ?? 0
            guard n > 0, let r else { return ActiveExtent(count: 0, box: nil) }
            return ActiveExtent(
                count: n, box: BoundingBox(minLongitude: r["w"], minLatitude: r["s"], maxLongitude: r["e"], maxLatitude: r["nn"]))
        }
    }
}

extension ToiletRow {
    /// The table's own columns (`CodingKeys`), the fixed fields (`ToiletColumn`), then the
    /// attribute columns (`ToiletAttribute.ordered`): the streamed SELECT list.
    static let selection =
        (CodingKeys.allCases.map(\.rawValue) + ToiletColumn.allCases.map(\.rawValue) + ToiletAttribute.ordered.map(\.key))
        .joined(separator: ", ")

    /// The number of columns in `selection`.
    static let selectionCount = CodingKeys.allCases.count + ToiletColumn.allCases.count + ToiletAttribute.ordered.count

    private static func at(_ c: CodingKeys) -> Int { CodingKeys.allCases.firstIndex(of: c) ?? 0 }
    /// Positions in `selection`: the columns of `CodingKeys` by name, the first fixed field
    /// (`fields`, then one per `ToiletColumn` in its order) and the first attribute.
    static let positions = (
        id: at(.id), dataset: at(.dataset), sourceID: at(.sourceID), lon: at(.lon), lat: at(.lat), access: at(.access),
        fields: CodingKeys.allCases.count, attributes: CodingKeys.allCases.count + ToiletColumn.allCases.count
    )

    /// A row of a cursor over `selection`, read by the cached positions (no per-row name
    /// lookups or Codable decoding: exports read a million of them).
    static func streamed(_ r: Row) -> StoredToilet {
        let p = positions
        var toilet = Toilet(at: Coordinate(latitude: r[p.lat], longitude: r[p.lon]))
        for (i, c) in ToiletColumn.allCases.enumerated() {
            let v: DatabaseValue = r[p.fields + i]
            switch (c.kind, v.storage) {
            case (.real, .double(let d)): toilet.set(c, .real(d))
            case (.real, .int64(let n)): toilet.set(c, .real(Double(n)))
            case (.flag, .int64(let n)): toilet.set(c, .integer(n))
            case (.text, .string(let s)), (.requiredText, .string(let s)), (.choice, .string(let s)): toilet.set(c, .text(s))
            default: toilet.set(c, .text(nil))
            }
        }
        let access: String = r[p.access]
        var attributes = ToiletAttributes()
        for (i, a) in ToiletAttribute.ordered.enumerated() {
            attributes[a] = a.value(r[p.attributes + i] as DatabaseValue)
        }
        toilet.details = ToiletDetails(access: ToiletAccess(rawValue: access) ?? .unknown, attributes: attributes)
        return StoredToilet(rowID: r[p.id], dataset: r[p.dataset], sourceID: r[p.sourceID], toilet: toilet)
    }
}
