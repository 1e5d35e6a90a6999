import Foundation
public import Geo
public import Places

// Safe: immutable after init; the mapping is read-only and unmapped only in deinit, when no thread holds the file.
/// The active toilets of one committed state, by row id: the rows section of the toilets'
/// nearest-index file beside the database (`<db>.toilets.kdt`, after the index; see
/// `NearestIndex.layout(of:)`), so a query reads the rows its nearest search meets without
/// SQLite. The file is one derived file per state: the write that changes toilets writes it
/// whole (`DerivedFiles`), index and rows, under a temporary name renamed into place, so a
/// reader maps an old or a new file whole; a reader that finds none of the newest state
/// (places changed by another program, a damaged file) builds it the same way
/// (`make(for:)`, its one builder). The section is stamped with the state's data nonce
/// (`DataNonce`) and the index's stamp: a reader uses it only when the database's current
/// nonce is the file's.
///
/// Layout of the section (little-endian): a 128-byte header (magic `LOCR` and a layout hash, nonce, row count `n`, data
/// bytes, the nearest index's 40-byte stamp, the active extent as west, south, east, north,
/// the dataset block's bytes, an FNV-1a hash of the header); `n` row ids, ascending; `n + 1`
/// offsets into the data; the data (one record per row, `ToiletRowCoding`); the sorted
/// names of the datasets with active toilets. Every size is checked on open and every
/// offset and length on reading: a damaged record throws `SpatialIndexError.badFile`, it is
/// never read past the file.
public final class ToiletRowFile: @unchecked Sendable {
    // Immutable after init: the map is only read, so sharing between threads is safe.
    /// The whole file (index and rows).
    package let file: MappedFile
    /// The file's path (errors name it).
    public let path: String
    /// The data nonce of the state the rows are of.
    public let nonce: Int64
    /// The nearest index's stamp of that state (the index in the same file).
    public let indexStamp: String
    /// The box around the active toilets (nil when there are none).
    public let extent: BoundingBox?
    /// The datasets that have active toilets, sorted.
    public let datasets: [String]
    private let count: Int
    private let ids: UnsafeRawPointer
    private let offsets: UnsafeRawPointer
    private let data: UnsafeRawPointer
    private let dataBytes: Int

    /// `LOCR` and four bytes of a hash of the record layout (the version and the field
    /// table's keys and kinds: the attributes, and the fixed fields added since `row/2`): a
    /// file written with other fields is not this layout's, and is rebuilt.
    package static let magic: [UInt8] = {
        // The kinds' texts are spelled out (`layoutText`), not reflected: see FieldKindText.swift.
        let added = ToiletColumn.allCases.filter { $0.addedIn != nil }.map { ";" + $0.rawValue + "=" + $0.kind.layoutText }
        let layout =
            "row/2:" + ToiletAttribute.ordered.map { $0.key + "=" + $0.kind.layoutText }.joined(separator: ",")
            + added.joined()
        let h = Array(layout.utf8).withUnsafeBytes { hash($0) }
        return Array("LOCR".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: h >> (8 * $0)) }
    }()
    package static let headerSize = 128

    /// Verifies the rows section of the index file `file` as the rows of the state with data
    /// nonce `nonce` (any nonce when nil) and of the index's stamp; nil when it is not one.
    package init?(file: MappedFile, path: String, nonce expected: Int64?) {
        guard let range = NearestIndex.layout(of: file.bytes)?.rows else { return nil }
        let b = UnsafeRawBufferPointer(rebasing: file.bytes[range])
        guard b.count >= ToiletRowFile.headerSize, let base = b.baseAddress, Array(b[0..<8]) == ToiletRowFile.magic,
            b.load(fromByteOffset: 112, as: UInt64.self) == ToiletRowFile.hash(UnsafeRawBufferPointer(rebasing: b[0..<112]))
        else { return nil }
        let nonce = b.load(fromByteOffset: 8, as: Int64.self)
        let n = b.load(fromByteOffset: 16, as: Int64.self)
        let dataBytes = b.load(fromByteOffset: 24, as: Int64.self)
        let datasetBytes = b.load(fromByteOffset: 104, as: Int64.self)
        guard nonce != 0, expected.map({ $0 == nonce }) ?? true, n >= 0, n < 1 << 40, dataBytes >= 0, dataBytes < 1 << 50,
            datasetBytes >= 0, datasetBytes < 1 << 40,
            Int64(b.count) == Int64(ToiletRowFile.headerSize) + 16 * n + 8 + dataBytes + datasetBytes
        else { return nil }
        self.count = Int(n)
        self.dataBytes = Int(dataBytes)
        ids = base + ToiletRowFile.headerSize
        offsets = ids + 8 * count
        data = offsets + 8 * (count + 1)
        // The offsets must start at 0 and end at the data's size; each one is checked again on reading.
        guard offsets.load(as: Int64.self) == 0, offsets.load(fromByteOffset: 8 * count, as: Int64.self) == dataBytes else {
            return nil
        }
        var names = ToiletRowCoding.Reader(start: data + self.dataBytes, count: Int(datasetBytes))
        var list: [String] = []
        while !names.atEnd {
            guard let name = try? names.string() else { return nil }
            list.append(name)
        }
        guard Array(b[32..<72]) == Array(file.bytes[16..<56]) else { return nil }  // the index's stamp
        let stampBytes = b[32..<72].prefix { $0 != 0 }
        self.nonce = nonce
        self.indexStamp = String(decoding: stampBytes, as: UTF8.self)
        self.datasets = list
        let box = (0..<4).map { b.load(fromByteOffset: 72 + 8 * $0, as: Double.self) }
        self.extent =
            n == 0 ? nil : BoundingBox(minLongitude: box[0], minLatitude: box[1], maxLongitude: box[2], maxLatitude: box[3])
        self.file = file
        self.path = path
    }

    /// The rows beside the database at `path` when they are of the state with data nonce
    /// `nonce`; nil when the file is missing, of another state, damaged, or has no rows.
    public convenience init?(currentFor databasePath: String, nonce: Int64) {
        let path = ToiletRowFile.path(forFile: databasePath)
        guard let file = MappedFile(path: path) else { return nil }
        self.init(file: file, path: path, nonce: nonce)
    }

    /// The file of the rows beside the database file `file`: the toilets' index file,
    /// `<file>.toilets.kdt`.
    public static func path(forFile file: String) -> String { NearestIndex.path(forFile: file, table: "toilets") }

    /// Where an older locate kept the rows, in a file of their own: removed when the file of
    /// a new state is put in place.
    package static func legacyPath(forFile file: String) -> String { file + ".toilets.rows" }

    /// The nearest index of the same file (the state the rows are of).
    public var index: NearestIndex? { NearestIndex(file: file, path: path, stamp: indexStamp) }

    /// Number of rows (active toilets).
    public var rowCount: Int { count }

    /// The active toilet with row id `id`, or nil when the file has none; throws
    /// `SpatialIndexError.badFile` when its record is damaged.
    public func toilet(_ id: Int64) throws -> StoredToilet? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if ids.load(fromByteOffset: 8 * mid, as: Int64.self) < id { low = mid + 1 } else { high = mid }
        }
        guard low < count, ids.load(fromByteOffset: 8 * low, as: Int64.self) == id else { return nil }
        return try toilet(at: low)
    }

    /// The toilet at position `i` in row id order; nil outside `0..<rowCount`.
    public func toilet(at i: Int) throws -> StoredToilet? {
        guard 0 <= i, i < count else { return nil }
        let start = Int(offsets.load(fromByteOffset: 8 * i, as: Int64.self))
        let end = Int(offsets.load(fromByteOffset: 8 * (i + 1), as: Int64.self))
        guard 0 <= start, start <= end, end <= dataBytes else { throw damaged("row \(i) has offsets \(start)..\(end)") }
        var reader = ToiletRowCoding.Reader(start: data + start, count: end - start)
        let id = ids.load(fromByteOffset: 8 * i, as: Int64.self)
        do {
            let t = try ToiletRowCoding.decode(&reader, rowID: id)
            guard reader.atEnd else { throw ToiletRowCoding.Damage() }
            return t
        } catch {
            throw damaged("the record of row id \(id) is damaged")
        }
    }

    private func damaged(_ reason: String) -> SpatialIndexError { .badFile(path: path, reason: reason) }

    /// FNV-1a, 64 bits, over `bytes` (the header's own check).
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}

/// The encoding of one `StoredToilet` in a row file: every field but the row id: dataset,
/// id, the fixed fields in `ToiletColumn`'s order, latitude, longitude, access, the
/// attributes in `ToiletAttribute.ordered`'s. A string is its UTF-8 length (4 bytes; `0xFFFFFFFF`: nil) then its
/// bytes; a `Double?` a tag byte (0: nil, 1: a value) then its 8 bytes; a `Double` its 8
/// bytes; a `Bool?` one byte (0: nil, 1: false, 2: true); an enum its raw value as a string.
package enum ToiletRowCoding {
    /// A record that does not decode.
    package struct Damage: Error {
        /// A damage.
        package init() {}
    }

    /// Reads values from a byte range, every read checked against its end.
    package struct Reader {
        package var position: UnsafeRawPointer
        package let end: UnsafeRawPointer

        package init(start: UnsafeRawPointer, count: Int) {
            position = start
            end = start + count
        }

        package var atEnd: Bool { position == end }

        package mutating func take(_ n: Int) throws -> UnsafeRawPointer {
            guard n >= 0, end - position >= n else { throw Damage() }
            defer { position += n }
            return position
        }

        package mutating func string() throws -> String {
            guard let s = try optionalString() else { throw Damage() }
            return s
        }

        package mutating func optionalString() throws -> String? {
            let length = try take(4).loadUnaligned(as: UInt32.self)
            if length == UInt32.max { return nil }
            let p = try take(Int(length))
            return String(decoding: UnsafeRawBufferPointer(start: p, count: Int(length)), as: UTF8.self)
        }

        package mutating func double() throws -> Double { try take(8).loadUnaligned(as: Double.self) }

        package mutating func optionalDouble() throws -> Double? {
            switch try take(1).load(as: UInt8.self) {
            case 0: return nil
            case 1: return try double()
            default: throw Damage()
            }
        }

        package mutating func optionalBool() throws -> Bool? {
            switch try take(1).load(as: UInt8.self) {
            case 0: return nil
            case 1: return false
            case 2: return true
            default: throw Damage()
            }
        }

        package mutating func value<T: RawRepresentable>(_: T.Type) throws -> T where T.RawValue == String {
            guard let v = T(rawValue: try string()) else { throw Damage() }
            return v
        }
    }

    package static func decode(_ r: inout Reader, rowID: Int64) throws -> StoredToilet {
        let dataset = try r.string()
        let sourceID = try r.string()
        var toilet = Toilet(at: Coordinate(latitude: 0, longitude: 0))
        for c in ToiletColumn.allCases {
            switch c.kind {
            case .text: toilet.set(c, .text(try r.optionalString()))
            case .requiredText: toilet.set(c, .text(try r.string()))
            case .real: toilet.set(c, .real(try r.optionalDouble()))
            case .flag: toilet.set(c, .integer(try r.optionalBool().map { $0 ? 1 : 0 }))
            case .choice(let words):
                let word = try r.string()
                guard words.contains(word) else { throw Damage() }
                toilet.set(c, .text(word))
            }
        }
        let latitude = try r.double()
        toilet.coordinate = Coordinate(latitude: latitude, longitude: try r.double())
        let access = try r.value(ToiletAccess.self)
        var attributes = ToiletAttributes()
        for a in ToiletAttribute.ordered {
            switch a.kind {
            case .triState: attributes[a] = try r.optionalBool().map(AttributeValue.flag)
            case .choice, .list, .text: attributes[a] = try r.optionalString().map(AttributeValue.text)
            }
        }
        toilet.details = ToiletDetails(access: access, attributes: attributes)
        return StoredToilet(rowID: rowID, dataset: dataset, sourceID: sourceID, toilet: toilet)
    }

    /// Appends the record of `t` (all but its row id) to `out`.
    package static func encode(_ t: StoredToilet, into out: inout [UInt8]) {
        func string(_ s: String?) {
            guard let s else {
                withUnsafeBytes(of: UInt32.max.littleEndian) { out += $0 }
                return
            }
            let utf8 = s.utf8
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { out += $0 }
            out += utf8
        }
        func double(_ d: Double) { withUnsafeBytes(of: d.bitPattern.littleEndian) { out += $0 } }
        func optionalDouble(_ d: Double?) {
            out.append(d == nil ? 0 : 1)
            if let d { double(d) }
        }
        func bool(_ b: Bool?) { out.append(b.map { $0 ? 2 : 1 } ?? 0) }
        string(t.dataset)
        string(t.sourceID)
        for c in ToiletColumn.allCases {
            let v = t.toilet.value(c)
            switch c.kind {
            case .text, .requiredText, .choice: string(v.text)
            case .real: optionalDouble(v.real)
            case .flag: bool(v.integer.map { $0 != 0 })
            }
        }
        double(t.toilet.coordinate.latitude)
        double(t.toilet.coordinate.longitude)
        let d = t.toilet.details
        string(d.access.rawValue)
        for a in ToiletAttribute.ordered {
            switch a.kind {
            case .triState: bool(d.attributes[a]?.flag)
            case .choice, .list, .text: string(d.attributes[a]?.text)
            }
        }
    }
}
