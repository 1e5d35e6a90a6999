import Foundation
public import Geo

/// A start point placed on the walking graph for one mode, and one Dijkstra search from it
/// that grows only as far as the destinations asked about need: each `route(to:)` settles
/// nodes in order of their distance until no unsettled node can give that destination a
/// shorter route, so asking for destinations nearest first (as the exact ranking does) costs
/// one search out to the farthest of them. Used within one task; its scratch arrays go back
/// to the graph at the end.
public final class WalkStart: RouteOrigin {
    /// The graph.
    public let graph: WalkGraph
    /// The start point as asked.
    public let point: Coordinate
    /// The mode routes are for.
    public let mode: TravelMode
    let snap: Snap
    let snapMeters: Double
    private let scratch: SearchScratch
    private let geodesic = Geodesic()
    /// Raised by the caller when the routes are no longer wanted.
    private let cancellation: SearchCancellation?
    static let fromStart = UInt32.max
    /// Nodes settled between two looks at `cancellation` (about 0.1 ms of search).
    static let settlesPerCheck = 1024

    init(
        graph: WalkGraph, point: Coordinate, mode: TravelMode, snap: Snap, snapMeters: Double, scratch: SearchScratch,
        cancellation: SearchCancellation?
    ) {
        self.graph = graph
        self.cancellation = cancellation
        self.point = point
        self.mode = mode
        self.snap = snap
        self.snapMeters = snapMeters
        self.scratch = scratch
        scratch.reset()
        for node in [graph.segmentA[snap.segment], graph.segmentB[snap.segment]] where graph.barriers[Int(node)] & mode.bit == 0 {
            scratch.relax(Int(node), geodesic.distance(from: snap.point, to: graph.coordinate(Int(node))), via: Self.fromStart)
        }
    }

    deinit { graph.giveBack(scratch) }

    /// The shortest route to `destination` over the segments `mode` may use (from the start
    /// point, onto its nearest segment, over the graph, off the destination's nearest
    /// segment, to the destination), or why there is none. Throws `CancellationError` once
    /// the start's cancellation is raised.
    public func route(to destination: Coordinate) throws -> RouteOutcome {
        try cancellation?.check()
        guard let end = graph.destination(destination, mode: mode) else { return .none(.destinationOffNetwork) }
        let ends = [Int(graph.segmentA[end.segment]), Int(graph.segmentB[end.segment])]
        let pieces = ends.map { geodesic.distance(from: graph.coordinate($0), to: end.point) }
        // The best way onto the destination's point: straight along the start's own segment,
        // or through one of its segment's ends.
        var direct: Double?
        if end.segment == snap.segment { direct = geodesic.distance(from: snap.point, to: end.point) }
        func best() -> (meters: Double, through: Int?) {
            var b: (Double, Int?) = (direct ?? .infinity, nil)
            for (node, piece) in zip(ends, pieces) {
                if let d = scratch.distance(node), d + piece < b.0 { b = (d + piece, node) }
            }
            return b
        }
        var settled = 0
        while let top = scratch.peek(), top < best().meters {
            settleNext()
            settled += 1
            if settled % Self.settlesPerCheck == 0 { try cancellation?.check() }
        }
        let (meters, through) = best()
        guard meters.isFinite else { return .none(.unreachable) }
        return .route(measured(to: destination, end: end, through: through, networkMeters: meters))
    }

    /// Settles the nearest unsettled node and relaxes its usable segments.
    private func settleNext() {
        guard let (d, u) = scratch.pop() else { return }
        let g = graph
        let bit = mode.bit
        for k in Int(g.offsets[u])..<Int(g.offsets[u + 1]) {
            let s = Int(g.adjacency[k])
            guard g.allowed[s] & bit != 0 else { continue }
            let a = Int(g.segmentA[s])
            let v = a == u ? Int(g.segmentB[s]) : a
            guard g.barriers[v] & bit == 0 else { continue }
            scratch.relax(v, d + g.lengths[s], via: UInt32(s))
        }
    }

    /// The route through node `through` (or straight along the start's segment when nil):
    /// its line, length (the start's snap, the graph's geodesic segment lengths, the
    /// destination's snap: a geodesic polyline, docs/routing.md) and steps.
    private func measured(to destination: Coordinate, end: Snap, through: Int?, networkMeters: Double) -> Route {
        var nodes: [Int] = []
        var segments: [Int] = []
        var n = through
        while let u = n {
            nodes.append(u)
            let via = scratch.via(u)
            guard via != Self.fromStart else { break }
            segments.append(Int(via))
            let a = Int(graph.segmentA[Int(via)])
            n = a == u ? Int(graph.segmentB[Int(via)]) : a
        }
        nodes.reverse()
        segments.reverse()
        // The legs of the line after the start point, each with its length and way name.
        var legs: [(to: Coordinate, meters: Double, name: Int)] = []
        if let first = nodes.first {
            legs.append((graph.coordinate(first), scratch.distance(first) ?? 0, Int(graph.nameIndex[snap.segment])))
            for (i, s) in segments.enumerated() {
                legs.append((graph.coordinate(nodes[i + 1]), graph.lengths[s], Int(graph.nameIndex[s])))
            }
            legs.append(
                (end.point, networkMeters - (scratch.distance(nodes[nodes.count - 1]) ?? 0), Int(graph.nameIndex[end.segment])))
        } else {
            legs.append((end.point, networkMeters, Int(graph.nameIndex[end.segment])))
        }
        let endSnap = geodesic.distance(from: end.point, to: destination)
        var geometry = [point, snap.point]
        var steps: [RouteStep] = []
        var previous = snap.point
        for leg in legs {
            geometry.append(leg.to)
            defer { previous = leg.to }
            guard leg.meters > 0 else { continue }
            let name = graph.names[leg.name]
            if let s = steps.last, s.name == name {
                steps[steps.count - 1].distanceMeters += leg.meters
            } else {
                let b = Int(geodesic.inverse(from: previous, to: leg.to).bearingDegrees.rounded())
                steps.append(RouteStep(name: name, distanceMeters: leg.meters, bearingDegrees: (b % 360 + 360) % 360))
            }
        }
        geometry.append(destination)
        return Route(
            mode: mode, geometry: geometry, lengthMeters: snapMeters + networkMeters + endSnap, startSnapMeters: snapMeters,
            endSnapMeters: endSnap, steps: steps)
    }
}

/// A Dijkstra search's arrays, kept between searches: a node's distance and the segment it
/// was reached by count only when its stamp is this search's, so a new search clears
/// nothing (the cost Routino pays on every route). Used by one search at a time (handed
/// over through the graph's lock), hence `@unchecked Sendable`.
// Safe: used by one search at a time, handed over through the graph's lock.
final class SearchScratch: @unchecked Sendable {
    private var dist: [Double]
    private var via: [UInt32]
    private var stamp: [UInt32]
    private var settled: [UInt32]
    private var generation: UInt32 = 0
    private var heap: [(Double, Int)] = []

    init(nodes: Int) {
        dist = [Double](repeating: 0, count: nodes)
        via = [UInt32](repeating: 0, count: nodes)
        stamp = [UInt32](repeating: 0, count: nodes)
        settled = [UInt32](repeating: 0, count: nodes)
    }

    func reset() {
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { (stamp[i], settled[i]) = (0, 0) }
            generation = 1
        }
        heap.removeAll(keepingCapacity: true)
    }

    func distance(_ n: Int) -> Double? { stamp[n] == generation ? dist[n] : nil }
    func via(_ n: Int) -> UInt32 { via[n] }

    func relax(_ n: Int, _ d: Double, via segment: UInt32) {
        guard settled[n] != generation, stamp[n] != generation || d < dist[n] else { return }
        stamp[n] = generation
        dist[n] = d
        via[n] = segment
        push((d, n))
    }

    /// The smallest distance in the queue of a node not yet settled.
    func peek() -> Double? {
        while let top = heap.first {
            if settled[top.1] == generation || top.0 > dist[top.1] { _ = popTop() } else { return top.0 }
        }
        return nil
    }

    /// Settles and returns the nearest unsettled node.
    func pop() -> (Double, Int)? {
        guard peek() != nil, let top = popTop() else { return nil }
        settled[top.1] = generation
        return top
    }

    private func push(_ e: (Double, Int)) {
        heap.append(e)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard heap[i].0 < heap[p].0 else { break }
            heap.swapAt(i, p)
            i = p
        }
    }

    private func popTop() -> (Double, Int)? {
        guard !heap.isEmpty else { return nil }
        let top = heap[0]
        let last = heap.removeLast()
        if heap.isEmpty { return top }
        heap[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1
            let r = l + 1
            var m = i
            if l < heap.count, heap[l].0 < heap[m].0 { m = l }
            if r < heap.count, heap[r].0 < heap[m].0 { m = r }
            guard m != i else { return top }
            heap.swapAt(i, m)
            i = m
        }
    }
}
