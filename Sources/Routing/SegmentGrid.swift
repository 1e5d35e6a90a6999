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

    /// The nearest point of a segment whose `allowed` set holds `mode`, within `meters` of
    /// `point` (flat-Earth metres about the point), or nil.
    func nearest(to point: Coordinate, mode: UInt8, allowed: UnsafePointer<UInt8>, within meters: Double) -> Snap? {
        let mPerLat = 111_132.954
        let mPerLon = mPerLat * cos(point.latitude * .pi / 180)
        let cellMeters = min(SegmentGrid.cellDegrees * mPerLat, lonCellDegrees * mPerLon)
        let row = Int(((point.latitude - minLatitude) / SegmentGrid.cellDegrees).rounded(.down))
        let col = Int(((point.longitude - minLongitude) / lonCellDegrees).rounded(.down))
        var best: (d2: Double, snap: Snap)?
        let maxRing = Int(meters / cellMeters) + 1
        for ring in 0...maxRing {
            // Every point outside rings 0...ring-1 is at least (ring - 1) cells away.
            if let b = best, b.d2 <= pow(Double(ring - 1) * cellMeters, 2) { break }
            for r in (row - ring)...(row + ring) where r >= 0 && r < rows {
                for c in (col - ring)...(col + ring) where c >= 0 && c < columns {
                    guard abs(r - row) == ring || abs(c - col) == ring else { continue }
                    for k in Int(cellStart[r * columns + c])..<Int(cellStart[r * columns + c + 1]) {
                        let seg = Int(cellSegments[k])
                        guard allowed[seg] & mode != 0 else { continue }
                        let a = Int(segmentA[seg])
                        let b = Int(segmentB[seg])
                        let ax = (longitudes[a] - point.longitude) * mPerLon
                        let ay = (latitudes[a] - point.latitude) * mPerLat
                        let dx = (longitudes[b] - longitudes[a]) * mPerLon
                        let dy = (latitudes[b] - latitudes[a]) * mPerLat
                        let len2 = dx * dx + dy * dy
                        let t = len2 > 0 ? min(max(-(ax * dx + ay * dy) / len2, 0), 1) : 0
                        let x = ax + t * dx
                        let y = ay + t * dy
                        let d2 = x * x + y * y
                        if d2 <= meters * meters, best.map({ d2 < $0.d2 }) ?? true {
                            let p = Coordinate(
                                latitude: latitudes[a] + t * (latitudes[b] - latitudes[a]),
                                longitude: longitudes[a] + t * (longitudes[b] - longitudes[a]))
                            best = (d2, Snap(segment: seg, fraction: t, point: p))
                        }
                    }
                }
            }
        }
        return best?.snap
    }
}
