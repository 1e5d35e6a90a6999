internal import CSpatial
internal import GRDB
import Places

/// The stored values of one toilet row by column position (`ToiletRow.selection`'s): SQLite's
/// column values of a statement (`StatementValues`), or the values a first load's insert
/// binds (`BoundValues`), which are the values SQLite stores.
protocol StoredValues {
    /// `SQLITE_NULL`, `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT` or `SQLITE_BLOB`.
    func type(_ column: Int) -> Int32
    /// The UTF-8 bytes of a text value (valid until the row changes), nil when NULL.
    func text(_ column: Int) -> UnsafeRawBufferPointer?
    func int64(_ column: Int) -> Int64
    func double(_ column: Int) -> Double
}

/// The current row of a statement.
struct StatementValues: StoredValues {
    let statement: OpaquePointer

    func type(_ column: Int) -> Int32 { sqlite3_column_type(statement, Int32(column)) }
    func text(_ column: Int) -> UnsafeRawBufferPointer? {
        guard sqlite3_column_type(statement, Int32(column)) != SQLITE_NULL,
            let bytes = sqlite3_column_text(statement, Int32(column))
        else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, Int32(column))))
    }
    func int64(_ column: Int) -> Int64 { sqlite3_column_int64(statement, Int32(column)) }
    func double(_ column: Int) -> Double { sqlite3_column_double(statement, Int32(column)) }
}

/// Encodes the rows of a cursor over `ToiletRow.selection` (or the values a first load
/// binds, `BoundValues`) straight into the rows section's record form (`ToiletRowCoding`),
/// with no `String` or `StoredToilet` made per row: the same bytes
/// `ToiletRowCoding.encode(ToiletRow.streamed(row))` gives (a test compares both on real
/// data), at a third of the cost. Writing the section is part of every write that changes
/// toilets (a million rows: about 3 s of processor time through `StoredToilet`, 1 s this way).
struct ToiletRowColumns<Values: StoredValues> {
    let values: Values
    private let p = ToiletRow.positions
    /// The fixed fields' kinds, in `ToiletColumn`'s order, each choice with its words'
    /// bytes: any other value is written as the choice's `unknown`, as `ToiletRow.streamed`
    /// reads it.
    private let fields: [Field] = ToiletColumn.allCases.map { c in
        if case .choice(let words) = c.kind { return .choice(words.map { Array($0.utf8) }) }
        return c.kind == .real ? .real : c.kind == .flag ? .flag : .text
    }
    private let accesses = ToiletAccess.allCases.map { Array($0.rawValue.utf8) }
    private let kinds = ToiletAttribute.ordered.map(\.kind)

    /// How one fixed field is encoded.
    private enum Field {
        case text, real, flag
        case choice([[UInt8]])
    }

    /// A reader of the current row of `values`.
    init(_ values: Values) { self.values = values }

    /// The positions in `ToiletRow.selection` this reader reads (`rowID`, `encode`, the
    /// dataset and position): what a first load keeps of its binds (`BoundValues`).
    static var encodedPositions: Set<Int> {
        let p = ToiletRow.positions
        return Set(
            [p.id, p.dataset, p.sourceID, p.lat, p.lon, p.access] + (0..<ToiletColumn.allCases.count).map { p.fields + $0 }
                + (0..<ToiletAttribute.ordered.count).map { p.attributes + $0 })
    }

    /// The current row's id.
    var rowID: Int64 { values.int64(p.id) }
    /// The current row's latitude and longitude.
    var latitude: Double { values.double(p.lat) }
    var longitude: Double { values.double(p.lon) }

    /// The current row's dataset as UTF-8 bytes (valid until the row changes).
    var dataset: UnsafeRawBufferPointer { values.text(p.dataset) ?? UnsafeRawBufferPointer(start: nil, count: 0) }

    /// Appends the current row's record (all but its row id) to `out`, in `ToiletRowCoding`'s
    /// order: dataset, id, the fixed fields, the position, access, the attributes.
    func encode(into out: inout [UInt8]) {
        string(p.dataset, &out)
        string(p.sourceID, &out)
        for (i, field) in fields.enumerated() {
            let column = p.fields + i
            switch field {
            case .text: string(column, &out)
            case .real: optionalDouble(column, &out)
            case .flag: bool(column, &out)
            case .choice(let words): choice(column, words, unknown: "unknown", &out)
            }
        }
        double(p.lat, &out)
        double(p.lon, &out)
        choice(p.access, accesses, unknown: "unknown", &out)
        for (i, kind) in kinds.enumerated() {
            let column = p.attributes + i
            let type = values.type(column)
            switch kind {
            case .triState: out.append(type == SQLITE_INTEGER ? (values.int64(column) != 0 ? 2 : 1) : 0)
            case .choice, .list, .text: type == SQLITE_TEXT ? string(column, &out) : nilString(&out)
            }
        }
    }

    private func nilString(_ out: inout [UInt8]) { withUnsafeBytes(of: UInt32.max.littleEndian) { out += $0 } }

    private func string(_ column: Int, _ out: inout [UInt8]) {
        guard let t = values.text(column) else { return nilString(&out) }
        withUnsafeBytes(of: UInt32(t.count).littleEndian) { out += $0 }
        out += t
    }

    private func choice(_ column: Int, _ known: [[UInt8]], unknown: String, _ out: inout [UInt8]) {
        if let t = values.text(column), known.contains(where: { $0.elementsEqual(t) }) {
            withUnsafeBytes(of: UInt32(t.count).littleEndian) { out += $0 }
            out += t
        } else {
            withUnsafeBytes(of: UInt32(unknown.utf8.count).littleEndian) { out += $0 }
            out += unknown.utf8
        }
    }

    private func double(_ column: Int, _ out: inout [UInt8]) {
        withUnsafeBytes(of: values.double(column).bitPattern.littleEndian) { out += $0 }
    }

    private func optionalDouble(_ column: Int, _ out: inout [UInt8]) {
        guard values.type(column) != SQLITE_NULL else { return out.append(0) }
        out.append(1)
        double(column, &out)
    }

    private func bool(_ column: Int, _ out: inout [UInt8]) {
        guard values.type(column) != SQLITE_NULL else { return out.append(0) }
        out.append(values.int64(column) != 0 ? 2 : 1)
    }
}

extension ToiletRowColumns where Values == StatementValues {
    /// A reader of the current row of `statement` (a statement of `ToiletRow.selection`).
    init(_ statement: Statement) { self.init(StatementValues(statement: statement.sqliteStatement)) }
}
