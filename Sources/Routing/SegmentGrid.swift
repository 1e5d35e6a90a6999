import Foundation
import Geo

/// A point placed on a segment of the walking graph: the segment, where along it (0 at its
/// first node, 1 at its second) and the point itself.
struct Snap {
    var segment: Int
    var fraction: Double
    var point: Coordinate
}

/// The walking graph's segments bucketed in cells about 200 m square, made when the graph is
/// loaded: the nearest segment to a point is searched cell by cell outward from it, as Routino
/// places a waypoint (the nearest point of the nearest usable segment, by a flat-Earth
/// distance about the point; the snap's reported length is geodesic).
///
/// The cells are those of the whole globe (`SegmentCells`: rows of `cellDegrees` of latitude,
/// each cut into columns about as wide in metres as the row is tall), and only the cells a
/// segment touches are kept, in a hash table: memory follows the segments, never the box
/// they span (two streets in Helsinki and Tokyo, or a node moved to a pole, cost what two
/// streets cost). A segment over more than `maxCellsPerSegment` cells (a long straight way,
/// one across ±180°) is kept once in `long` and looked at by every search.
struct SegmentGrid {
    /// Cells a segment is listed in at most.
    static let maxCellsPerSegment = 256
    let cells: SegmentCells
    let long: [UInt32]
    let latitudes: UnsafePointer<Double>
    let longitudes: UnsafePointer<Double>
    let segmentA: UnsafePointer<UInt32>
    let segmentB: UnsafePointer<UInt32>

    /// The grid of `count` segments whose ends are `segmentA[i]`, `segmentB[i]` (node indices
    /// already checked to be in range, coordinates finite and within ±90°, ±180°).
    init(
        latitudes: UnsafePointer<Double>, longitudes: UnsafePointer<Double>, segmentA: UnsafePointer<UInt32>,
        segmentB: UnsafePointer<UInt32>, count: Int
    ) {
        (self.latitudes, self.longitudes, self.segmentA, self.segmentB) = (latitudes, longitudes, segmentA, segmentB)
        func box(_ s: Int) -> SegmentCells.Box {
            let (a, b) = (Int(segmentA[s]), Int(segmentB[s]))
            return SegmentCells.Box(
                south: min(latitudes[a], latitudes[b]), north: max(latitudes[a], latitudes[b]),
                west: min(longitudes[a], longitudes[b]), east: max(longitudes[a], longitudes[b]))
        }
        var long: [UInt32] = []
        var listed: [UInt32] = []
        var entries = 0
        for s in 0..<count {
            let n = SegmentCells.cellCount(box(s), atMost: SegmentGrid.maxCellsPerSegment)
            if n > SegmentGrid.maxCellsPerSegment {
                long.append(UInt32(s))
            } else {
                listed.append(UInt32(s))
                entries += n
            }
        }
        var cells = SegmentCells(entries: entries)
        for s in listed { SegmentCells.forEachCell(box(Int(s))) { cells.count($0) } }
        cells.closeCounts()
        for s in listed { SegmentCells.forEachCell(box(Int(s))) { cells.add(s, to: $0) } }
        self.cells = cells
        self.long = long
    }

    /// The point a route from `point` joins the graph at, for `mode`, chosen as Routino
    /// places a waypoint (`FindClosestSegment`, Routino 3.3): among segments the mode may use
    /// that have an end within `meters` of the point, the one whose perpendicular distance,
    /// worked out by the law of cosines from whole-metre distances (Routino's `Distance`),
    /// is least; a segment only displaces an earlier one when its distance is below the
    /// earlier one's in whole metres (earlier: by Routino's node order, approximated by node
    /// then segment index). The point is placed along it at Routino's whole-metre fraction,
    /// or at an end less than 5 m (whole) away (Routino's `CreateFakes`).
    /// This keeps our routes starting where Routino's do (docs/routing.md); nil when none.
    /// The cells looked at are those within `meters` of the point (all of a row's where the
    /// row nears a pole), nearest first, until none can hold a nearer segment: the work is
    /// bounded at any latitude and longitude.
    func nearest(to point: Coordinate, mode: UInt8, allowed: UnsafePointer<UInt8>, within meters: Double) -> Snap? {
        guard point.latitude.isFinite, point.longitude.isFinite, abs(point.latitude) <= 90, meters.isFinite, meters >= 0
        else { return nil }
        let plat = point.latitude * .pi / 180
        let plon = point.longitude * .pi / 180
        let limit = UInt32(min(meters, 1e9))
        var search = SnapSearch(grid: self, point: point, mode: mode, allowed: allowed, limit: limit, plat: plat, plon: plon)
        for (bound, slot) in cells.slots(within: meters + 1, of: point) {
            // Routino's whole-metre distances are within a few metres of the true ones: a
            // cell whose nearest point is 5 m beyond the best holds nothing nearer.
            if let b = search.best, Double(b.whole) + 5 <= bound { break }
            for seg in cells.segments(in: slot) { search.consider(Int(seg)) }
        }
        for seg in long { search.consider(Int(seg)) }
        guard let b = search.best else { return nil }
        let a = Int(segmentA[b.seg])
        let e = Int(segmentB[b.seg])
        // Routino's CreateFakes: within 5 m (whole) of an end, the end itself.
        let t: Double
        switch (b.d1, b.d2) {
        case let (d1, d2) where d1 < 5 && d2 > 5: t = 0
        case let (d1, d2) where d2 < 5 && d1 > 5: t = 1
        case let (d1, d2) where d1 < 5 && d2 < 5: t = d1 < d2 ? 0 : 1
        case let (d1, d2): t = d1 + d2 == 0 ? 0 : Double(d1) / Double(d1 + d2)
        }
        // Along the shorter way round (a segment across ±180°), back within ±180°.
        var lon = longitudes[a] + t * remainder(longitudes[e] - longitudes[a], 360)
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        let p = Coordinate(latitude: latitudes[a] + t * (latitudes[e] - latitudes[a]), longitude: lon)
        return Snap(segment: b.seg, fraction: t, point: p)
    }

    /// Routino's `Distance`: haversine on a sphere of 6378.137 km, truncated to whole metres.
    static func routinoDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> UInt32 {
        let dlon = lon1 - lon2
        let dlat = lat1 - lat2
        if dlon == 0 && dlat == 0 { return 0 }
        let a1 = sin(dlat / 2)
        let a2 = sin(dlon / 2)
        let a = a1 * a1 + cos(lat1) * cos(lat2) * a2 * a2
        let sa = a.squareRoot()
        let c = 2 * asin(min(sa, 1))
        return UInt32(6378.137 * c * 1000)
    }
}

/// One search of `SegmentGrid.nearest`: the best segment so far, by Routino's rule.
private struct SnapSearch {
    let grid: SegmentGrid
    let point: Coordinate
    let mode: UInt8
    let allowed: UnsafePointer<UInt8>
    let limit: UInt32
    let plat: Double
    let plon: Double
    let mPerLat = 111_132.954
    /// Whole metres, Routino's order key, the segment and its end distances.
    var best: (whole: UInt32, order: (Int, Int), seg: Int, d1: UInt32, d2: UInt32)?

    init(
        grid: SegmentGrid, point: Coordinate, mode: UInt8, allowed: UnsafePointer<UInt8>, limit: UInt32, plat: Double,
        plon: Double
    ) {
        (self.grid, self.point, self.mode, self.allowed, self.limit, self.plat, self.plon) =
            (grid, point, mode, allowed, limit, plat, plon)
    }

    mutating func consider(_ seg: Int) {
        guard allowed[seg] & mode != 0 else { return }
        let g = grid
        let a = Int(g.segmentA[seg])
        let b = Int(g.segmentB[seg])
        // A flat-Earth distance first: Routino's whole-metre one is within a few metres of
        // it, so a segment 10 m beyond the best cannot win. East–west metres at the most
        // poleward of the three latitudes (never more than the true ones), the shorter way
        // round ±180°.
        if let best {
            let mPerLon = mPerLat * min(cos(plat), cos(g.latitudes[a] * .pi / 180), cos(g.latitudes[b] * .pi / 180))
            let ax = remainder(g.longitudes[a] - point.longitude, 360) * mPerLon
            let ay = (g.latitudes[a] - point.latitude) * mPerLat
            let dx = remainder(g.longitudes[b] - g.longitudes[a], 360) * mPerLon
            let dy = (g.latitudes[b] - g.latitudes[a]) * mPerLat
            let len2 = dx * dx + dy * dy
            let f = len2 > 0 ? min(max(-(ax * dx + ay * dy) / len2, 0), 1) : 0
            let flat = ((ax + f * dx) * (ax + f * dx) + (ay + f * dy) * (ay + f * dy)).squareRoot()
            if flat > Double(best.whole) + 10 { return }
        }
        let (alat, alon) = (g.latitudes[a] * .pi / 180, g.longitudes[a] * .pi / 180)
        let (blat, blon) = (g.latitudes[b] * .pi / 180, g.longitudes[b] * .pi / 180)
        let distA = SegmentGrid.routinoDistance(alat, alon, plat, plon)
        let distB = SegmentGrid.routinoDistance(blat, blon, plat, plon)
        // Routino reaches a segment from an end within the search distance.
        let fromA = distA < limit
        guard fromA || distB < limit else { return }
        // Routino visits nodes in index order and, at a node, the segments it starts before
        // those it ends; the first visit of a segment counts.
        let first = fromA && distB < limit ? min(a, b) : (fromA ? a : b)
        let order = (first, (first == a ? 0 : 1) * Int(UInt32.max) + seg)
        let dist3 = Double(SegmentGrid.routinoDistance(alat, alon, blat, blon))
        let d1 = Double(distA)
        let d2 = Double(distB)
        var along = (d1 * d1 - d2 * d2 + dist3 * dist3) / (2 * dist3)
        var rest = dist3 - along
        let perpendicular: Double
        if d1 + d2 < dist3 {
            perpendicular = 0
        } else if along >= 0 && rest >= 0 {
            perpendicular = (d1 * d1 - along * along).squareRoot()
        } else if along > 0 {
            (perpendicular, along, rest) = (d2, dist3, 0)
        } else {
            (perpendicular, along, rest) = (d1, 0, dist3)
        }
        let whole = UInt32(perpendicular.isFinite ? min(max(perpendicular, 0), 4e9) : 0)
        let wins: Bool
        if let b = best {
            wins = perpendicular < Double(b.whole) || (whole == b.whole && order < b.order)
        } else {
            wins = true
        }
        if wins {
            best = (whole, order, seg, UInt32(min(max(along, 0), 4e9)), UInt32(min(max(rest, 0), 4e9)))
        }
    }
}
