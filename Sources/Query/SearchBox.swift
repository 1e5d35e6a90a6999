import Foundation
public import Geo

/// `--bbox W,S,E,N` / `bbox=W,S,E,N`: only places inside this box (edges included), as
/// Datasette and the Toilet Map API take it. Read once for every adapter.
public struct SearchBox: Sendable, Equatable {
    /// The box in degrees.
    public var box: BoundingBox

    /// Why a box text is refused (after the value in quotes).
    public static let reason =
        "is not a box W,S,E,N in degrees (west and east longitudes from -180 to 180, west ≤ east; south and north latitudes from -90 to 90, south ≤ north)"

    /// Reads `W,S,E,N` (four decimal numbers, commas, optional spaces); nil for anything else,
    /// an edge out of range, or west east of east (a box across the antimeridian is not taken:
    /// write two queries) or south north of north.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            DecimalText.number($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3],
            [w, s, e, n].allSatisfy(\.isFinite), (-180...180).contains(w), (-180...180).contains(e),
            (-90...90).contains(s), (-90...90).contains(n), w <= e, s <= n
        else { return nil }
        box = BoundingBox(minLongitude: w, minLatitude: s, maxLongitude: e, maxLatitude: n)
    }

    /// Whether `c` lies inside or on an edge.
    public func contains(_ c: Coordinate) -> Bool { box.contains(c) }

    /// The box's centre: where a search without `--near` measures from.
    public var centre: Coordinate {
        Coordinate(
            latitude: (box.minLatitude + box.maxLatitude) / 2, longitude: (box.minLongitude + box.maxLongitude) / 2)
    }

    /// A distance no point of the box lies beyond from `point`, in metres (nil past 5,000 km:
    /// the box may reach the far side of the Earth, and the search is a scan anyway). The farthest point of
    /// a region from `point` lies on its edge unless the region holds the far side's cut
    /// locus; the edges are sampled every `1/steps` of their length, and the largest sampled
    /// distance is raised by half a step's arc length (no edge point is farther than that from
    /// a sample). A parallel's arc is at most `a·Δλ`, a meridian's at most `a/√(1−e²)·Δφ`.
    public func farthestMeters(from point: Coordinate, geodesic: Geodesic = Geodesic(), steps: Int = 32) -> Double? {
        let b = box
        let a = 6_378_137.0
        let radians = Double.pi / 180
        let lonStep = (b.maxLongitude - b.minLongitude) / Double(steps)
        let latStep = (b.maxLatitude - b.minLatitude) / Double(steps)
        var farthest = 0.0
        for i in 0...steps {
            let lon = b.minLongitude + lonStep * Double(i)
            let lat = b.minLatitude + latStep * Double(i)
            for c in [
                Coordinate(latitude: b.minLatitude, longitude: lon), Coordinate(latitude: b.maxLatitude, longitude: lon),
                Coordinate(latitude: lat, longitude: b.minLongitude), Coordinate(latitude: lat, longitude: b.maxLongitude),
            ] {
                farthest = max(farthest, geodesic.inverse(from: point, to: c).distanceMeters)
            }
        }
        let margin = max(a * lonStep * radians, a * 1.0034 * latStep * radians) / 2 + 1
        let bound = farthest + margin
        // A box reaching this far is most of a hemisphere: the far side may lie inside it, and a
        // bound would save little of a search that covers that much anyway.
        return bound < 5_000_000 ? bound : nil
    }
}
