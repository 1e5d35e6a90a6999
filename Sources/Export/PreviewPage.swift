import Foundation
import Storage

/// The preview: `index.html` with Leaflet copied from Debian's `libjs-leaflet` (no CDN), the
/// data as `data.js` (a script, since pages opened from a folder cannot fetch files), over
/// raster tiles from a configurable template (the page still shows the data offline).
/// Toilets are circles coloured by the state at generation time, with popups holding the
/// next 7 days' opening times in the place's zone; stations are squares coloured by their
/// index level, with values, units, ages and 24-hour sparklines. One layer per dataset, a
/// legend, every dataset's attribution, "near me" (see `PreviewPage+HTML.swift`).
enum PreviewPage {
    /// The generation-time extras: credits, weeks of toilets, histories of stations.
    struct Extras {
        var meta: PreviewData.Meta
        var weeks: [String: PreviewData.Week]
        var histories: [String: [String: [[Double]]]]
    }

    static func write(into folder: String, toilets: Int, stations: Int, limit: Int, extras: Extras) throws {
        let leaflet = SnapshotWriter.leafletFolder
        let fm = FileManager.default
        guard fm.fileExists(atPath: leaflet + "/leaflet.js") else {
            throw ExportError.unwritable(path: folder, reason: "leaflet not found in \(leaflet) (install libjs-leaflet)")
        }
        do {
            try fm.createDirectory(atPath: folder + "/leaflet/images", withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: folder + "/leaflet/images", reason: "cannot create the folder")
        }
        for f in ["leaflet.js", "leaflet.css"] { try copy(leaflet + "/" + f, to: folder + "/leaflet/" + f) }
        for f in (try? fm.contentsOfDirectory(atPath: leaflet + "/images"))?.sorted() ?? [] where f.hasSuffix(".png") {
            try copy(leaflet + "/images/" + f, to: folder + "/leaflet/images/" + f)
        }
        let data = try CheckedFile(creating: folder + "/data.js")
        try data.write("window.LOCATE_COUNT = \(toilets);\nwindow.LOCATE_DATA = ")
        try append(toilets > 0 && toilets <= limit ? folder + "/toilets.geojson" : nil, to: data)
        try data.write("window.LOCATE_STATIONS = ")
        try append(stations > 0 ? folder + "/stations.geojson" : nil, to: data)
        try data.write("window.LOCATE_META = \(try PreviewData.json(extras.meta));\n")
        try data.write("window.LOCATE_WEEK = \(try PreviewData.json(toilets <= limit ? extras.weeks : [:]));\n")
        try data.write("window.LOCATE_HISTORY = \(try PreviewData.json(extras.histories));\n")
        try data.commit()
        try CheckedFile.write(Array(html.utf8), to: folder + "/index.html")
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

    /// Appends a GeoJSON file as a JavaScript value and `;` (its final newline dropped), or `null;`.
    private static func append(_ geojson: String?, to out: CheckedFile) throws {
        guard let geojson, let input = FileHandle(forReadingAtPath: geojson) else {
            try out.write("null;\n")
            return
        }
        defer { try? input.close() }
        var pending: [UInt8] = []
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try out.write(pending)
            pending = [UInt8](chunk)
        }
        if pending.last == 0x0A { pending.removeLast() }
        try out.write(pending + Array(";\n".utf8))
    }
}
