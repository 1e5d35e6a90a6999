internal import CSpatial

/// The values one insert of a first load binds, by their column's position in
/// `ToiletRow.selection` (`StoredValues`), as SQLite stores them: text as text, integers as
/// integers, reals as reals but NaN as NULL and -0.0 as 0.0 (a REAL column keeps a whole
/// number as an integer). Only the columns the rows section reads are kept
/// (`ToiletRowColumns.encodedPositions`, the row id set after the insert), so the section
/// encoded from them is the one a scan of the stored rows gives (`FirstLoadCaptureTests`
/// compares both). Texts are copied into one buffer, which is reused for every row. Owned by
/// one insert statement; not `Sendable`.
final class BoundValues: StoredValues {
    private let count: Int
    private let types: UnsafeMutablePointer<Int32>
    private let numbers: UnsafeMutablePointer<UInt64>
    private let spans: UnsafeMutablePointer<(start: Int, count: Int)>
    private var arena: UnsafeMutableRawPointer
    private var capacity = 4096
    private var used = 0

    /// Values for `count` columns, all NULL.
    init(count: Int) {
        self.count = count
        types = .allocate(capacity: count)
        types.initialize(repeating: SQLITE_NULL, count: count)
        numbers = .allocate(capacity: count)
        numbers.initialize(repeating: 0, count: count)
        spans = .allocate(capacity: count)
        spans.initialize(repeating: (0, 0), count: count)
        arena = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit {
        types.deallocate()
        numbers.deallocate()
        spans.deallocate()
        arena.deallocate()
    }

    /// Every column NULL again, for the next row.
    func reset() {
        types.update(repeating: SQLITE_NULL, count: count)
        used = 0
    }

    func setNull(_ column: Int) { types[column] = SQLITE_NULL }

    func set(_ column: Int, int64 v: Int64) {
        types[column] = SQLITE_INTEGER
        numbers[column] = UInt64(bitPattern: v)
    }

    func set(_ column: Int, double v: Double) {
        guard !v.isNaN else { return setNull(column) }
        types[column] = SQLITE_FLOAT
        numbers[column] = (v + 0).bitPattern  // -0.0 + 0 is +0.0
    }

    /// Copies `bytes` as the text of `column`.
    func set(_ column: Int, text bytes: UnsafeRawBufferPointer) {
        if used + bytes.count > capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: max(capacity * 2, used + bytes.count), alignment: 8)
            grown.copyMemory(from: arena, byteCount: used)
            arena.deallocate()
            arena = grown
            capacity = max(capacity * 2, used + bytes.count)
        }
        if let base = bytes.baseAddress, bytes.count > 0 { (arena + used).copyMemory(from: base, byteCount: bytes.count) }
        types[column] = SQLITE_TEXT
        spans[column] = (used, bytes.count)
        used += bytes.count
    }

    func type(_ column: Int) -> Int32 { types[column] }

    func text(_ column: Int) -> UnsafeRawBufferPointer? {
        guard types[column] == SQLITE_TEXT else { return nil }
        return UnsafeRawBufferPointer(start: arena + spans[column].start, count: spans[column].count)
    }

    /// An integer as SQLite reads it: a real is truncated.
    func int64(_ column: Int) -> Int64 {
        switch types[column] {
        case SQLITE_INTEGER: return Int64(bitPattern: numbers[column])
        case SQLITE_FLOAT: return Int64(exactly: Double(bitPattern: numbers[column]).rounded(.towardZero)) ?? 0
        default: return 0
        }
    }

    /// A real as SQLite reads it: an integer is converted.
    func double(_ column: Int) -> Double {
        switch types[column] {
        case SQLITE_FLOAT: return Double(bitPattern: numbers[column])
        case SQLITE_INTEGER: return Double(Int64(bitPattern: numbers[column]))
        default: return 0
        }
    }
}
