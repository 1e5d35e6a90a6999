import Foundation
import Geo
import HeapModule

/// A static 3-D k-d tree over Earth-centred (ECEF) WGS84 positions in metres, laid out
/// implicitly: the node of range [lo, hi) is element (lo + hi) / 2, its split axis is stored
/// beside it. The arrays can live in a memory-mapped file, so opening costs nothing.
struct KDTreeView {
    let count: Int
    let xyz: UnsafePointer<Double>  // 3 per point
    let axes: UnsafePointer<UInt8>  // split axis per node position
    /// Tight bounding boxes (minX, maxX, minY, maxY, minZ, maxZ) of the upper nodes, by heap
    /// number − 1 (root 1, children 2i and 2i+1). Deeper nodes use their split planes, clipped
    /// to the nearest stored box; without tight boxes a query outside the data would see
    /// every edge cell as unbounded.
    let boxes: UnsafePointer<Double>
    let boxCount: Int

    /// How many upper nodes get a stored box: enough that stored subtrees hold ~32 points.
    static func boxCount(for n: Int) -> Int {
        var levels = 0
        while (n >> (levels + 5)) > 0 { levels += 1 }
        return (1 << levels) - 1
    }

    /// Builds the layout in place: reorders `points` (3 doubles each), leaves in `order` the
    /// original index of each new position, and fills `axes` and `boxes`.
    /// From `parallelFrom` points on, the root's two subtrees are built on two threads (the
    /// result is the same either way).
    static func build(
        points: inout [Double], order: inout [Int], axes: inout [UInt8], boxes: inout [Double], parallelFrom: Int = 100_000
    ) {
        let n = order.count
        axes = [UInt8](repeating: 0, count: n)
        let stored = boxCount(for: n)
        boxes = [Double](repeating: 0, count: stored * 6)
        var idx = order
        points.withUnsafeBufferPointer { p in
            idx.withUnsafeMutableBufferPointer { i in
                axes.withUnsafeMutableBufferPointer { a in
                    boxes.withUnsafeMutableBufferPointer { b in
                        let shared = Buffers(points: p, idx: i, axes: a, boxes: b, stored: stored)
                        // The root on this thread, then its two subtrees at once: they touch
                        // disjoint ranges of every array (positions [lo, mid) and
                        // [mid + 1, hi), heap numbers under 2 and under 3).
                        guard let (mid, _) = shared.split(0, n, node: 1) else { return }
                        let halves = [(0, mid, 2), (mid + 1, n, 3)]
                        if n >= parallelFrom {
                            DispatchQueue.concurrentPerform(iterations: 2) { k in shared.subtree(halves[k]) }
                        } else {
                            for h in halves { shared.subtree(h) }
                        }
                    }
                }
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

    /// The arrays of one build, shared by the two threads that build the root's subtrees;
    /// each thread writes only its own subtree's elements.
    // Safe: the build's threads write disjoint index ranges of these buffers (each its own subtree) and join before they are read.
    private struct Buffers: @unchecked Sendable {
        let points: UnsafeBufferPointer<Double>
        let idx: UnsafeMutableBufferPointer<Int>
        let axes: UnsafeMutableBufferPointer<UInt8>
        let boxes: UnsafeMutableBufferPointer<Double>
        let stored: Int

        /// Builds the subtree of range [lo, hi) whose heap number is `node`.
        func subtree(_ start: (Int, Int, Int)) {
            var stack = [start]
            while let (lo, hi, node) = stack.popLast() {
                guard let (mid, _) = split(lo, hi, node: node) else { continue }
                stack.append((lo, mid, node * 2))
                stack.append((mid + 1, hi, node * 2 + 1))
            }
        }

        /// Stores the box of node [lo, hi) (upper nodes only), picks its widest axis and
        /// puts the median there; nil for an empty range.
        func split(_ lo: Int, _ hi: Int, node: Int) -> (Int, Int)? {
            guard hi - lo > 0 else { return nil }
            let p = points
            // The node's box (no arrays here: this runs once per point).
            var (x0, y0, z0) = (Double.infinity, Double.infinity, Double.infinity)
            var (x1, y1, z1) = (-Double.infinity, -Double.infinity, -Double.infinity)
            for i in lo..<hi {
                let j = idx[i] * 3
                x0 = min(x0, p[j])
                x1 = max(x1, p[j])
                y0 = min(y0, p[j + 1])
                y1 = max(y1, p[j + 1])
                z0 = min(z0, p[j + 2])
                z1 = max(z1, p[j + 2])
            }
            if node <= stored {
                let b = (node - 1) * 6
                (boxes[b], boxes[b + 1], boxes[b + 2], boxes[b + 3], boxes[b + 4], boxes[b + 5]) = (x0, x1, y0, y1, z0, z1)
            }
            let extent = (x1 - x0, y1 - y0, z1 - z0)
            var axis = 0
            if extent.1 > extent.0 { axis = 1 }
            if extent.2 > (axis == 0 ? extent.0 : extent.1) { axis = 2 }
            let mid = (lo + hi) / 2
            KDTreeView.select(idx, lo, hi, mid) { p[$0 * 3 + axis] }
            axes[mid] = UInt8(axis)
            return (mid, axis)
        }
    }

    /// Quickselect (Hoare partition, median-of-three): afterwards idx[k] has the k-th
    /// smallest key in [lo, hi), smaller-or-equal keys before it, greater-or-equal after.
    fileprivate static func select(_ idx: UnsafeMutableBufferPointer<Int>, _ lo: Int, _ hi: Int, _ k: Int, key: (Int) -> Double) {
        var l = lo
        var r = hi - 1
        while r > l {
            let m = (l + r) / 2
            let (a, b, c) = (key(idx[l]), key(idx[m]), key(idx[r]))
            let pivot = max(min(a, b), min(max(a, b), c))  // the median of the three
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
        var node: Int32  // heap number
        var box: (Double, Double, Double, Double, Double, Double)

        static func < (a: Entry, b: Entry) -> Bool { a.key < b.key || (a.key == b.key && a.hi < b.hi) }
        static func == (a: Entry, b: Entry) -> Bool { a.key == b.key && a.lo == b.lo && a.hi == b.hi }
    }

    /// Incremental nearest search by straight-line (chord) distance: yields positions in
    /// non-decreasing squared chord distance from `q` until `body` returns false; `nextBound2`
    /// is a lower bound on the squared chord of every position not yet yielded.
    func nearest(to q: (Double, Double, Double), _ body: (_ position: Int, _ chord2: Double, _ nextBound2: Double) -> Bool) {
        guard count > 0 else { return }
        var heap = Heap<Entry>()
        let inf = Double.infinity
        heap.insert(child(q, lo: 0, hi: count, node: 1, box: (-inf, inf, -inf, inf, -inf, inf)))
        while let e = heap.popMin() {
            if e.hi < 0 {
                let bound = heap.min?.key ?? .infinity
                if !body(Int(e.lo), e.key, bound) { return }
                continue
            }
            let lo = Int(e.lo)
            let hi = Int(e.hi)
            let box = e.box
            let mid = (lo + hi) / 2
            let px = xyz[mid * 3]
            let py = xyz[mid * 3 + 1]
            let pz = xyz[mid * 3 + 2]
            let dx = px - q.0
            let dy = py - q.1
            let dz = pz - q.2
            heap.insert(Entry(key: dx * dx + dy * dy + dz * dz, lo: Int32(mid), hi: -1, node: 0, box: box))
            let axis = axes[mid]
            let split = axis == 0 ? px : (axis == 1 ? py : pz)
            var left = box
            var right = box
            switch axis {
            case 0: left.1 = split; right.0 = split
            case 1: left.3 = split; right.2 = split
            default: left.5 = split; right.4 = split
            }
            let node = Int(e.node)
            if mid > lo { heap.insert(child(q, lo: lo, hi: mid, node: node * 2, box: left)) }
            if hi > mid + 1 { heap.insert(child(q, lo: mid + 1, hi: hi, node: node * 2 + 1, box: right)) }
        }
    }

    /// A subtree entry: its stored tight box when it has one, else its split-plane cell.
    @inline(__always) private func child(
        _ q: (Double, Double, Double), lo: Int, hi: Int, node: Int, box: (Double, Double, Double, Double, Double, Double)
    ) -> Entry {
        var b = box
        if node <= boxCount {
            let p = boxes + (node - 1) * 6
            b = (p[0], p[1], p[2], p[3], p[4], p[5])
        }
        return Entry(key: KDTreeView.boxDistance2(q, b), lo: Int32(lo), hi: Int32(hi), node: Int32(node), box: b)
    }

    @inline(__always) static func boxDistance2(
        _ q: (Double, Double, Double), _ b: (Double, Double, Double, Double, Double, Double)
    ) -> Double {
        let dx = q.0 < b.0 ? b.0 - q.0 : (q.0 > b.1 ? q.0 - b.1 : 0)
        let dy = q.1 < b.2 ? b.2 - q.1 : (q.1 > b.3 ? q.1 - b.3 : 0)
        let dz = q.2 < b.4 ? b.4 - q.2 : (q.2 > b.5 ? q.2 - b.5 : 0)
        return dx * dx + dy * dy + dz * dz
    }

    /// Earth-centred, Earth-fixed coordinates (metres) of a WGS84 position on the ellipsoid.
    @inline(__always) static func ecef(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let a = Ellipsoid.wgs84.semiMajorAxisMeters
        let f = Ellipsoid.wgs84.flattening
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180
        let lam = longitude * .pi / 180
        let sinPhi = sin(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return (n * cos(phi) * cos(lam), n * cos(phi) * sin(lam), n * (1 - e2) * sinPhi)
    }
}
