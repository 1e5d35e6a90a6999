public import Foundation
public import Storage

/// The preview page as `locate serve` serves it: the snapshot's page (`index.html`,
/// `data.js`), made in memory from the database's current state at one instant, its script
/// and style files (`assets(contributions:)`), and Leaflet's files. The page takes
/// contributions when `PreviewOptions.api` is set (empty: the server's own origin).
public struct PreviewPageFiles: Sendable {
    /// The files by their path in the page's folder: `index.html`, `data.js`.
    public let files: [String: [UInt8]]

    /// The page over `store` at `at` (toilet states and station values as of then); `eaqi`
    /// as `GeoJSONExporter(store:eaqi:)` takes it.
    public init(store: LocateStore, at: Date, options: PreviewOptions, eaqi: StationEAQIRule? = nil) throws {
        let toilets = try Provenance.read(store, at: at, kind: .toilets)
        let stations = try Provenance.read(store, at: at, kind: .stations)
        let extras = try PreviewPage.extras(
            store, toilets: toilets, stations: stations, toiletCount: toilets.count, at: at, preview: options)
        let exporter = GeoJSONExporter(store: store, eaqi: eaqi)
        var data: [UInt8] = []
        try PreviewPage.writeData(
            toilets: toilets.count, stations: stations.count, limit: SnapshotWriter.previewLimit, extras: extras,
            out: { data += $0 }
        ) { name in
            var json = try exporter.bytes(dataset: name, at: at)
            if json.last == 0x0A { json.removeLast() }
            data += json
        }
        files = ["index.html": Array(PreviewPage.html(contributions: options.api != nil).utf8), "data.js": data]
    }

    /// The page's own script and style files, by path (`preview.js`, `preview.css`, and with
    /// `contributions` `contribute.js`): the same for every page of this build (built in).
    public static func assets(contributions: Bool) -> [String: [UInt8]] {
        PreviewPage.assets(contributions: contributions)
    }

    /// `offline.json` of the served page (`offline-files/1`): its page and data, its own files
    /// and `leaflet`'s paths, for the service worker to save.
    public static func offlineList(leaflet: [String]) throws -> [UInt8] {
        try OfflineFiles(files: ["index.html", "data.js"] + assets(contributions: true).keys + leaflet).bytes()
    }

    /// The names of the files directly in the page's `leaflet/` folder (Leaflet's and the
    /// marker-cluster plugin's scripts and style sheets, their licences); images are in
    /// `leaflet/images/`.
    public static var leafletNames: [String] { PreviewPage.leafletTopFiles.map(\.name) }

    /// Leaflet's script, style sheet and images from Debian's `libjs-leaflet`, by path
    /// (`leaflet/leaflet.js`, `leaflet/images/marker-icon.png`); throws `ExportError` when
    /// Leaflet is not installed or a file cannot be read.
    public static func leaflet() throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for f in try PreviewPage.leafletFiles() {
            guard let bytes = FileManager.default.contents(atPath: f.source) else {
                throw ExportError.unwritable(path: f.source, reason: "cannot read it")
            }
            out[f.path] = [UInt8](bytes)
        }
        return out
    }
}
