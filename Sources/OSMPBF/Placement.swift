import Foundation

/// Where a way or a multipolygon is placed as one point (docs/pipelines.md, "osm-pbf").
/// Computed in plain longitude/latitude degrees (a toilet building spans metres, where the
/// plane is exact to far below OSM's 1 cm):
/// - a closed way or a ring: its area centroid when that lies inside the ring; otherwise
///   (a C- or L-shaped outline) a point on the surface: the middle of the widest inside
///   stretch of the horizontal line through the centroid;
/// - a multipolygon: the same for its largest outer ring, except that a point inside one of
///   its holes (inner rings) is not inside: then the widest stretch of that horizontal line
///   that is inside the outer ring and outside every hole;
/// - an open way: the point halfway along it (lengths with longitude scaled by the cosine
///   of the latitude, so east-west and north-south metres weigh the same).
public enum Placement {
    /// A longitude/latitude pair in degrees.
    public typealias Point = (lon: Double, lat: Double)

    /// A ring without its repeated last point.
    public static func open(_ ring: [Point]) -> [Point] {
        var points = ring
        if let f = points.first, let l = points.last, points.count > 1, f == l { points.removeLast() }
        return points
    }

    /// The point for a ring (first point repeated at the end, or not) with holes cut out of it
    /// (inner rings, the same form; none for a closed way).
    public static func areaPoint(_ ring: [Point], holes: [[Point]] = []) -> Point {
        let points = open(ring)
        let holes = holes.map(open).filter { $0.count >= 3 }
        guard points.count >= 3 else { return linePoint(ring) }
        // Shift to the first point: fewer cancelled digits in the products.
        let o = points[0]
        var twiceArea = 0.0
        var cx = 0.0
        var cy = 0.0
        for i in points.indices {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            let (ax, ay, bx, by) = (a.lon - o.lon, a.lat - o.lat, b.lon - o.lon, b.lat - o.lat)
            let cross = ax * by - bx * ay
            twiceArea += cross
            cx += (ax + bx) * cross
            cy += (ay + by) * cross
        }
        guard twiceArea != 0 else { return linePoint(ring) }
        let centroid = (lon: o.lon + cx / (3 * twiceArea), lat: o.lat + cy / (3 * twiceArea))
        if contains(points, centroid), !holes.contains(where: { contains($0, centroid) }) { return centroid }
        return surfacePoint([points] + holes, lat: centroid.lat) ?? centroid
    }

    /// The point halfway along a line.
    public static func linePoint(_ line: [Point]) -> Point {
        guard let first = line.first else { return (0, 0) }
        guard line.count > 1 else { return first }
        let scale = cos(line.map(\.lat).reduce(0, +) / Double(line.count) * .pi / 180)
        func length(_ a: Point, _ b: Point) -> Double { hypot((b.lon - a.lon) * scale, b.lat - a.lat) }
        let total = zip(line, line.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) }
        guard total > 0 else { return first }
        var left = total / 2
        for (a, b) in zip(line, line.dropFirst()) {
            let l = length(a, b)
            if l >= left, l > 0 {
                let t = left / l
                return (a.lon + (b.lon - a.lon) * t, a.lat + (b.lat - a.lat) * t)
            }
            left -= l
        }
        return line[line.count - 1]
    }

    /// Even-odd point-in-polygon test (ring without the repeated last point).
    public static func contains(_ ring: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i]
            let b = ring[j]
            if (a.lat > p.lat) != (b.lat > p.lat) {
                let x = a.lon + (p.lat - a.lat) / (b.lat - a.lat) * (b.lon - a.lon)
                if p.lon < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// The middle of the widest stretch of the line of latitude `lat` inside the rings by the
    /// even-odd rule (inside the outer ring, outside its holes).
    private static func surfacePoint(_ rings: [[Point]], lat: Double) -> Point? {
        var xs: [Double] = []
        for ring in rings {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i]
                let b = ring[j]
                if (a.lat > lat) != (b.lat > lat) { xs.append(a.lon + (lat - a.lat) / (b.lat - a.lat) * (b.lon - a.lon)) }
                j = i
            }
        }
        xs.sort()
        var best: (width: Double, x: Double)? = nil
        var i = 0
        while i + 1 < xs.count {
            let width = xs[i + 1] - xs[i]
            if width > (best?.width ?? -1) { best = (width, (xs[i] + xs[i + 1]) / 2) }
            i += 2
        }
        return best.map { (lon: $0.x, lat: lat) }
    }

    /// Joins open way segments (node id lists) into closed rings end to end, reversing
    /// segments as needed; nil when some segment cannot be closed into a ring.
    public static func rings(_ segments: [[Int64]]) -> [[Int64]]? {
        var open = segments.filter { $0.count >= 2 }
        var rings: [[Int64]] = []
        while !open.isEmpty {
            var ring = open.removeFirst()
            var guardCount = 0
            while ring.first != ring.last {
                guardCount += 1
                guard guardCount <= segments.count, let tail = ring.last else { return nil }
                if let k = open.firstIndex(where: { $0.first == tail }) {
                    ring += open.remove(at: k).dropFirst()
                } else if let k = open.firstIndex(where: { $0.last == tail }) {
                    ring += open.remove(at: k).reversed().dropFirst()
                } else {
                    return nil
                }
            }
            guard ring.count >= 4 else { return nil }
            rings.append(ring)
        }
        return rings
    }

    /// The absolute area of a ring in square degrees (to pick the largest outer ring).
    public static func area(_ ring: [Point]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var s = 0.0
        for i in ring.indices {
            let a = ring[i]
            let b = ring[(i + 1) % ring.count]
            s += a.lon * b.lat - b.lon * a.lat
        }
        return abs(s) / 2
    }
}
