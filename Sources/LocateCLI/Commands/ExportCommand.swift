import ArgumentParser
import Basemap
import Export
import Foundation
import Geo
import Query
import Storage

/// `locate export geojson|snapshot`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Publish the data: RFC 7946 GeoJSON, or a static snapshot folder for map clients.",
        subcommands: [GeoJSON.self, Snapshot.self]
    )

    struct GeoJSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "geojson",
            abstract: "Write one dataset as an RFC 7946 FeatureCollection.",
            discussion: """
                Features are sorted by id, coordinates have at most 7 decimals, retired records are left out, \
                and the same data (and --at) always gives the same bytes. Writes to stdout unless --out names \
                a file: a regular file is written under a temporary name beside it and renamed over it only \
                when complete (a failed export leaves it as it was); a device, a pipe or a path under /dev \
                (/dev/stdout) is written directly; a folder is refused. Every write is checked: a full disk \
                is an error (exit 1). --at adds each toilet's opening state at that time; without it, no \
                state is written. --json prints a summary (export-summary/1) on stdout and needs --out FILE.
                """
        )

        @Option(help: "What to write: toilets or stations (default: toilets).")
        var kind: DatasetChoice?

        /// The old name of `--kind` (`--dataset` names a dataset everywhere else): still read,
        /// with a note.
        @Option(name: .customLong("dataset"), help: .hidden)
        var oldKind: DatasetChoice?

        /// The kind asked for.
        var chosen: DatasetChoice { kind ?? oldKind ?? .toilets }

        @Option(help: ArgumentHelp("Output file; - or none: stdout.", valueName: "FILE"))
        var out: String?

        /// The file named, or nil for standard output.
        var file: String? { out == "-" ? nil : out }

        @OptionGroup var time: TimeOptions<PragueZone>
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if output.json && file == nil { throw ValidationError("--json needs --out FILE (the GeoJSON would go to stdout)") }
            if let kind, let oldKind, kind != oldKind {
                throw ValidationError("--kind \(kind.rawValue) and --dataset \(oldKind.rawValue) disagree: give --kind only")
            }
        }

        func run() throws {
            if let oldKind {
                Console.note("note: --dataset \(oldKind.rawValue) is now --kind \(oldKind.rawValue) (--dataset names a dataset)")
            }
            let db = try LocateStore(readingAt: store.path)
            let at = time.instant()
            let s = try GeoJSONExporter(store: db, eaqi: EuropeanAirQualityIndex.headline).write(
                dataset: chosen.rawValue, to: file, at: at)
            guard let out = file else { return }
            if output.json {
                Console.out(try jsonText(ExportSummaryDocument(geojson: s, dataset: chosen.rawValue, out: out)))
            } else {
                Console.note(ExportText.geojson(s, out: out))
            }
        }
    }

    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snapshot",
            abstract: "Write a static snapshot folder: manifest, full file, spatial shards, changes, preview page.",
            discussion: """
                DIR becomes a symbolic link to DIR.v/N, the current snapshot: each export builds the next \
                one in DIR.v and publishes it with one atomic rename of the link, so a failure or a kill \
                leaves the old snapshot as it was; the one before is kept, older ones and leftovers of \
                killed runs are removed. DIR must be new, an empty folder, or a snapshot of locate's: \
                anything else is refused, never overwritten. changes.json lists what was added, updated \
                and retired since the snapshot being replaced. The generation time is --at or the newest \
                ingest, never the clock. --json prints a summary (export-summary/1) on stdout. \
                The preview page (index.html) draws the data over raster tiles from --tiles (default: \
                the OpenStreetMap standard layer; `none` for no basemap; the data shows offline either \
                way), clusters the markers, and frames the city with the most toilets unless --view is \
                given (a picker offers the other places more than 50 km away). With --api URL (a locate serve, \
                e.g. https://example.org) the page also takes contributions there: a click on the map \
                offers "suggest a toilet here", each toilet popup "suggest an edit", "report" and "add a \
                photo"; they await a maintainer's review (locate review). Serve it from another origin \
                with locate serve --cors-origin set to the page's origin. \
                With --basemap EXTRACT.osm.pbf (the extract `network build` reads, or any OSM PBF file) \
                the page draws its own streets, paths, railways, water, parks and street names from it, \
                with no tile server and offline (basemap/ in the snapshot; no --tiles then unless given).
                """
        )

        @Option(help: ArgumentHelp("The snapshot: new, an empty folder, or an earlier snapshot.", valueName: "DIR"))
        var out: String

        @Option(
            help: ArgumentHelp(
                "Preview basemap: a tile URL template with {z}, {x}, {y} (default: OpenStreetMap's), or none.",
                valueName: "URL"))
        var tiles: String?

        @Option(help: ArgumentHelp("Attribution shown for --tiles.", valueName: "TEXT"))
        var tilesAttribution: String?

        @Option(
            help: ArgumentHelp(
                "An OpenStreetMap extract the page draws its own streets from (no tile server needed).",
                valueName: "EXTRACT.osm.pbf"))
        var basemap: String?

        @Option(
            help: ArgumentHelp(
                "Preview's first view instead of framing the city with the most toilets.", valueName: "LAT,LON,ZOOM"))
        var view: String?

        @Option(
            help: ArgumentHelp(
                "The locate serve the preview map sends contributions to (default: the map takes none).",
                valueName: "URL"))
        var api: String?

        func validate() throws {
            if let tiles, tiles != "none" {
                guard tiles.hasPrefix("https://") || tiles.hasPrefix("http://"),
                    ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains)
                else {
                    throw ValidationError("--tiles '\(tiles)' is not an http(s) URL template with {z}, {x} and {y} (or none)")
                }
                if tilesAttribution == nil && tiles != PreviewOptions.openStreetMapTiles {
                    throw ValidationError("--tiles needs --tiles-attribution: tile providers require their credit on the map")
                }
            }
            if let a = tilesAttribution {
                guard tiles != nil, tiles != "none" else {
                    throw ValidationError("--tiles-attribution needs --tiles: OpenStreetMap's own tiles keep their credit")
                }
                guard !a.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ValidationError("--tiles-attribution is blank: tile providers require their credit on the map")
                }
            }
            if let api, Snapshot.apiBase(api) == nil {
                throw ValidationError(
                    "--api '\(api)' is not an http(s) URL of a locate serve such as https://example.org (no query or fragment)")
            }
            if let view, Snapshot.view(view) == nil {
                throw ValidationError("--view '\(view)' is not LAT,LON,ZOOM (latitude -90…90, longitude -180…180, zoom 0…19)")
            }
        }

        /// `50.08,14.42,13` as a view.
        static func view(_ text: String) -> (latitude: Double, longitude: Double, zoom: Int)? {
            let p = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard p.count == 3, let lat = DecimalText.number(p[0]), let lon = DecimalText.number(p[1]), let zoom = Int(p[2]),
                (-90...90).contains(lat), (-180...180).contains(lon), (0...19).contains(zoom)
            else { return nil }
            return (lat, lon, zoom)
        }

        /// An http(s) URL with a host and no query or fragment, without its trailing slashes.
        static func apiBase(_ text: String) -> String? {
            guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
            else { return nil }
            var base = text
            while base.hasSuffix("/") { base.removeLast() }
            return base
        }

        /// The preview options the flags give, with `basemap` built from `--basemap`. With a
        /// basemap the page takes no tiles unless `--tiles` names them.
        func preview(basemap: Basemap?) -> PreviewOptions {
            let fallback = basemap == nil ? PreviewOptions.openStreetMapTiles : nil
            let template = tiles == "none" ? nil : (tiles ?? fallback)
            return PreviewOptions(
                tiles: template, tilesAttribution: tilesAttribution ?? PreviewOptions.openStreetMapAttribution,
                view: view.flatMap(Snapshot.view), api: api.flatMap(Snapshot.apiBase), basemap: basemap)
        }

        @OptionGroup var time: TimeOptions<PragueZone>
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try LocateStore(readingAt: store.path)
            let map = try basemap.map { try Basemap.build(extract: $0, name: ($0 as NSString).lastPathComponent) }
            let s = try SnapshotWriter(store: db, eaqi: EuropeanAirQualityIndex.headline).write(
                to: out, at: time.instant(), preview: preview(basemap: map))
            if output.json {
                Console.out(try jsonText(ExportSummaryDocument(snapshot: s, out: out)))
            } else {
                Console.note(ExportText.snapshot(s, out: out))
            }
        }
    }
}
