import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// What a snapshot contains.
public struct SnapshotSummary: Sendable, Equatable {
    /// Toilets written.
    public var count: Int
    /// Shard files written.
    public var shards: Int
    /// Changes since the snapshot it replaced (nil: there was none).
    public var added: Int?
    public var updated: Int?
    public var retired: Int?
}

/// Writes a static snapshot folder for map clients (README, "Static snapshots"):
/// `manifest.json`, `toilets.geojson`, `toilets/shards/*.geojson` with
/// `toilets/shards.json`, `toilets/versions.tsv`, `changes.json` and an offline preview
/// (`index.html`, `data.js`, `leaflet/`). Everything is written to a sibling temporary
/// folder first and swapped in at the end: a failure leaves the old snapshot as it was.
public struct SnapshotWriter {
    let store: LocateStore
    /// Where Debian's `libjs-leaflet` keeps Leaflet.
    public static let leafletFolder = "/usr/share/javascript/leaflet"
    /// Above this many features the preview page shows a note instead of every marker.
    public static let previewLimit = 50_000

    /// Creates a writer over a store.
    public init(store: LocateStore) { self.store = store }

    /// Writes the snapshot to `folder`. `at`: the generation time (default: the newest
    /// ingest's finish time, never the clock), also the instant of the `state` properties.
    public func write(to folder: String, at: Date?) throws -> SnapshotSummary {
        let provenance = try Provenance.read(store, at: at)
        guard provenance.count > 0 else { throw ExportError.empty(dataset: "toilets") }
        let generated = at ?? ISO8601DateFormatter().date(from: provenance.generatedAt) ?? Date(timeIntervalSince1970: 0)
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        let parent = (target as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw ExportError.unwritable(path: folder, reason: "folder \(parent) does not exist")
        }
        let work = target + ".tmp-\(getpid())"
        try? FileManager.default.removeItem(atPath: work)
        do {
            try FileManager.default.createDirectory(atPath: work + "/toilets/shards", withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: folder, reason: "cannot create \(work)")
        }
        do {
            let summary = try fill(work, previous: target, at: generated, provenance: provenance)
            try swap(work, into: target)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: work)
            throw error
        }
    }

    private func fill(_ work: String, previous: String, at: Date, provenance: Provenance) throws -> SnapshotSummary {
        var versions: [(String, String)] = []
        let exporter = GeoJSONExporter(store: store)
        let full = try exporter.write(dataset: "toilets", to: work + "/toilets.geojson", at: at) {
            versions.append(($0.id, $0.contentHash))
        }
        let shards = try ShardWriter(store: store, folder: work + "/toilets", at: at, provenance: provenance).write()
        let versionText = versions.map { "\($0.0)\t\($0.1)\n" }.joined()
        try write(versionText, to: work + "/toilets/versions.tsv")
        let changes = try Changes(
            previous: previous + "/toilets/versions.tsv", current: versions, generatedAt: provenance.generatedAt)
        try write(changes.json, to: work + "/changes.json")
        try PreviewPage.write(into: work, featureCount: full.count, limit: SnapshotWriter.previewLimit)
        try Manifest.write(folder: work, provenance: provenance, full: full, shards: shards.count)
        return SnapshotSummary(
            count: full.count, shards: shards.count, added: changes.added?.count, updated: changes.updated?.count,
            retired: changes.retired?.count)
    }

    private func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw ExportError.unwritable(path: path, reason: "cannot create the file")
        }
    }

    /// Puts the finished folder in place: the old one is moved aside first and removed after.
    private func swap(_ work: String, into target: String) throws {
        let old = target + ".old-\(getpid())"
        let hadOld = FileManager.default.fileExists(atPath: target)
        if hadOld, rename(target, old) != 0 {
            throw ExportError.unwritable(path: target, reason: String(cString: strerror(errno)).lowercased())
        }
        guard rename(work, target) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            if hadOld { _ = rename(old, target) }
            throw ExportError.unwritable(path: target, reason: reason)
        }
        if hadOld { try? FileManager.default.removeItem(atPath: old) }
    }
}

/// What changed since the previous snapshot, from both snapshots' `versions.tsv`.
struct Changes {
    var added: [String]?
    var updated: [String]?
    var retired: [String]?
    var json: String

    init(previous path: String, current: [(String, String)], generatedAt: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            added = nil
            updated = nil
            retired = nil
            json =
                "{\"generated_at\":\(JSONText.quoted(generatedAt)),\"previous\":null,\"added\":[],\"updated\":[],\"retired\":[]}\n"
            return
        }
        var old: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { old[String(parts[0])] = String(parts[1]) }
        }
        var a: [String] = []
        var u: [String] = []
        var seen = Set<String>()
        for (id, hash) in current {
            seen.insert(id)
            if let h = old[id] { if h != hash { u.append(id) } } else { a.append(id) }
        }
        let r = old.keys.filter { !seen.contains($0) }.sorted()
        added = a
        updated = u
        retired = r
        func list(_ ids: [String]) -> String { "[" + ids.map(JSONText.quoted).joined(separator: ",") + "]" }
        json =
            "{\"generated_at\":\(JSONText.quoted(generatedAt)),\"previous\":\"versions.tsv\",\"added\":\(list(a)),"
            + "\"updated\":\(list(u)),\"retired\":\(list(r))}\n"
    }
}
