import Foundation
import SpatialIndex

/// The rows section of the toilets' file (`ToiletRowFile`) as its rows are encoded, one at a
/// time and in row id order (`append`), from a cursor over `ToiletRow.selection` or from the
/// values a first load's inserts bind (`FirstLoadCapture`): the same code reads both, so both
/// give the same bytes. The records go to the caller's `flush` in chunks of about 1 MB, with
/// their offset in the data; only the row ids and offsets (16 bytes a row) are kept whole in
/// memory. `finish` writes the rest of the section.
struct ToiletRowSection {
    private(set) var ids: [Int64] = []
    private var offsets: [Int64] = [0]
    private var chunk: [UInt8] = []
    /// Bytes of records flushed so far.
    private(set) var dataBytes = 0
    private var datasets = Set<String>()
    private var lastDataset: [UInt8]? = nil
    private var box = (w: Double.infinity, s: Double.infinity, e: -Double.infinity, n: -Double.infinity)
    init(expectedRows: Int) {
        ids.reserveCapacity(expectedRows)
        offsets.reserveCapacity(expectedRows + 1)
        chunk.reserveCapacity(1 << 20 + 4096)
    }

    /// Adds the current row of `columns`, whose id must be above the last one added; full
    /// chunks of records go to `flush` (offset in the data, bytes).
    mutating func append<V>(_ columns: ToiletRowColumns<V>, flush: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        ids.append(columns.rowID)
        columns.encode(into: &chunk)
        offsets.append(Int64(dataBytes + chunk.count))
        // Rows come in id order, so a dataset's rows mostly follow each other: a name is
        // made only when it differs from the row before.
        let dataset = columns.dataset
        if lastDataset.map({ !$0.elementsEqual(dataset) }) ?? true {
            lastDataset = Array(dataset)
            datasets.insert(String(decoding: dataset, as: UTF8.self))
        }
        let (lat, lon) = (columns.latitude, columns.longitude)
        box.w = min(box.w, lon)
        box.s = min(box.s, lat)
        box.e = max(box.e, lon)
        box.n = max(box.n, lat)
        if chunk.count >= 1 << 20 { try flushChunk(to: flush) }
    }

    /// Gives the records not flushed yet to `flush`.
    mutating func flushChunk(to flush: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        try chunk.withUnsafeBytes { try flush(dataBytes, $0) }
        dataBytes += chunk.count
        chunk.removeAll(keepingCapacity: true)
    }

    /// Where the records start in a section of `rows` rows.
    static func dataStart(rows: Int) -> Int { ToiletRowFile.headerSize + 16 * rows + 8 }

    /// Gives `put` everything of the section but the records (flushed, and put at
    /// `dataStart` by the caller): the dataset names, ids, offsets and header, stamped
    /// `nonce` and `stamp`. Returns the section's size.
    func finish(nonce: Int64, stamp: String, to put: (Int, UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        precondition(chunk.isEmpty, "records left unflushed")
        var names: [UInt8] = []
        for name in datasets.sorted() {
            withUnsafeBytes(of: UInt32(name.utf8.count).littleEndian) { names += $0 }
            names += name.utf8
        }
        var header = [UInt8](repeating: 0, count: ToiletRowFile.headerSize)
        func set<T>(_ value: T, at offset: Int) {
            withUnsafeBytes(of: value) { header.replaceSubrange(offset..<offset + $0.count, with: $0) }
        }
        header.replaceSubrange(0..<8, with: ToiletRowFile.magic)
        set(nonce.littleEndian, at: 8)
        set(Int64(ids.count).littleEndian, at: 16)
        set(Int64(dataBytes).littleEndian, at: 24)
        header.replaceSubrange(32..<72, with: NearestIndex.stampField(stamp))
        if !ids.isEmpty {
            for (i, v) in [box.w, box.s, box.e, box.n].enumerated() { set(v.bitPattern.littleEndian, at: 72 + 8 * i) }
        }
        set(Int64(names.count).littleEndian, at: 104)
        set(header.withUnsafeBytes { ToiletRowFile.hash(UnsafeRawBufferPointer(rebasing: $0[0..<112])) }.littleEndian, at: 112)
        let n = ids.count
        try names.withUnsafeBytes { try put(ToiletRowSection.dataStart(rows: n) + dataBytes, $0) }
        try ids.withUnsafeBytes { try put(ToiletRowFile.headerSize, $0) }
        try offsets.withUnsafeBytes { try put(ToiletRowFile.headerSize + 8 * n, $0) }
        try header.withUnsafeBytes { try put(0, $0) }
        return ToiletRowSection.dataStart(rows: n) + dataBytes + names.count
    }
}
