import Foundation
public import Geo

/// One nearest-search answer: the place's row id, geodesic distance and initial bearing.
public struct NearestHit: Sendable, Equatable {
    /// Row id in the kind's table (`toilets` or `stations`).
    public var rowID: Int64
    /// Geodesic distance on WGS84, metres.
    public var distanceMeters: Double
    /// Initial bearing from the query point, degrees clockwise from north.
    public var bearingDegrees: Double
}

/// Per-point attributes the index filters on without touching SQLite.
public struct PointFlags: OptionSet, Sendable {
    /// The flag bits.
    public let rawValue: UInt8
    /// Creates a set from its flag bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// wheelchair = yes.
    public static let wheelchair = PointFlags(rawValue: 1)
    /// is_free = 1.
    public static let free = PointFlags(rawValue: 2)
    /// access = restricted (private, no, permit, key, …).
    public static let restricted = PointFlags(rawValue: 4)
    /// access = customers.
    public static let customers = PointFlags(rawValue: 8)
    /// changing_table = yes.
    public static let changingTable = PointFlags(rawValue: 16)
    /// unisex = yes.
    public static let unisex = PointFlags(rawValue: 32)
}

/// The exact nearest-place index (one per place table): a k-d tree over Earth-centred (ECEF) positions yields
/// candidates in increasing straight-line distance; each is ranked by exact geodesic
/// distance (`Geodesic`, Karney 2013). A straight line is never longer than the geodesic between the
/// same points, so once the straight-line distance of every remaining candidate exceeds the
/// k-th best geodesic distance, the answer is final. For city distances the two differ by
/// well under a millimetre, so few extra candidates are ranked. Results equal a brute-force
/// geodesic scan, ties broken by row id.
///
/// The index is a derived file stored beside the database (`<db>.<table>.kdt`), memory-mapped
/// on open, written by the write that changes the places (`DerivedFiles`) and stamped with
/// their data nonce (`DataNonce`); an index of another state is never used (a read-only
/// store reads one committed state, so the stamp and the rows it builds from agree). The
/// file is replaced by a rename, so a reader maps either the old or the new file whole.
public final class NearestIndex {
    /// The mapped file (an index built in memory owns its bytes).
    package let file: MappedFile
    private let tree: KDTreeView
    private let latLon: UnsafePointer<Double>
    private let rowIDs: UnsafePointer<Int64>
    private let flags: UnsafePointer<UInt8>
    private let geodesic = Geodesic()
    /// The file's path (where it is, or would be when built in memory).
    package let path: String
    /// Number of active places indexed.
    public var count: Int { tree.count }

    /// `LOCKDT05`: the header has the rows section's place (`ToiletRowFile`).
    package static let magic: [UInt8] = Array("LOCKDT05".utf8)
    /// Magic, point count, the 40-byte stamp, box count, then the rows section's offset and
    /// length (both 0 when the file has none: stations).
    package static let headerSize = 80

    /// The sizes a file's header gives, checked against the file's size: the index's bytes,
    /// and the range of the rows section after them (8-byte aligned) when there is one. Nil
    /// when `b` is not a whole index file.
    package static func layout(of b: UnsafeRawBufferPointer) -> (indexBytes: Int, rows: Range<Int>?)? {
        guard b.count >= headerSize, Array(b[0..<8]) == magic else { return nil }
        let n = Int(b.load(fromByteOffset: 8, as: Int64.self))
        let boxCount = Int(b.load(fromByteOffset: 56, as: Int64.self))
        let rowsOffset = Int(b.load(fromByteOffset: 64, as: Int64.self))
        let rowsLength = Int(b.load(fromByteOffset: 72, as: Int64.self))
        // Counts from a damaged header must not overflow the size computed from them.
        guard (0..<(1 << 40)).contains(n), (0..<(1 << 40)).contains(boxCount), boxCount == KDTreeView.boxCount(for: n),
            (0..<(1 << 50)).contains(rowsOffset), (0..<(1 << 50)).contains(rowsLength)
        else { return nil }
        let need = headerSize + n * (3 * 8 + 2 * 8 + 8 + 1 + 1) + boxCount * 48
        if rowsLength == 0 { return rowsOffset == 0 && b.count == need ? (need, nil) : nil }
        guard rowsOffset == rowsStart(afterIndexOf: need), b.count == rowsOffset + rowsLength else { return nil }
        return (need, rowsOffset..<rowsOffset + rowsLength)
    }

    /// Where the rows section starts after an index of `indexBytes` bytes: 8-byte aligned.
    package static func rowsStart(afterIndexOf indexBytes: Int) -> Int { (indexBytes + 7) / 8 * 8 }

    /// The header fields that place a rows section of `length` bytes after index bytes of
    /// `indexBytes` (bytes 64..<80 of the header).
    package static func rowsFields(indexBytes: Int, length: Int) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: Int64(rowsStart(afterIndexOf: indexBytes)).littleEndian) { out += $0 }
        withUnsafeBytes(of: Int64(length).littleEndian) { out += $0 }
        return out
    }

    /// The index in `file` (at `path`) when it is a whole index file stamped `stamp`.
    package init?(file: MappedFile, path: String, stamp: String) {
        let b = file.bytes
        guard NearestIndex.layout(of: b) != nil, Array(b[16..<56]) == NearestIndex.stampField(stamp),
            let base = b.baseAddress
        else { return nil }
        let n = Int(b.load(fromByteOffset: 8, as: Int64.self))
        let boxCount = Int(b.load(fromByteOffset: 56, as: Int64.self))
        var off = NearestIndex.headerSize
        let xyz = (base + off).assumingMemoryBound(to: Double.self)
        off += n * 24
        latLon = (base + off).assumingMemoryBound(to: Double.self)
        off += n * 16
        rowIDs = (base + off).assumingMemoryBound(to: Int64.self)
        off += n * 8
        let boxes = (base + off).assumingMemoryBound(to: Double.self)
        off += boxCount * 48
        let axes = (base + off).assumingMemoryBound(to: UInt8.self)
        off += n
        flags = (base + off).assumingMemoryBound(to: UInt8.self)
        tree = KDTreeView(count: n, xyz: xyz, axes: axes, boxes: boxes, boxCount: boxCount)
        self.file = file
        self.path = path
    }

    /// The index file of table `table` beside the database file `file`: `<db>.<table>.kdt`.
    package static func path(forFile file: String, table: String) -> String { file + "." + table + ".kdt" }

    /// The `limit` nearest active places to `point` whose flags include `required`, within
    /// `maxDistanceMeters` when given, nearest first (ties by row id).
    public func nearest(
        to point: Coordinate, limit: Int, required: PointFlags = [], maxDistanceMeters: Double? = nil
    ) -> [NearestHit] {
        // The predicate cannot throw, so neither can the search.
        (try? nearest(to: point, limit: limit, maxDistanceMeters: maxDistanceMeters) { _, f, _ in f.isSuperset(of: required) })
            ?? []
    }

    /// The incremental search with any predicate on (row id, flags, geodesic distance): it
    /// keeps going outward until `limit` accepted hits are certain. The predicate is asked
    /// only about candidates that could still enter the answer, in increasing distance, so
    /// an expensive one (opening hours) runs for few of them. Rethrows its error.
    public func nearest(
        to point: Coordinate, limit: Int, maxDistanceMeters: Double? = nil,
        where accept: (Int64, PointFlags, Double) throws -> Bool
    ) throws -> [NearestHit] {
        try nearest(to: point, limit: limit, maxDistanceMeters: maxDistanceMeters) { id, flags, d, _ in
            try accept(id, flags, d)
        }
    }

    /// `nearest(to:limit:maxDistanceMeters:where:)` whose predicate is also given the
    /// position the index holds for the row (a reader checks rows read elsewhere against it).
    /// A candidate `skip` names (by row id and flags, asked first) is left out before its
    /// distance is computed: `skip` must say only what `accept` would refuse at any distance.
    public func nearest(
        to point: Coordinate, limit: Int, maxDistanceMeters: Double? = nil,
        skipping skip: (Int64, PointFlags) throws -> Bool = { _, _ in false },
        whereAt accept: (Int64, PointFlags, Double, Coordinate) throws -> Bool
    ) throws -> [NearestHit] {
        guard limit > 0 else { return [] }
        let q = KDTreeView.ecef(latitude: point.latitude, longitude: point.longitude)
        var best: [NearestHit] = []
        let cap = maxDistanceMeters ?? .infinity
        var failure: (any Error)? = nil
        tree.nearest(to: q) { pos, _, nextBound2 in
            let id = rowIDs[pos]
            let pointFlags = PointFlags(rawValue: flags[pos])
            do {
                if try !skip(id, pointFlags) {
                    let at = Coordinate(latitude: latLon[pos * 2], longitude: latLon[pos * 2 + 1])
                    let (d, bearing) = geodesic.inverse(from: point, to: at)
                    let hit = NearestHit(rowID: id, distanceMeters: d, bearingDegrees: bearing)
                    if d <= cap, best.count < limit || NearestIndex.before(hit, best[best.count - 1]),
                        try accept(id, pointFlags, d, at)
                    {
                        let at = best.firstIndex { NearestIndex.before(hit, $0) } ?? best.count
                        best.insert(hit, at: at)
                        if best.count > limit { best.removeLast() }
                    }
                }
            } catch {
                failure = error
                return false
            }
            // The smallest geodesic distance any remaining point can have, less 1 mm for the
            // rounding of ECEF coordinates (about 1e-9 m) and of the bound itself.
            let lowerBound = nextBound2.squareRoot() - 0.001
            if lowerBound > cap { return false }
            return !(best.count == limit && lowerBound > best[best.count - 1].distanceMeters)
        }
        if let failure { throw failure }
        return best
    }

    /// The stamp as the fixed 40-byte header field (zero-padded).
    package static func stampField(_ stamp: String) -> [UInt8] {
        let s = Array(stamp.utf8.prefix(40))
        return s + [UInt8](repeating: 0, count: 40 - s.count)
    }

    static func before(_ a: NearestHit, _ b: NearestHit) -> Bool {
        a.distanceMeters < b.distanceMeters || (a.distanceMeters == b.distanceMeters && a.rowID < b.rowID)
    }
}
