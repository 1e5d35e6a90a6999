import Foundation
import HeapModule

/// A static 3-D k-d tree over unit vectors (surface normals of WGS84 positions), laid out
/// implicitly: the node of range [lo, hi) is element (lo + hi) / 2, its split axis is stored
/// beside it. The arrays can live in a memory-mapped file, so opening costs nothing.
struct KDTreeView {
    let count: Int
    let xyz: UnsafePointer<Double>  // 3 per point
    let axes: UnsafePointer<UInt8>  // split axis per node position

    /// Builds the layout in place: reorders `points` (3 doubles each) and `payload` alike and
    /// fills `axes`.
    static func build(points: inout [Double], order: inout [Int], axes: inout [UInt8]) {
        let n = order.count
        axes = [UInt8](repeating: 0, count: n)
        var stack: [(Int, Int)] = [(0, n)]
        var idx = order
        points.withUnsafeBufferPointer { p in
            while let (lo, hi) = stack.popLast() {
                guard hi - lo > 0 else { continue }
                var minV = [Double](repeating: .infinity, count: 3)
                var maxV = [Double](repeating: -.infinity, count: 3)
                for i in lo..<hi {
                    for a in 0..<3 {
                        let v = p[idx[i] * 3 + a]
                        minV[a] = min(minV[a], v)
                        maxV[a] = max(maxV[a], v)
                    }
                }
                var axis = 0
                for a in 1..<3 where maxV[a] - minV[a] > maxV[axis] - minV[axis] { axis = a }
                let mid = (lo + hi) / 2
                select(&idx, lo, hi, mid) { p[$0 * 3 + axis] }
                axes[mid] = UInt8(axis)
                stack.append((lo, mid))
                stack.append((mid + 1, hi))
            }
        }
        var reordered = [Double](repeating: 0, count: n * 3)
        for (i, src) in idx.enumerated() {
            reordered[i * 3] = points[src * 3]
            reordered[i * 3 + 1] = points[src * 3 + 1]
            reordered[i * 3 + 2] = points[src * 3 + 2]
        }
        points = reordered
        order = idx
    }

    /// Quickselect (Hoare partition, median-of-three): afterwards idx[k] has the k-th
    /// smallest key in [lo, hi), smaller-or-equal keys before it, greater-or-equal after.
    private static func select(_ idx: inout [Int], _ lo: Int, _ hi: Int, _ k: Int, key: (Int) -> Double) {
        var l = lo
        var r = hi - 1
        while r > l {
            let m = (l + r) / 2
            let pivot = [key(idx[l]), key(idx[m]), key(idx[r])].sorted()[1]
            var i = l
            var j = r
            while i <= j {
                while key(idx[i]) < pivot { i += 1 }
                while key(idx[j]) > pivot { j -= 1 }
                if i <= j {
                    idx.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { r = j } else if k >= i { l = i } else { return }
        }
    }

    /// Entries of the best-first search: a subtree range with a lower bound on the squared
    /// chord distance of any point in it, or a single point with its exact squared chord.
    struct Entry: Comparable {
        var key: Double
        var lo: Int32
        var hi: Int32  // hi < 0 marks a point at position lo
        var box: (Double, Double, Double, Double, Double, Double)

        static func < (a: Entry, b: Entry) -> Bool { a.key < b.key || (a.key == b.key && a.hi < b.hi) }
        static func == (a: Entry, b: Entry) -> Bool { a.key == b.key && a.lo == b.lo && a.hi == b.hi }
    }

    /// Incremental nearest search by chord distance: yields positions in non-decreasing
    /// squared chord distance from `q` until `body` returns false.
    func nearest(to q: (Double, Double, Double), _ body: (_ position: Int, _ chord2: Double, _ nextBound2: Double) -> Bool) {
        guard count > 0 else { return }
        var heap = Heap<Entry>()
        let inf = Double.infinity
        heap.insert(Entry(key: 0, lo: 0, hi: Int32(count), box: (-inf, inf, -inf, inf, -inf, inf)))
        while let e = heap.popMin() {
            if e.hi < 0 {
                let bound = heap.min?.key ?? .infinity
                if !body(Int(e.lo), e.key, bound) { return }
                continue
            }
            let lo = Int(e.lo)
            let hi = Int(e.hi)
            let mid = (lo + hi) / 2
            let px = xyz[mid * 3]
            let py = xyz[mid * 3 + 1]
            let pz = xyz[mid * 3 + 2]
            let dx = px - q.0
            let dy = py - q.1
            let dz = pz - q.2
            heap.insert(Entry(key: dx * dx + dy * dy + dz * dz, lo: Int32(mid), hi: -1, box: e.box))
            let axis = axes[mid]
            let split = axis == 0 ? px : (axis == 1 ? py : pz)
            var left = e.box
            var right = e.box
            switch axis {
            case 0: left.1 = split; right.0 = split
            case 1: left.3 = split; right.2 = split
            default: left.5 = split; right.4 = split
            }
            if mid > lo { heap.insert(Entry(key: KDTreeView.boxDistance2(q, left), lo: Int32(lo), hi: Int32(mid), box: left)) }
            if hi > mid + 1 {
                heap.insert(Entry(key: KDTreeView.boxDistance2(q, right), lo: Int32(mid + 1), hi: Int32(hi), box: right))
            }
        }
    }

    @inline(__always) static func boxDistance2(_ q: (Double, Double, Double), _ b: (Double, Double, Double, Double, Double, Double)) -> Double {
        let dx = q.0 < b.0 ? b.0 - q.0 : (q.0 > b.1 ? q.0 - b.1 : 0)
        let dy = q.1 < b.2 ? b.2 - q.1 : (q.1 > b.3 ? q.1 - b.3 : 0)
        let dz = q.2 < b.4 ? b.4 - q.2 : (q.2 > b.5 ? q.2 - b.5 : 0)
        return dx * dx + dy * dy + dz * dz
    }

    /// The unit normal of a geodetic position.
    @inline(__always) static func normal(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180
        let lam = longitude * .pi / 180
        return (cos(phi) * cos(lam), cos(phi) * sin(lam), sin(phi))
    }
}
