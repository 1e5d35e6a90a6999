import Files
public import Foundation
import Hours
public import Storage

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

/// Writes a static snapshot folder for map clients (docs/guide.md, "Static snapshots"):
/// `manifest.json`; for toilets `toilets.geojson`, `toilets/shards/*.geojson` with
/// `toilets/shards.json`, `toilets/versions.tsv` and `changes.json`; for stations (when the
/// store has any) `stations.geojson`, `stations/versions.tsv`, `stations/changes.json`; and
/// an offline preview (`index.html`, `data.js`, `leaflet/`, the page's scripts, its service
/// worker and web app manifest), and last `offline.json` (`OfflineFiles`). The folder is built apart and
/// published atomically (`SnapshotFolder`): a failure or a kill leaves the old snapshot as it
/// was, and a folder that is not a snapshot is never written into.
public struct SnapshotWriter {
    let store: LocateStore
    /// Where Debian's `libjs-leaflet` keeps Leaflet.
    public static let leafletFolder = "/usr/share/javascript/leaflet"
    /// Above this many toilets the preview page shows a note instead of every marker.
    public static let previewLimit = 50_000

    /// Computes the stations' European Air Quality Index (nil: their `eaqi_*` are null).
    let eaqi: StationEAQIRule?

    /// Creates a writer over a store; `eaqi` as `GeoJSONExporter(store:eaqi:)` takes it.
    public init(store: LocateStore, eaqi: StationEAQIRule? = nil) {
        self.store = store
        self.eaqi = eaqi
    }

    /// Writes the snapshot to `folder`. `at`: the generation time (default: the newest
    /// ingest's finish time, never the clock), also the instant of the `state` properties
    /// and of the stations' newest values.
    public func write(to folder: String, at: Date?, preview: PreviewOptions = PreviewOptions()) throws -> SnapshotSummary {
        let toilets = try Provenance.read(store, at: at, kind: .toilets)
        let stations = try Provenance.read(store, at: at, kind: .stations)
        guard toilets.count > 0 || stations.count > 0 else { throw ExportError.empty(dataset: "toilets or stations") }
        let place = try SnapshotFolder(folder)
        let work = place.work
        do {
            var entries: [Manifest.Entry] = []
            var summary = SnapshotSummary(datasets: [], shards: 0)
            // Toilet states and the stations' newest values are as of the generation time.
            let generated = at ?? toilets.generatedDate
            if toilets.count > 0 {
                let (entry, dataset, shards) = try part(
                    "toilets", provenance: toilets, work: work, previous: place.previous, at: generated,
                    changes: "changes.json")
                entries.append(entry)
                summary.datasets.append(dataset)
                summary.shards = shards
            }
            if stations.count > 0 {
                let (entry, dataset, _) = try part(
                    "stations", provenance: stations, work: work, previous: place.previous, at: generated,
                    changes: "stations/changes.json")
                entries.append(entry)
                summary.datasets.append(dataset)
            }
            let toiletCount = summary.dataset("toilets")?.count ?? 0
            let extras = try PreviewPage.extras(
                store, toilets: toilets, stations: stations, toiletCount: toiletCount, at: generated, preview: preview)
            try PreviewPage.write(
                into: work, toilets: toiletCount, stations: summary.dataset("stations")?.count ?? 0,
                limit: SnapshotWriter.previewLimit, extras: extras)
            try Manifest.write(folder: work, generatedAt: toilets.generatedAt, entries)  // the same for every table
            try OfflineFiles.write(folder: work)  // last: every file the folder holds
            try place.publish()
            return summary
        } catch {
            place.discard()
            throw SnapshotWriter.naming(error, work: work, as: folder)
        }
    }

    /// The error with paths inside the work folder named as they will be in `DIR`.
    static func naming(_ error: any Error, work: String, as folder: String) -> any Error {
        let rename = { (path: String) in path.hasPrefix(work) ? folder + path.dropFirst(work.count) : path }
        switch error {
        case FileError.cannotWrite(let path, let reason): return FileError.cannotWrite(path: rename(path), reason: reason)
        case ExportError.unwritable(let path, let reason): return ExportError.unwritable(path: rename(path), reason: reason)
        default: return error
        }
    }

    /// One dataset's files: the full file, its versions and changes, and for toilets the shards.
    private func part(
        _ name: String, provenance: Provenance, work: String, previous: String?, at: Date, changes changesPath: String
    ) throws -> (Manifest.Entry, SnapshotSummary.Dataset, Int) {
        do {
            try FileManager.default.createDirectory(
                atPath: work + "/" + name + (name == "toilets" ? "/shards" : ""), withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: work + "/" + name, reason: "cannot create the folder")
        }
        var versions: [(String, String)] = []
        let full = try GeoJSONExporter(store: store, eaqi: eaqi).write(
            dataset: name, to: "\(work)/\(name).geojson", at: at, keepStable: true, replacing: false
        ) {
            versions.append(($0.id, $0.contentHash))
        }
        var shards: [ShardWriter.Shard]? = nil
        if name == "toilets" {
            shards = try ShardWriter(store: store, folder: work + "/toilets", at: at, provenance: provenance).write()
        }
        try CheckedFile.write(Array(VersionsFile.text(versions).utf8), to: "\(work)/\(name)/versions.tsv")
        let changes = Changes(
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
}
