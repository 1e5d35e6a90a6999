import Foundation
public import Geo
import Synchronization

/// A built network's walking graph (`walk-graph.bin`), memory-mapped read-only: the graph
/// every route of `locate` is searched on, by the command line and the server alike
/// (docs/routing.md, "The walking graph"). Made from Routino's database on first load when
/// missing or stale (another database's stamp, an older format); a damaged file is an error
/// naming it. Read-only after loading, so any number of threads search it at once, each
/// search with scratch arrays of its own (`WalkStart`). Hence `@unchecked Sendable`: the
/// mapped arrays are never written after `init`, and the two mutable parts (the pool of
/// scratch arrays, the destinations' snaps) are behind `Mutex`es (load-tested on the
/// release binary by `OneRequestTests.routesUnderConcurrentRequestsAnswerAsAlone`, and by
/// `WalkGraphTests.concurrentSearchesAgree`).
public final class WalkGraph: RouteNetwork, @unchecked Sendable {
    /// The network's folder.
    public let folder: String
    /// What the network is.
    public let manifest: NetworkManifest
    let nodeCount: Int
    let segmentCount: Int
    let latitudes: UnsafePointer<Double>
    let longitudes: UnsafePointer<Double>
    let lengths: UnsafePointer<Double>
    let offsets: UnsafePointer<UInt32>
    let adjacency: UnsafePointer<UInt32>
    let segmentA: UnsafePointer<UInt32>
    let segmentB: UnsafePointer<UInt32>
    let nameIndex: UnsafePointer<UInt32>
    let barriers: UnsafePointer<UInt8>
    let allowed: UnsafePointer<UInt8>
    let names: [String]
    let grid: SegmentGrid
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int
    private let scratch = Mutex<[SearchScratch]>([])
    /// Where each destination asked about joins the graph, per mode (nil: no way near),
    /// kept while the graph is loaded: one small entry per toilet and mode.
    private let destinations = Mutex<[DestinationKey: Snap?]>([:])

    private struct DestinationKey: Hashable {
        var latitude: Double
        var longitude: Double
        var mode: UInt8
    }

    /// How far from a point the search for the nearest usable segment looks (Routino's own
    /// waypoint search radius, 1 km); nothing nearer: no way near.
    static let snapSearchMeters = 1000.0

    /// Loads the graph of the network in `folder`, making it from Routino's database first
    /// when missing or stale. A damaged file (bad magic, size, checksum or structure) is an
    /// error naming it.
    public init(folder: String) throws {
        manifest = try NetworkManifest.read(folder: folder)
        self.folder = folder
        let path = (folder as NSString).appendingPathComponent(WalkGraphFormat.fileName)
        let stamp = WalkGraphFormat.stamp(folder: folder)
        if try !WalkGraph.isCurrent(path: path, stamp: stamp) {
            _ = try WalkGraphBuilder().write(folder: folder, source: manifest.source)
        }
        func damaged(_ why: String) -> RoutingError {
            .badNetwork(path: path, reason: "damaged walking graph: \(why) (rebuild the network)")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw damaged("cannot open (errno \(errno))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= WalkGraphFormat.headerBytes else { throw damaged("shorter than its header") }
        let size = Int(st.st_size)
        guard let m = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), m != MAP_FAILED else { throw damaged("cannot map") }
        mapping = m
        mappedBytes = size
        let raw = UnsafeRawPointer(m)
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        let layout = WalkGraphFormat.Layout(nodes: u32(12), segments: u32(16), names: u32(20), nameBytes: u32(24))
        do {
            guard layout.total == size else { throw damaged("\(size) bytes, its header says \(layout.total)") }
            let body = UnsafeRawBufferPointer(start: raw + WalkGraphFormat.headerBytes, count: size - WalkGraphFormat.headerBytes)
            let sum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 40, as: UInt64.self))
            guard WalkGraphFormat.fnv1a(body) == sum else { throw damaged("checksum mismatch at byte offset 64") }
        } catch {
            munmap(m, size)
            throw error
        }
        nodeCount = layout.nodes
        segmentCount = layout.segments
        latitudes = (raw + layout.latitudes).assumingMemoryBound(to: Double.self)
        longitudes = (raw + layout.longitudes).assumingMemoryBound(to: Double.self)
        lengths = (raw + layout.lengths).assumingMemoryBound(to: Double.self)
        offsets = (raw + layout.offsets).assumingMemoryBound(to: UInt32.self)
        adjacency = (raw + layout.adjacency).assumingMemoryBound(to: UInt32.self)
        segmentA = (raw + layout.segmentA).assumingMemoryBound(to: UInt32.self)
        segmentB = (raw + layout.segmentB).assumingMemoryBound(to: UInt32.self)
        nameIndex = (raw + layout.nameIndex).assumingMemoryBound(to: UInt32.self)
        barriers = (raw + layout.barriers).assumingMemoryBound(to: UInt8.self)
        allowed = (raw + layout.allowed).assumingMemoryBound(to: UInt8.self)
        let nameOffsets = (raw + layout.nameOffsets).assumingMemoryBound(to: UInt32.self)
        let text = (raw + layout.nameText).assumingMemoryBound(to: UInt8.self)
        var names: [String] = []
        var problem: String?
        for i in 0..<layout.names {
            let a = Int(nameOffsets[i])
            let b = Int(nameOffsets[i + 1])
            guard a <= b, b <= layout.nameBytes else {
                problem = "name \(i) out of range"
                break
            }
            names.append(String(decoding: UnsafeBufferPointer(start: text + a, count: b - a), as: UTF8.self))
        }
        if problem == nil, Int(offsets[layout.nodes]) != 2 * layout.segments {
            problem = "adjacency offsets do not end at 2 × segments"
        }
        if problem == nil {
            for s in 0..<layout.segments
            where Int(segmentA[s]) >= layout.nodes || Int(segmentB[s]) >= layout.nodes || Int(nameIndex[s]) >= layout.names {
                problem = "segment \(s) names a node or name that is not there"
                break
            }
        }
        if let problem {
            munmap(m, size)
            throw damaged(problem)
        }
        self.names = names
        grid = SegmentGrid(
            latitudes: latitudes, longitudes: longitudes, segmentA: segmentA, segmentB: segmentB, count: layout.segments,
            nodes: layout.nodes)
    }

    deinit { munmap(mapping, mappedBytes) }

    /// Whether the graph file at `path` is there, of this format version and made from the
    /// database stamped `stamp`. A file that is not a walking graph at all is an error.
    static func isCurrent(path: String, stamp: UInt64) throws -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let header = [UInt8](h.readData(ofLength: WalkGraphFormat.headerBytes))
        guard header.count == WalkGraphFormat.headerBytes, Array(header[0..<8]) == WalkGraphFormat.magic else {
            throw RoutingError.badNetwork(path: path, reason: "damaged walking graph: no LOCWALK header (rebuild the network)")
        }
        let version = header[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let stored = header[32..<40].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return version == WalkGraphFormat.version && stored == stamp
    }

    /// The coordinate of node `i`.
    func coordinate(_ i: Int) -> Coordinate { Coordinate(latitude: latitudes[i], longitude: longitudes[i]) }

    /// The start of routes from `point` for `mode`: the point placed on the nearest segment
    /// the mode may use. Throws `RoutingError.startOffNetwork` when there is none within
    /// `snapSearchMeters`, or the nearest is over `StreetNetwork.startLimitMeters` away.
    public func start(at point: Coordinate, mode: TravelMode) throws -> WalkStart {
        guard let snap = grid.nearest(to: point, mode: mode.bit, allowed: allowed, within: WalkGraph.snapSearchMeters)
        else {
            throw RoutingError.startOffNetwork(
                latitude: point.latitude, longitude: point.longitude, meters: nil, limitMeters: StreetNetwork.startLimitMeters,
                network: manifest.name)
        }
        let meters = Geodesic().distance(from: point, to: snap.point)
        if meters > StreetNetwork.startLimitMeters {
            throw RoutingError.startOffNetwork(
                latitude: point.latitude, longitude: point.longitude, meters: meters,
                limitMeters: StreetNetwork.startLimitMeters, network: manifest.name)
        }
        let s = scratch.withLock { $0.popLast() } ?? SearchScratch(nodes: nodeCount)
        return WalkStart(graph: self, point: point, mode: mode, snap: snap, snapMeters: meters, scratch: s)
    }

    /// `start(at:mode:)`, as a `RouteNetwork`.
    public func origin(at point: Coordinate, mode: TravelMode) throws -> any RouteOrigin {
        try start(at: point, mode: mode)
    }

    /// Where a route to `point` for `mode` leaves the graph (as Routino places a waypoint),
    /// or nil when no usable segment is within `snapSearchMeters`; found once per point.
    func destination(_ point: Coordinate, mode: TravelMode) -> Snap? {
        let key = DestinationKey(latitude: point.latitude, longitude: point.longitude, mode: mode.bit)
        if let known = destinations.withLock({ $0[key] }) { return known }
        let snap = grid.nearest(to: point, mode: mode.bit, allowed: allowed, within: WalkGraph.snapSearchMeters)
        destinations.withLock { $0[key] = .some(snap) }
        return snap
    }

    /// Takes back a search's scratch arrays for the next search.
    func giveBack(_ s: SearchScratch) { scratch.withLock { $0.append(s) } }
}
