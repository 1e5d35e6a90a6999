public import Foundation
import Geo
import Synchronization

/// Builds a street network from an OSM extract (`.osm.pbf` or `.osm`) with Routino's
/// `planetsplitter`, into `<database>.network/<name>`: the build happens in a new folder of
/// its own, and the name is then switched to it by renaming a symbolic link, so a reader
/// sees the old network or the new one, never a half-built one; a failed build leaves the
/// old one in place.
public struct NetworkBuilder: Sendable {
    /// Routino's tools and tagging rules (Debian's routino and routino-common).
    public var planetsplitter = "/usr/bin/planetsplitter"
    /// Dumps a built database (the bounding box of its nodes is read from it).
    public var filedumper = "/usr/bin/filedumper"
    /// Which OSM tags make which ways routable, for whom.
    public var tagging = "/usr/share/routino/tagging.xml"

    /// A builder with Debian's paths.
    public init() {}

    /// Builds network `name` from `source` beside the database at `databasePath`, stamped
    /// `builtAt`; returns its manifest. Errors name the source file or the tool.
    public func build(source: String, databasePath: String, name: String, builtAt: Date) throws -> NetworkManifest {
        try NetworkCatalog.check(name: name)
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: source, isDirectory: &isDir), !isDir.boolValue else {
            throw RoutingError.unreadableSource(path: source, reason: "no such file")
        }
        guard fm.isReadableFile(atPath: source) else { throw RoutingError.unreadableSource(path: source, reason: "not readable") }
        let bytes = ((try? fm.attributesOfItem(atPath: source))?[.size] as? NSNumber)?.int64Value ?? 0
        let parent = NetworkCatalog.folder(forDatabase: databasePath)
        try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let version = ".\(name)-\(UUID().uuidString.prefix(8).lowercased())"
        let building = (parent as NSString).appendingPathComponent(version)
        try fm.createDirectory(atPath: building, withIntermediateDirectories: false)
        do {
            do {
                _ = try run(
                    planetsplitter, ["--dir=\(building)", "--tmpdir=\(building)", "--tagging=\(tagging)", source],
                    source: source)
            } catch RoutingError.buildFailed(_, _, _, let detail) where NetworkBuilder.foundNoWay(detail) {
                throw RoutingError.emptyNetwork(source: source)
            }
            let (bbox, nodes) = try extent(of: building, source: source)
            guard nodes > 0, let bbox else { throw RoutingError.emptyNetwork(source: source) }
            // The walking graph every route is searched on, made from Routino's database.
            do {
                var graph = WalkGraphBuilder()
                graph.filedumper = filedumper
                _ = try graph.write(folder: building, source: source)
            } catch RoutingError.badNetwork(_, let reason) where reason.hasSuffix("no segment a route can use") {
                throw RoutingError.emptyNetwork(source: source)
            }
            let manifest = NetworkManifest(
                name: name, source: source, sourceBytes: bytes, bbox: bbox, nodes: nodes,
                builtAt: ISO8601DateFormatter().string(from: builtAt))
            try manifest.data().write(
                to: URL(fileURLWithPath: (building as NSString).appendingPathComponent(NetworkManifest.fileName)))
            try NetworkCatalog.switchLink(name: name, to: version, in: parent)
            return manifest
        } catch {
            try? fm.removeItem(atPath: building)
            throw error
        }
    }

    /// Whether `planetsplitter`'s last line says it had nothing to route over: with no way a
    /// transport may use its temporary files stay empty, and it stops mapping one (mmap(2)
    /// refuses a length of 0 with EINVAL: "Cannot mmap file '….tmp' for reading [Invalid
    /// argument]", Routino 3.3).
    static func foundNoWay(_ detail: String) -> Bool {
        detail.hasPrefix("Cannot mmap file") && detail.contains(".tmp'") && detail.hasSuffix("[Invalid argument].")
    }

    /// Runs `tool` with `arguments`; its standard output, or an error naming the tool, the
    /// source and the last line of its standard error.
    func run(_ tool: String, _ arguments: [String], source: String) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch {
            throw RoutingError.buildFailed(
                tool: tool, source: source, status: -1, detail: "cannot run (\(error.localizedDescription))")
        }
        // Read both pipes to their ends before waiting, so a chatty tool never blocks on a full pipe.
        let errReader = Thread.detachedRead(err.fileHandleForReading)
        let output = readToEnd(out.fileHandleForReading)
        let errText = String(decoding: errReader.wait(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let last = errText.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            throw RoutingError.buildFailed(
                tool: (tool as NSString).lastPathComponent, source: source, status: p.terminationStatus, detail: last)
        }
        return output
    }

    /// The bounding box and count of the built database's nodes, from `filedumper --dump`.
    private func extent(of folder: String, source: String) throws -> (BoundingBox?, Int) {
        let text = try run(filedumper, ["--dir=\(folder)", "--dump", "--node=all"], source: source)
        var box: BoundingBox?
        var count = 0
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            guard let open = line.range(of: "(latitude="), let mid = line.range(of: " longitude="),
                let lat = Double(line[open.upperBound..<mid.lowerBound]),
                let lon = Double(line[mid.upperBound...].prefix { $0 != ")" })
            else { continue }
            count += 1
            if var b = box {
                b.minLatitude = min(b.minLatitude, lat)
                b.maxLatitude = max(b.maxLatitude, lat)
                b.minLongitude = min(b.minLongitude, lon)
                b.maxLongitude = max(b.maxLongitude, lon)
                box = b
            } else {
                box = BoundingBox(minLongitude: lon, minLatitude: lat, maxLongitude: lon, maxLatitude: lat)
            }
        }
        return (box, count)
    }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; `wait()` returns what was read.
    fileprivate static func detachedRead(_ handle: FileHandle) -> PipeReader {
        let reader = PipeReader()
        let t = Thread { reader.finish(readToEnd(handle)) }
        t.start()
        return reader
    }
}

/// Everything `handle` gives until its end, read again when a signal interrupts a read
/// (Foundation's `readDataToEndOfFile()` stops the process then).
private func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if n > 0 {
            data.append(contentsOf: buffer[0..<n])
        } else if n < 0, errno == EINTR {
            continue
        } else {
            return data
        }
    }
}

/// The end of a pipe read on another thread.
private final class PipeReader: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let data = Mutex(Data())

    func finish(_ d: Data) {
        data.withLock { $0 = d }
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
