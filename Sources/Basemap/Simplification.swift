/// Douglas–Peucker line simplification (Douglas and Peucker, 1973): keeps the end points and,
/// recursively, the point farthest from the chord while it is farther than `tolerance`. Done
/// with an explicit stack, so a long way cannot exhaust the call stack; O(n log n) typical,
/// O(n²) at worst on n points of one way.
enum Simplification {
    /// The indices of `points` to keep, ascending; lines of fewer than three points are kept
    /// whole. A closed ring keeps its first point twice.
    static func kept(_ points: [(x: Double, y: Double)], tolerance: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = -1.0
            var at = first
            for i in (first + 1)..<last {
                let d = squaredDistance(points[i], points[first], points[last])
                if d > farthest { (farthest, at) = (d, i) }
            }
            if farthest > limit {
                keep[at] = true
                stack.append((first, at))
                stack.append((at, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The squared distance from `p` to the segment `a`–`b` (to `a` when they coincide).
    static func squaredDistance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double))
        -> Double
    {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(1, max(0, t))
        let (ex, ey) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
        return ex * ex + ey * ey
    }
}
