import Foundation

/// The walking graph of a built network as plain arrays (`walk-graph.bin`, docs/routing.md,
/// "The walking graph"): Routino's routable nodes and segments, each segment with its
/// geodesic length, the modes that may use it and its way's name; nodes with the modes that
/// may not pass them (barriers). Adjacency is CSR: the segments at node `i` are
/// `adjacency[offsets[i] ..< offsets[i + 1]]`. Written by `WalkGraphBuilder`, read back
/// memory-mapped by `WalkGraph`.
struct WalkGraphData: Equatable {
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    /// Per node, the modes (`TravelMode.bit`) that may not pass it.
    var barriers: [UInt8] = []
    var segmentA: [UInt32] = []
    var segmentB: [UInt32] = []
    /// Geodesic length of each segment (WGS84 metres, `Geodesic.distance`).
    var lengths: [Double] = []
    /// Per segment, the modes (`TravelMode.bit`) that may use it.
    var allowed: [UInt8] = []
    /// Per segment, the index of its name in `names`.
    var nameIndex: [UInt32] = []
    var names: [String] = []

    /// The CSR adjacency: offsets (node count + 1) and segment indices.
    func adjacency() -> (offsets: [UInt32], segments: [UInt32]) {
        var degree = [UInt32](repeating: 0, count: latitudes.count + 1)
        for s in segmentA.indices {
            degree[Int(segmentA[s]) + 1] += 1
            degree[Int(segmentB[s]) + 1] += 1
        }
        for i in 1..<degree.count { degree[i] += degree[i - 1] }
        var fill = degree
        var adjacency = [UInt32](repeating: 0, count: segmentA.count * 2)
        for s in segmentA.indices {
            for n in [segmentA[s], segmentB[s]] {
                adjacency[Int(fill[Int(n)])] = UInt32(s)
                fill[Int(n)] += 1
            }
        }
        return (degree, adjacency)
    }
}

/// The file format of `walk-graph.bin`, version 1 (little-endian): a 64-byte header (magic
/// `LOCWALK\0`, version, node, segment and name counts, name bytes, the stamp of the Routino
/// database it was made from, the FNV-1a checksum of everything after the header), then the
/// arrays, 8-byte values first so every array is aligned: latitudes, longitudes, lengths
/// (Float64); CSR offsets, adjacency, segment ends, name indices, name offsets (UInt32);
/// barriers, allowed modes (UInt8); the names' UTF-8 bytes.
enum WalkGraphFormat {
    static let fileName = "walk-graph.bin"
    static let magic: [UInt8] = Array("LOCWALK\0".utf8)
    static let version: UInt32 = 1
    static let headerBytes = 64

    /// Where each array starts, for the counts in a header.
    struct Layout {
        var nodes: Int
        var segments: Int
        var names: Int
        var nameBytes: Int
        var latitudes: Int { headerBytes }
        var longitudes: Int { latitudes + 8 * nodes }
        var lengths: Int { longitudes + 8 * nodes }
        var offsets: Int { lengths + 8 * segments }
        var adjacency: Int { offsets + 4 * (nodes + 1) }
        var segmentA: Int { adjacency + 4 * 2 * segments }
        var segmentB: Int { segmentA + 4 * segments }
        var nameIndex: Int { segmentB + 4 * segments }
        var nameOffsets: Int { nameIndex + 4 * segments }
        var barriers: Int { nameOffsets + 4 * (names + 1) }
        var allowed: Int { barriers + nodes }
        var nameText: Int { allowed + segments }
        var total: Int { nameText + nameBytes }
    }

    /// The file's bytes for `graph`, stamped `stamp`.
    static func encode(_ graph: WalkGraphData, stamp: UInt64) -> [UInt8] {
        let (offsets, adjacency) = graph.adjacency()
        var nameOffsets: [UInt32] = [0]
        var text: [UInt8] = []
        for n in graph.names {
            text += Array(n.utf8)
            nameOffsets.append(UInt32(text.count))
        }
        var body: [UInt8] = []
        func put<T: FixedWidthInteger>(_ values: [T]) {
            for v in values { withUnsafeBytes(of: v.littleEndian) { body += $0 } }
        }
        func put(_ values: [Double]) { put(values.map(\.bitPattern)) }
        put(graph.latitudes)
        put(graph.longitudes)
        put(graph.lengths)
        put(offsets)
        put(adjacency)
        put(graph.segmentA)
        put(graph.segmentB)
        put(graph.nameIndex)
        put(nameOffsets)
        body += graph.barriers
        body += graph.allowed
        body += text
        var header = magic
        func head<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { header += $0 } }
        head(version)
        head(UInt32(graph.latitudes.count))
        head(UInt32(graph.segmentA.count))
        head(UInt32(graph.names.count))
        head(UInt32(text.count))
        head(UInt32(0))
        head(stamp)
        head(body.withUnsafeBytes { fnv1a($0) })
        header += [UInt8](repeating: 0, count: headerBytes - header.count)
        return header + body
    }

    /// FNV-1a, 64 bits.
    static func fnv1a(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = seed
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// The stamp of the Routino database in `folder`: FNV-1a of the size and modification
    /// time of each of its files, so a graph made from another database is seen as stale.
    static func stamp(folder: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in ["nodes.mem", "segments.mem", "ways.mem", "relations.mem"] {
            var st = stat()
            let path = (folder as NSString).appendingPathComponent(file)
            let text = stat(path, &st) == 0 ? "\(file):\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)" : "\(file):-"
            h = Array(text.utf8).withUnsafeBytes { fnv1a($0, seed: h) }
        }
        return h
    }
}
