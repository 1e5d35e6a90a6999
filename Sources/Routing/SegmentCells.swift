import Foundation
import Geo

/// The cells of `SegmentGrid`, over the whole globe: rows of `cellDegrees` of latitude from
/// the south pole, each cut into columns about as wide in metres as the row is tall (one
/// column where the row touches a pole), and of them only the cells that hold segments, in
/// an open-addressing hash table with the segments of each cell in one array (counted
/// first, then filled, as a counting sort): two slots per listed cell at most, so memory
/// follows the segments.
struct SegmentCells {
    /// A row's height (about 222 m).
    static let cellDegrees = 0.002
    /// Rows from pole to pole.
    static let rows = Int((180 / cellDegrees).rounded(.up))
    /// Routino's sphere (metres), for the bounds of `slots(within:of:)`.
    static let earthRadius = 6_378_137.0
    private static let empty = UInt64.max

    /// A segment's extent in degrees (west ≤ east: its two ends' longitudes).
    struct Box {
        var south: Double
        var north: Double
        var west: Double
        var east: Double
    }

    private var keys: [UInt64]
    /// Per slot, where its segments start in `segments` (one more entry than slots).
    private var starts: [UInt32]
    private var segments: [UInt32] = []
    private let mask: Int

    /// An empty table for `entries` (cell, segment) pairs at most.
    init(entries: Int) {
        var capacity = 16
        while capacity < 2 * entries { capacity *= 2 }
        keys = [UInt64](repeating: SegmentCells.empty, count: capacity)
        starts = [UInt32](repeating: 0, count: capacity + 1)
        mask = capacity - 1
    }

    /// Slots of the hash table (twice the listed cells at most, rounded up to a power of 2).
    var slotCount: Int { keys.count }

    static func row(_ latitude: Double) -> Int {
        min(max(Int(((latitude + 90) / cellDegrees).rounded(.down)), 0), rows - 1)
    }

    /// The width in degrees of the columns of `row`: as many metres as a row is tall at the
    /// row's middle, 360° (one column) where the cosine vanishes.
    static func columnDegrees(_ row: Int) -> Double {
        let middle = -90 + (Double(row) + 0.5) * cellDegrees
        let c = cos(middle * .pi / 180)
        return c * 360 <= cellDegrees ? 360 : cellDegrees / c
    }

    static func columns(_ row: Int) -> Int { Int((360 / columnDegrees(row)).rounded(.up)) }

    static func column(_ longitude: Double, row: Int) -> Int {
        min(max(Int(((longitude + 180) / columnDegrees(row)).rounded(.down)), 0), columns(row) - 1)
    }

    static func key(row: Int, column: Int) -> UInt64 { UInt64(row) << 32 | UInt64(column) }

    /// The cells `box` touches, counted without listing them; the count stops once it
    /// passes `most` (a forged segment from pole to pole costs no 90,000 rows).
    static func cellCount(_ box: Box, atMost most: Int) -> Int {
        let (first, last) = (row(box.south), row(box.north))
        guard last - first < most else { return most + 1 }
        var n = 0
        for r in first...last {
            n += column(box.east, row: r) - column(box.west, row: r) + 1
            if n > most { return n }
        }
        return n
    }

    static func forEachCell(_ box: Box, _ body: (UInt64) -> Void) {
        for r in row(box.south)...row(box.north) {
            for c in column(box.west, row: r)...column(box.east, row: r) { body(key(row: r, column: c)) }
        }
    }

    private func slot(of key: UInt64) -> (slot: Int, found: Bool) {
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
        while true {
            if keys[i] == key { return (i, true) }
            if keys[i] == SegmentCells.empty { return (i, false) }
            i = (i + 1) & mask
        }
    }

    /// Counts one more segment in the cell `key` (first pass).
    mutating func count(_ key: UInt64) {
        let (i, found) = slot(of: key)
        if !found { keys[i] = key }
        starts[i + 1] += 1
    }

    /// Turns the counts into starts, before the second pass.
    mutating func closeCounts() {
        for i in 1..<starts.count { starts[i] += starts[i - 1] }
        segments = [UInt32](repeating: 0, count: Int(starts[starts.count - 1]))
    }

    /// Lists `segment` in the cell `key` (second pass: the cell was counted). Each start
    /// moves on as its cell fills, to where the next slot's cells start.
    mutating func add(_ segment: UInt32, to key: UInt64) {
        let i = slot(of: key).slot
        segments[Int(starts[i])] = segment
        starts[i] += 1
    }

    /// The segments of slot `i` (after both passes: `starts[i]` is its end, the end of the
    /// slot before it its start, since the second pass moved every start to its end).
    func segments(in i: Int) -> ArraySlice<UInt32> {
        let end = Int(starts[i])
        let start = i == 0 ? 0 : Int(starts[i - 1])
        return segments[start..<end]
    }

    /// The slots of the cells that may hold a point within `meters` of `point`, each with a
    /// lower bound of the distance from `point` to any point of its cell (haversine on
    /// Routino's sphere: hav d ≥ hav Δφ + cos φ₁ · min cos φ₂ · hav Δλ for the least Δφ
    /// and Δλ to the cell), nearest first. A row within that distance of a pole, or whose
    /// span of longitudes is half the globe, is taken whole; spans across ±180° wrap.
    func slots(within meters: Double, of point: Coordinate) -> [(bound: Double, slot: Int)] {
        let R = SegmentCells.earthRadius
        let angle = meters / R
        let angleDegrees = angle * 180 / .pi
        let (lat, lon) = (point.latitude, point.longitude)
        let phi = lat * .pi / 180
        let cosPhi = max(cos(phi), 0)
        func hav(_ x: Double) -> Double { let s = sin(x / 2); return s * s }
        var found: [(bound: Double, slot: Int)] = []
        let d = SegmentCells.cellDegrees
        for r in SegmentCells.row(lat - angleDegrees)...SegmentCells.row(lat + angleDegrees) {
            let south = -90 + Double(r) * d
            let north = south + d
            let poleward = max(abs(max(south, lat - angleDegrees)), abs(min(north, lat + angleDegrees)))
            let cosMin = max(cos(min(poleward, 90) * .pi / 180), 0)
            // sin(Δλ/2) ≤ sin(θ/2) / √(cos φ₁ cos φ₂) for a point within angle θ.
            let ratio = sin(angle / 2) / (cosPhi * cosMin).squareRoot()
            let width = SegmentCells.columnDegrees(r)
            let count = SegmentCells.columns(r)
            var ranges: [ClosedRange<Int>] = []
            if !(ratio < 1) {
                ranges = [0...(count - 1)]
            } else {
                let dLon = 2 * asin(ratio) * 180 / .pi + 1e-9
                if dLon >= 180 {
                    ranges = [0...(count - 1)]
                } else {
                    let (west, east) = (lon - dLon, lon + dLon)
                    ranges.append(SegmentCells.column(max(west, -180), row: r)...SegmentCells.column(min(east, 180), row: r))
                    if west < -180 { ranges.append(SegmentCells.column(west + 360, row: r)...(count - 1)) }
                    if east > 180 { ranges.append(0...SegmentCells.column(east - 360, row: r)) }
                }
            }
            let latGap = max(0, south - lat, lat - north) * .pi / 180
            let cosCell = max(cos(max(abs(south), abs(north)) * .pi / 180), 0)
            for range in ranges {
                for c in range {
                    let (i, present) = slot(of: SegmentCells.key(row: r, column: c))
                    guard present else { continue }
                    let cellWest = -180 + Double(c) * width
                    let cellEast = min(cellWest + width, 180)
                    // The least east–west angle to the cell, the shorter way round.
                    func apart(_ x: Double, _ y: Double) -> Double { abs(remainder(x - y, 360)) }
                    let inside = lon >= cellWest && lon <= cellEast
                    let lonGap = inside ? 0 : min(apart(lon, cellWest), apart(lon, cellEast)) * .pi / 180
                    let h = hav(latGap) + cosPhi * cosCell * hav(lonGap)
                    found.append((2 * R * asin(min(h.squareRoot(), 1)), i))
                }
            }
        }
        found.sort { ($0.bound, $0.slot) < ($1.bound, $1.slot) }
        return found
    }
}
