import Foundation
public import Geo
import Synchronization

// Safe: read-only after loading; each search uses scratch arrays of its own, handed out under the graph's lock.
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
    /// when missing or stale. A damaged file (bad magic, size, checksum or structure:
    /// `WalkGraphCheck`) is an error naming it.
    public convenience init(folder: String) throws {
        let manifest = try NetworkManifest.read(folder: folder)
        let path = (folder as NSString).appendingPathComponent(WalkGraphFormat.fileName)
        let stamp = WalkGraphFormat.stamp(folder: folder)
        if try !WalkGraph.isCurrent(path: path, stamp: stamp) {
            _ = try WalkGraphBuilder().write(folder: folder, source: manifest.source)
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw WalkGraphCheck.damaged(path, "cannot open (errno \(errno))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= WalkGraphFormat.headerBytes else {
            throw WalkGraphCheck.damaged(path, "shorter than its header")
        }
        let size = Int(st.st_size)
        guard let m = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), m != MAP_FAILED else {
            throw WalkGraphCheck.damaged(path, "cannot map")
        }
        try self.init(folder: folder, manifest: manifest, path: path, mapping: m, size: size)
    }

    /// The graph of a file's `bytes`, copied into memory of its own and checked as a file is
    /// (`WalkGraphCheck`, the checksum included): what the fuzzing target of the reader loads.
    public convenience init(fileBytes bytes: [UInt8]) throws {
        let path = "walk-graph.bin"
        guard bytes.count >= WalkGraphFormat.headerBytes else { throw WalkGraphCheck.damaged(path, "shorter than its header") }
        guard let m = mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), m != MAP_FAILED
        else { throw WalkGraphCheck.damaged(path, "cannot map") }
        bytes.withUnsafeBytes { b in if let base = b.baseAddress { m.copyMemory(from: base, byteCount: b.count) } }
        let manifest = NetworkManifest(
            name: "fuzz", source: path, sourceBytes: Int64(bytes.count),
            bbox: BoundingBox(minLongitude: 0, minLatitude: 0, maxLongitude: 0, maxLatitude: 0), nodes: 0, builtAt: "")
        try self.init(folder: ".", manifest: manifest, path: path, mapping: m, size: bytes.count)
    }

    /// The graph in the `size` bytes mapped at `m` (unmapped here when they do not hold a
    /// sound graph, else when the graph goes), read from `path`.
    private init(folder: String, manifest: NetworkManifest, path: String, mapping m: UnsafeMutableRawPointer, size: Int) throws {
        let layout: WalkGraphFormat.Layout
        let names: [String]
        do {
            (layout, names) = try WalkGraphCheck.check(UnsafeRawPointer(m), size: size, path: path)
        } catch {
            munmap(m, size)
            throw error
        }
        self.folder = folder
        self.manifest = manifest
        mapping = m
        mappedBytes = size
        let raw = UnsafeRawPointer(m)
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
        self.names = names
        grid = SegmentGrid(
            latitudes: latitudes, longitudes: longitudes, segmentA: segmentA, segmentB: segmentB, count: layout.segments)
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
    /// `snapSearchMeters`, or the nearest is over `StreetNetwork.startLimitMeters` away. Its
    /// searches stop with `CancellationError` once `cancellation` is raised.
    public func start(at point: Coordinate, mode: TravelMode, cancellation: SearchCancellation? = nil) throws -> WalkStart {
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
        return WalkStart(
            graph: self, point: point, mode: mode, snap: snap, snapMeters: meters, scratch: s, cancellation: cancellation)
    }

    /// `start(at:mode:cancellation:)`, as a `RouteNetwork`.
    public func origin(at point: Coordinate, mode: TravelMode, cancellation: SearchCancellation?) throws -> any RouteOrigin {
        try start(at: point, mode: mode, cancellation: cancellation)
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

    /// The coordinates of the first `n` nodes (fewer when the graph has fewer).
    public func firstNodes(_ n: Int) -> [Coordinate] { (0..<min(n, nodeCount)).map(coordinate) }

    /// `bytes` with the header's checksum made that of the body: how a forged file passes the
    /// checksum (the fuzzing target and the tests forge with it). Shorter than a header:
    /// unchanged.
    public static func withChecksum(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= WalkGraphFormat.headerBytes else { return bytes }
        var out = bytes
        let sum = out[WalkGraphFormat.headerBytes...].withUnsafeBytes { WalkGraphFormat.fnv1a($0) }
        withUnsafeBytes(of: sum.littleEndian) { for (i, b) in $0.enumerated() { out[40 + i] = b } }
        return out
    }

    /// Takes back a search's scratch arrays for the next search.
    func giveBack(_ s: SearchScratch) { scratch.withLock { $0.append(s) } }
}
