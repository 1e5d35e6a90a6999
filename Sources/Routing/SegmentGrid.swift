import Foundation
import Geo

/// A point placed on a segment of the walking graph: the segment, where along it (0 at its
/// first node, 1 at its second) and the point itself.
struct Snap {
    var segment: Int
    var fraction: Double
    var point: Coordinate
}

/// The walking graph's segments bucketed in a grid of cells about 200 m square, made when
/// the graph is loaded: the nearest segment to a point is searched ring by ring around its
/// cell, as Routino places a waypoint (the nearest point of the nearest usable segment, by a
/// flat-Earth distance about the point; the snap's reported length is geodesic).
struct SegmentGrid {
    static let cellDegrees = 0.002
    let minLatitude: Double
    let minLongitude: Double
    let lonCellDegrees: Double
    let columns: Int
    let rows: Int
    let cellStart: [UInt32]
    let cellSegments: [UInt32]
    let latitudes: UnsafePointer<Double>
    let longitudes: UnsafePointer<Double>
    let segmentA: UnsafePointer<UInt32>
    let segmentB: UnsafePointer<UInt32>

    init(
        latitudes: UnsafePointer<Double>, longitudes: UnsafePointer<Double>, segmentA: UnsafePointer<UInt32>,
        segmentB: UnsafePointer<UInt32>, count: Int, nodes: Int
    ) {
        (self.latitudes, self.longitudes, self.segmentA, self.segmentB) = (latitudes, longitudes, segmentA, segmentB)
        var (s, w, n, e) = (90.0, 180.0, -90.0, -180.0)
        for i in 0..<nodes {
            (s, n, w, e) = (min(s, latitudes[i]), max(n, latitudes[i]), min(w, longitudes[i]), max(e, longitudes[i]))
        }
        if nodes == 0 { (s, w, n, e) = (0, 0, 0, 0) }
        minLatitude = s
        minLongitude = w
        lonCellDegrees = SegmentGrid.cellDegrees / max(cos((s + n) / 2 * .pi / 180), 0.01)
        rows = Int((n - s) / SegmentGrid.cellDegrees) + 1
        columns = Int((e - w) / lonCellDegrees) + 1
        var counts = [UInt32](repeating: 0, count: rows * columns + 1)
        var cellsOf: [(Int, Int, Int, Int)] = []
        cellsOf.reserveCapacity(count)
        for seg in 0..<count {
            let a = Int(segmentA[seg])
            let b = Int(segmentB[seg])
            let r0 = Int((min(latitudes[a], latitudes[b]) - s) / SegmentGrid.cellDegrees)
            let r1 = Int((max(latitudes[a], latitudes[b]) - s) / SegmentGrid.cellDegrees)
            let c0 = Int((min(longitudes[a], longitudes[b]) - w) / lonCellDegrees)
            let c1 = Int((max(longitudes[a], longitudes[b]) - w) / lonCellDegrees)
            cellsOf.append((r0, r1, c0, c1))
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var list = [UInt32](repeating: 0, count: Int(counts.last ?? 0))
        for (seg, (r0, r1, c0, c1)) in cellsOf.enumerated() {
            for r in r0...r1 {
                for c in c0...c1 {
                    list[Int(fill[r * columns + c])] = UInt32(seg)
                    fill[r * columns + c] += 1
                }
            }
        }
        cellStart = counts
        cellSegments = list
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
    func nearest(to point: Coordinate, mode: UInt8, allowed: UnsafePointer<UInt8>, within meters: Double) -> Snap? {
        let mPerLat = 111_132.954
        let mPerLon = mPerLat * cos(point.latitude * .pi / 180)
        let cellMeters = min(SegmentGrid.cellDegrees * mPerLat, lonCellDegrees * mPerLon)
        let row = Int(((point.latitude - minLatitude) / SegmentGrid.cellDegrees).rounded(.down))
        let col = Int(((point.longitude - minLongitude) / lonCellDegrees).rounded(.down))
        let plat = point.latitude * .pi / 180
        let plon = point.longitude * .pi / 180
        let limit = UInt32(meters)
        // The best so far: whole metres, Routino's order key, the segment and its end distances.
        var best: (whole: UInt32, order: (Int, Int), seg: Int, d1: UInt32, d2: UInt32)?
        let segmentCount = cellSegments.count
        let maxRing = Int(meters / cellMeters) + 1
        for ring in 0...maxRing {
            // Every point outside rings 0...ring-1 is at least (ring - 1) cells away; Routino's
            // whole-metre distances are within a few metres of the true ones.
            if let b = best, Double(b.whole) + 5 <= Double(ring - 1) * cellMeters { break }
            for r in (row - ring)...(row + ring) where r >= 0 && r < rows {
                for c in (col - ring)...(col + ring) where c >= 0 && c < columns {
                    guard abs(r - row) == ring || abs(c - col) == ring else { continue }
                    for k in Int(cellStart[r * columns + c])..<Int(cellStart[r * columns + c + 1]) {
                        let seg = Int(cellSegments[k])
                        guard allowed[seg] & mode != 0 else { continue }
                        let a = Int(segmentA[seg])
                        let b = Int(segmentB[seg])
                        // A flat-Earth distance first: Routino's whole-metre one is within a
                        // few metres of it, so a segment 10 m beyond the best cannot win.
                        let ax = (longitudes[a] - point.longitude) * mPerLon
                        let ay = (latitudes[a] - point.latitude) * mPerLat
                        let dx = (longitudes[b] - longitudes[a]) * mPerLon
                        let dy = (latitudes[b] - latitudes[a]) * mPerLat
                        let len2 = dx * dx + dy * dy
                        let f = len2 > 0 ? min(max(-(ax * dx + ay * dy) / len2, 0), 1) : 0
                        let flat = ((ax + f * dx) * (ax + f * dx) + (ay + f * dy) * (ay + f * dy)).squareRoot()
                        if let best, flat > Double(best.whole) + 10 { continue }
                        let (alat, alon) = (latitudes[a] * .pi / 180, longitudes[a] * .pi / 180)
                        let (blat, blon) = (latitudes[b] * .pi / 180, longitudes[b] * .pi / 180)
                        let distA = SegmentGrid.routinoDistance(alat, alon, plat, plon)
                        let distB = SegmentGrid.routinoDistance(blat, blon, plat, plon)
                        // Routino reaches a segment from an end within the search distance.
                        let fromA = distA < limit
                        guard fromA || distB < limit else { continue }
                        // Routino visits nodes in index order and, at a node, the segments it
                        // starts before those it ends; the first visit of a segment counts.
                        let first = fromA && distB < limit ? min(a, b) : (fromA ? a : b)
                        let order = (first, (first == a ? 0 : 1) * segmentCount + seg)
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
                        let whole = UInt32(perpendicular.isFinite ? max(perpendicular, 0) : 0)
                        let wins: Bool
                        if let b = best {
                            wins = perpendicular < Double(b.whole) || (whole == b.whole && order < b.order)
                        } else {
                            wins = true
                        }
                        if wins {
                            best = (whole, order, seg, UInt32(max(along, 0)), UInt32(max(rest, 0)))
                        }
                    }
                }
            }
        }
        guard let b = best else { return nil }
        let a = Int(segmentA[b.seg])
        let e = Int(segmentB[b.seg])
        // Routino's CreateFakes: within 5 m (whole) of an end, the end itself.
        let t: Double
        switch (b.d1, b.d2) {
        case let (d1, d2) where d1 < 5 && d2 > 5: t = 0
        case let (d1, d2) where d2 < 5 && d1 > 5: t = 1
        case let (d1, d2) where d1 < 5 && d2 < 5: t = d1 < d2 ? 0 : 1
        case let (d1, d2): t = Double(d1) / Double(d1 + d2)
        }
        let p = Coordinate(
            latitude: latitudes[a] + t * (latitudes[e] - latitudes[a]),
            longitude: longitudes[a] + t * (longitudes[e] - longitudes[a]))
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
