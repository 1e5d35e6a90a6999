/// The reference a nearest-neighbour index is checked against: a plain scan.
public enum BruteForce {
    /// The `limit` smallest (row id, distance) pairs ordered by (distance, row id), found by
    /// one linear pass (no sort of the whole list, so it stays quick in debug builds).
    public static func nearest(_ candidates: [(Int64, Double)], limit: Int) -> [(Int64, Double)] {
        var best: [(Int64, Double)] = []
        for c in candidates {
            if best.count == limit, let last = best.last, (last.1, last.0) <= (c.1, c.0) { continue }
            let at = best.firstIndex { (c.1, c.0) < ($0.1, $0.0) } ?? best.endIndex
            best.insert(c, at: at)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
