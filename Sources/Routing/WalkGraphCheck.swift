import Foundation

/// The checks a `walk-graph.bin` passes before any search reads it, once per mapping
/// (docs/routing.md, "The walking graph"): its size agrees with its header, its checksum with
/// its body, and its structure holds whatever bytes a forged file with a recomputed checksum
/// has: coordinates finite and on the globe, the adjacency offsets rising from 0 to
/// 2 × segments, every adjacency entry a segment at that node, every segment's ends and name
/// present, its length finite and not below the straight line between its ends (less 1 %
/// and 1 m, for the sphere against the ellipsoid), the name offsets in range. One pass over
/// each array: about 10 ns per node and segment.
enum WalkGraphCheck {
    /// The error for a damaged file at `path`: what is wrong, and what to do.
    static func damaged(_ path: String, _ why: String) -> RoutingError {
        .badNetwork(path: path, reason: "damaged walking graph: \(why) (rebuild the network)")
    }

    /// The layout and names of the graph in the `size` bytes at `raw`, or the damage found.
    static func check(_ raw: UnsafeRawPointer, size: Int, path: String) throws -> (WalkGraphFormat.Layout, [String]) {
        func fail(_ why: String) -> RoutingError { damaged(path, why) }
        guard size >= WalkGraphFormat.headerBytes else { throw fail("shorter than its header") }
        guard Array(UnsafeRawBufferPointer(start: raw, count: 8)) == WalkGraphFormat.magic else {
            throw fail("no LOCWALK header")
        }
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        let layout = WalkGraphFormat.Layout(nodes: u32(12), segments: u32(16), names: u32(20), nameBytes: u32(24))
        guard layout.total == size else { throw fail("\(size) bytes, its header says \(layout.total)") }
        let body = UnsafeRawBufferPointer(start: raw + WalkGraphFormat.headerBytes, count: size - WalkGraphFormat.headerBytes)
        let sum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 40, as: UInt64.self))
        guard WalkGraphFormat.fnv1a(body) == sum else { throw fail("checksum mismatch at byte offset 64") }
        let (nodes, segments) = (layout.nodes, layout.segments)
        guard 2 * segments <= Int(UInt32.max) else { throw fail("\(segments) segments, more than the format holds") }
        func doubles(_ at: Int) -> UnsafeBufferPointer<Double> {
            UnsafeBufferPointer(
                start: (raw + at).assumingMemoryBound(to: Double.self), count: at == layout.lengths ? segments : nodes)
        }
        func words(_ at: Int, _ count: Int) -> UnsafeBufferPointer<UInt32> {
            UnsafeBufferPointer(start: (raw + at).assumingMemoryBound(to: UInt32.self), count: count)
        }
        let (lat, lon) = (doubles(layout.latitudes), doubles(layout.longitudes))
        for i in 0..<nodes where !(abs(lat[i]) <= 90 && abs(lon[i]) <= 180) {
            throw fail("node \(i) is not on the globe (\(lat[i]),\(lon[i]))")
        }
        let offsets = words(layout.offsets, nodes + 1)
        let adjacency = words(layout.adjacency, 2 * segments)
        let (a, b) = (words(layout.segmentA, segments), words(layout.segmentB, segments))
        let nameIndex = words(layout.nameIndex, segments)
        let lengths = doubles(layout.lengths)
        for s in 0..<segments {
            guard Int(a[s]) < nodes, Int(b[s]) < nodes, Int(nameIndex[s]) < layout.names else {
                throw fail("segment \(s) names a node or name that is not there")
            }
            let straight = Double(
                SegmentGrid.routinoDistance(
                    lat[Int(a[s])] * .pi / 180, lon[Int(a[s])] * .pi / 180, lat[Int(b[s])] * .pi / 180,
                    lon[Int(b[s])] * .pi / 180))
            guard lengths[s].isFinite, lengths[s] >= 0, lengths[s] >= straight * 0.99 - 1 else {
                throw fail("segment \(s) has length \(lengths[s]) m between ends \(Int(straight)) m apart")
            }
        }
        guard offsets[0] == 0, Int(offsets[nodes]) == 2 * segments else {
            throw fail("adjacency offsets do not run from 0 to 2 × segments")
        }
        for u in 0..<nodes {
            guard offsets[u] <= offsets[u + 1] else { throw fail("adjacency offsets fall at node \(u)") }
            for k in Int(offsets[u])..<Int(offsets[u + 1]) {
                let s = Int(adjacency[k])
                guard s < segments, Int(a[s]) == u || Int(b[s]) == u else {
                    throw fail("adjacency of node \(u) lists a segment that does not end there")
                }
            }
        }
        let nameOffsets = words(layout.nameOffsets, layout.names + 1)
        let text = (raw + layout.nameText).assumingMemoryBound(to: UInt8.self)
        var names: [String] = []
        names.reserveCapacity(layout.names)
        for i in 0..<layout.names {
            let (from, to) = (Int(nameOffsets[i]), Int(nameOffsets[i + 1]))
            guard from <= to, to <= layout.nameBytes else { throw fail("name \(i) out of range") }
            names.append(String(decoding: UnsafeBufferPointer(start: text + from, count: to - from), as: UTF8.self))
        }
        return (layout, names)
    }
}
