import Basemap
import Contract
import Contributions
import Files
import Foundation
import Hours
import Places
import Storage

/// The preview: `index.html` with Leaflet copied from Debian's `libjs-leaflet` (no CDN), the
/// data as `data.js` (a script, since pages opened from a folder cannot fetch files), over
/// raster tiles from a configurable template (the page still shows the data offline).
/// Toilets are circles coloured by the state at generation time, with popups holding the
/// next 7 days' opening times in the place's zone; stations are squares coloured by their
/// index level, with values, units, ages and 24-hour sparklines. One layer per dataset, a
/// legend, every dataset's attribution, "near me". The page, its script and its style sheet
/// are files in `Sources/Export/Resources/` (`PreviewPage+Assets.swift`).
enum PreviewPage {
    /// The generation-time extras: credits, weeks of toilets, histories of stations.
    struct Extras {
        var meta: PreviewData.Meta
        var weeks: [String: PreviewData.Week]
        var histories: [String: [String: [[Double]]]]
        /// The approved photos' paths at the API (`/v1/photos/SHA/thumbnail`), by toilet id;
        /// empty on a page without an API (nothing could serve them).
        var photos: [String: [String]] = [:]
        /// The basemap's files (`basemap/…`), written beside the page.
        var basemapFiles: [String: [UInt8]] = [:]
    }

    /// The extras of a page generated at `at` from `store`: the credits of the datasets
    /// shown, the toilets' weeks (when there are few enough to preview) and the stations'
    /// histories.
    static func extras(
        _ store: LocateStore, toilets: Provenance, stations: Provenance, toiletCount: Int, at: Date, preview: PreviewOptions
    ) throws -> Extras {
        let credits = (toilets.count > 0 ? toilets.licences : []) + (stations.count > 0 ? stations.licences : [])
        let attributions = credits.map { [$0.attribution, $0.licence].compactMap { $0 }.joined(separator: ", ") }
            .filter { !$0.isEmpty }.reduce(into: [String]()) { list, a in if !list.contains(a) { list.append(a) } }
        let showToilets = toiletCount > 0 && toiletCount <= SnapshotWriter.previewLimit
        var meta = PreviewData.Meta(
            generatedAt: InstantText.utc(at), generatedUnix: Int(at.timeIntervalSince1970), pollutants: PollutantCode.known,
            tiles: preview.tiles,
            // Credited once: a dataset credit that already names the tiles' makers
            // ("© OpenStreetMap contributors, ODbL 1.0") stands for both.
            tilesAttribution: attributions.contains { $0.contains(preview.tilesAttribution) } ? "" : preview.tilesAttribution,
            view: preview.view.map { [$0.latitude, $0.longitude, Double($0.zoom)] },
            attributions: attributions, api: preview.api)
        meta.basemap = preview.basemap?.index
        meta.routes = preview.routes
        meta.groups = try groups(store, toilets: showToilets, stations: stations.count > 0)
        return Extras(
            meta: meta,
            weeks: showToilets ? try PreviewData.weeks(store, at: at) : [:],
            histories: stations.count > 0 ? try PreviewData.histories(store, at: at) : [:],
            photos: showToilets && preview.api != nil
                ? try store.approvedPhotosByToilet().mapValues { $0.map { "/v1/photos/\($0.photo.sha256)/thumbnail" } } : [:],
            basemapFiles: preview.basemap?.files ?? [:])
    }

    /// The city picker's groups of the places the page shows.
    static func groups(_ store: LocateStore, toilets: Bool, stations: Bool) throws -> [MapGroups.Group] {
        var places: [MapGroups.Place] = []
        if toilets {
            try store.forEachActiveToilet(orderedBy: .id) { t in
                places.append(MapGroups.Place(dataset: t.dataset, isToilet: true, coordinate: t.coordinate))
            }
        }
        if stations {
            for s in try store.activeStations() {
                places.append(MapGroups.Place(dataset: s.dataset, isToilet: false, coordinate: s.coordinate, city: s.city))
            }
        }
        return MapGroups.groups(of: places)
    }

    static func write(into folder: String, toilets: Int, stations: Int, limit: Int, extras: Extras) throws {
        try copyLeaflet(into: folder)
        let data = try CheckedFile(creating: folder + "/data.js")
        try writeData(toilets: toilets, stations: stations, limit: limit, extras: extras, out: data.write) { name in
            try append(folder + "/" + name + ".geojson", to: data)
        }
        try data.commit()
        let contributions = extras.meta.api != nil
        for (name, bytes) in assets(contributions: contributions).sorted(by: { $0.key < $1.key }) {
            try CheckedFile.write(bytes, to: folder + "/" + name)
        }
        if !extras.basemapFiles.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder + "/basemap", withIntermediateDirectories: true)
            } catch {
                throw ExportError.unwritable(path: folder + "/basemap", reason: "cannot create the folder")
            }
            for (path, bytes) in extras.basemapFiles.sorted(by: { $0.key < $1.key }) {
                try CheckedFile.write(bytes, to: folder + "/" + path)
            }
        }
        try CheckedFile.write(Array(html(contributions: contributions).utf8), to: folder + "/index.html")
    }

    /// `data.js` through `out`: `geojson(name)` writes the `toilets` or `stations` GeoJSON
    /// (without its final newline) when the page shows it.
    static func writeData(
        toilets: Int, stations: Int, limit: Int, extras: Extras, out: ([UInt8]) throws -> Void,
        geojson: (String) throws -> Void
    ) throws {
        func text(_ s: String) throws { try out(Array(s.utf8)) }
        try text("window.LOCATE_COUNT = \(toilets);\nwindow.LOCATE_DATA = ")
        if toilets > 0 && toilets <= limit { try geojson("toilets") } else { try text("null") }
        try text(";\nwindow.LOCATE_STATIONS = ")
        if stations > 0 { try geojson("stations") } else { try text("null") }
        try text(";\nwindow.LOCATE_META = \(try PreviewData.json(extras.meta));\n")
        try text("window.LOCATE_WEEK = \(try PreviewData.json(toilets <= limit ? extras.weeks : [:]));\n")
        try text("window.LOCATE_HISTORY = \(try PreviewData.json(extras.histories));\n")
        try text("window.LOCATE_PHOTOS = \(try PreviewData.json(toilets <= limit ? extras.photos : [:]));\n")
    }

    /// The files beside Leaflet's images in the page's `leaflet/` folder, by name, with where
    /// Debian keeps them: Leaflet (`libjs-leaflet`), its marker-cluster plugin
    /// (`libjs-leaflet.markercluster`), and both packages' copyright files (their licences).
    static let leafletTopFiles: [(name: String, source: String)] = [
        ("leaflet.js", SnapshotWriter.leafletFolder + "/leaflet.js"),
        ("leaflet.css", SnapshotWriter.leafletFolder + "/leaflet.css"),
        ("leaflet.markercluster.js", SnapshotWriter.leafletFolder + "/leaflet.markercluster.js"),
        ("MarkerCluster.css", SnapshotWriter.leafletFolder + "/MarkerCluster.css"),
        ("MarkerCluster.Default.css", SnapshotWriter.leafletFolder + "/MarkerCluster.Default.css"),
        ("LICENSE-leaflet.txt", "/usr/share/doc/libjs-leaflet/copyright"),
        ("LICENSE-markercluster.txt", "/usr/share/doc/libjs-leaflet.markercluster/copyright"),
    ]

    /// Leaflet's files (script, style sheet, images), the marker-cluster plugin's and their
    /// licences, by their path in the page's folder (`leaflet/leaflet.js`,
    /// `leaflet/images/marker-icon.png`).
    static func leafletFiles() throws -> [(path: String, source: String)] {
        let leaflet = SnapshotWriter.leafletFolder
        let fm = FileManager.default
        for (file, package) in [("leaflet.js", "libjs-leaflet"), ("leaflet.markercluster.js", "libjs-leaflet.markercluster")]
        where !fm.fileExists(atPath: leaflet + "/" + file) {
            throw ExportError.unwritable(path: leaflet, reason: "\(file) not found in \(leaflet) (install \(package))")
        }
        let images = (try? fm.contentsOfDirectory(atPath: leaflet + "/images"))?.sorted() ?? []
        return leafletTopFiles.map { ("leaflet/" + $0.name, $0.source) }
            + images.filter { $0.hasSuffix(".png") }.map { ("leaflet/images/" + $0, leaflet + "/images/" + $0) }
    }

    private static func copyLeaflet(into folder: String) throws {
        let files: [(path: String, source: String)]
        do {
            files = try leafletFiles()
        } catch ExportError.unwritable(_, let reason) {
            throw ExportError.unwritable(path: folder, reason: reason)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder + "/leaflet/images", withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: folder + "/leaflet/images", reason: "cannot create the folder")
        }
        for f in files { try copy(f.source, to: folder + "/" + f.path) }
    }

    /// Copies a file in 1 MiB chunks through the checked writer.
    private static func copy(_ source: String, to path: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw ExportError.unwritable(path: path, reason: "cannot read \(source)")
        }
        defer { try? input.close() }
        let out = try CheckedFile(creating: path)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write([UInt8](chunk)) }
        try out.commit()
    }

    /// Appends a GeoJSON file as a JavaScript value (its final newline dropped).
    private static func append(_ geojson: String, to out: CheckedFile) throws {
        guard let input = FileHandle(forReadingAtPath: geojson) else {
            throw ExportError.unwritable(path: geojson, reason: "cannot read it back")
        }
        defer { try? input.close() }
        var pending: [UInt8] = []
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try out.write(pending)
            pending = [UInt8](chunk)
        }
        if pending.last == 0x0A { pending.removeLast() }
        try out.write(pending)
    }
}
