public import Foundation
public import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// What a snapshot contains.
public struct SnapshotSummary: Sendable, Equatable {
    /// One dataset of the snapshot.
    public struct Dataset: Sendable, Equatable {
        /// `toilets` or `stations`.
        public var name: String
        /// Features written.
        public var count: Int
        /// Changes since the snapshot it replaced (nil: there was none, or it lacked the dataset):
        /// features added,
        public var added: Int?
        /// features whose content changed,
        public var updated: Int?
        /// and features no longer present.
        public var retired: Int?

        /// A dataset's figures.
        public init(name: String, count: Int, added: Int?, updated: Int?, retired: Int?) {
            self.name = name
            self.count = count
            self.added = added
            self.updated = updated
            self.retired = retired
        }
    }

    /// The datasets written, toilets first.
    public var datasets: [Dataset]
    /// Toilet shard files written.
    public var shards: Int

    /// The named dataset, if the snapshot has it.
    public func dataset(_ name: String) -> Dataset? { datasets.first { $0.name == name } }
}

/// Writes a static snapshot folder for map clients (README, "Static snapshots"):
/// `manifest.json`; for toilets `toilets.geojson`, `toilets/shards/*.geojson` with
/// `toilets/shards.json`, `toilets/versions.tsv` and `changes.json`; for stations (when the
/// store has any) `stations.geojson`, `stations/versions.tsv`, `stations/changes.json`; and
/// an offline preview (`index.html`, `data.js`, `leaflet/`). Everything is written to a
/// sibling temporary folder first and swapped in at the end: a failure leaves the old
/// snapshot as it was.
public struct SnapshotWriter {
    let store: LocateStore
    /// Where Debian's `libjs-leaflet` keeps Leaflet.
    public static let leafletFolder = "/usr/share/javascript/leaflet"
    /// Above this many toilets the preview page shows a note instead of every marker.
    public static let previewLimit = 50_000

    /// Creates a writer over a store.
    public init(store: LocateStore) { self.store = store }

    /// Writes the snapshot to `folder`. `at`: the generation time (default: the newest
    /// ingest's finish time, never the clock), also the instant of the `state` properties
    /// and of the stations' newest values.
    public func write(to folder: String, at: Date?) throws -> SnapshotSummary {
        let toilets = try Provenance.read(store, at: at, kind: .toilets)
        let stations = try Provenance.read(store, at: at, kind: .stations)
        guard toilets.count > 0 || stations.count > 0 else { throw ExportError.empty(dataset: "toilets or stations") }
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        let parent = (target as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw ExportError.unwritable(path: folder, reason: "folder \(parent) does not exist")
        }
        let work = target + ".tmp-\(getpid())"
        try? FileManager.default.removeItem(atPath: work)
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: folder, reason: "cannot create \(work)")
        }
        do {
            var entries: [Manifest.Entry] = []
            var summary = SnapshotSummary(datasets: [], shards: 0)
            // Toilet states and the stations' newest values are as of the generation time.
            let generated = at ?? toilets.generatedDate
            if toilets.count > 0 {
                let (entry, dataset, shards) = try part(
                    "toilets", provenance: toilets, work: work, previous: target, at: generated, changes: "changes.json")
                entries.append(entry)
                summary.datasets.append(dataset)
                summary.shards = shards
            }
            if stations.count > 0 {
                let (entry, dataset, _) = try part(
                    "stations", provenance: stations, work: work, previous: target, at: generated,
                    changes: "stations/changes.json")
                entries.append(entry)
                summary.datasets.append(dataset)
            }
            try PreviewPage.write(
                into: work, toilets: summary.dataset("toilets")?.count ?? 0, stations: summary.dataset("stations")?.count ?? 0,
                limit: SnapshotWriter.previewLimit)
            try Manifest.write(folder: work, generatedAt: toilets.generatedAt, entries)  // the same for every table
            try swap(work, into: target)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: work)
            throw error
        }
    }

    /// One dataset's files: the full file, its versions and changes, and for toilets the shards.
    private func part(
        _ name: String, provenance: Provenance, work: String, previous: String, at: Date, changes changesPath: String
    ) throws -> (Manifest.Entry, SnapshotSummary.Dataset, Int) {
        do {
            try FileManager.default.createDirectory(
                atPath: work + "/" + name + (name == "toilets" ? "/shards" : ""), withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: work, reason: "cannot create \(work)/\(name)")
        }
        var versions: [(String, String)] = []
        let full = try GeoJSONExporter(store: store).write(
            dataset: name, to: "\(work)/\(name).geojson", at: at, keepStable: true
        ) {
            versions.append(($0.id, $0.contentHash))
        }
        var shards: [ShardWriter.Shard]? = nil
        if name == "toilets" {
            shards = try ShardWriter(store: store, folder: work + "/toilets", at: at, provenance: provenance).write()
        }
        try write(versions.map { "\($0.0)\t\($0.1)\n" }.joined(), to: "\(work)/\(name)/versions.tsv")
        let changes = try Changes(
            kind: name, previous: "\(name)/versions.tsv", in: previous, current: versions,
            generatedAt: provenance.generatedAt)
        try writeJSON(changes, to: work + "/" + changesPath)
        let entry = Manifest.Entry(
            name: name, summary: full, provenance: provenance, shardCount: shards?.count, changes: changesPath)
        let dataset = SnapshotSummary.Dataset(
            name: name, count: full.count, added: changes.added?.count, updated: changes.updated?.count,
            retired: changes.retired?.count)
        return (entry, dataset, shards?.count ?? 0)
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

/// What changed since the previous snapshot, from both snapshots' `versions.tsv`:
/// `changes.json` (schema `snapshot-changes/1`).
struct Changes: Encodable {
    static let schema = "snapshot-changes/1"
    /// `toilets` or `stations` (the contract's `kind`).
    var kind: String
    var generatedAt: String
    /// The previous versions file (nil: there was no previous snapshot of the dataset).
    var previous: String?
    var added: [String]?
    var updated: [String]?
    var retired: [String]?

    /// `previous`: the versions file's path inside the snapshot folder `folder` being replaced.
    init(kind: String, previous: String, in folder: String, current: [(String, String)], generatedAt: String) throws {
        self.kind = kind
        self.generatedAt = generatedAt
        guard let data = FileManager.default.contents(atPath: folder + "/" + previous) else { return }
        self.previous = previous
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
        added = a
        updated = u
        retired = old.keys.filter { !seen.contains($0) }.sorted()
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Changes.schema, forKey: .schema)
        try c.encode(kind, forKey: .kind)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(previous, forKey: .previous)
        try c.encode(added ?? [], forKey: .added)
        try c.encode(updated ?? [], forKey: .updated)
        try c.encode(retired ?? [], forKey: .retired)
    }

    private enum Keys: String, CodingKey { case schema, kind, generatedAt = "generated_at", previous, added, updated, retired }
}
