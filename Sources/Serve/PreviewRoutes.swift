import Basemap
import Export
import Foundation
import Geo
import Hummingbird
import NIOCore
import Query
import Routing

/// The preview map (`GET /`, `/index.html`, `/data.js`, its own files `/preview.js`,
/// `/preview.css`, `/contribute.js`, `/list.js`, … with the service worker `/sw.js` and the web
/// app manifest, `/offline.json` listing what the worker saves, and `/leaflet/…`): the snapshot's page
/// over the database's current state, taking contributions at this server's own origin
/// (docs/guide.md, "The preview map"). A page is made at most every `maxAgeSeconds` (toilet
/// states are as of then) and again as soon as an ingest changes the data.
struct PreviewRoutes: Sendable {
    let data: DataSource
    /// The wall clock (injected).
    let now: @Sendable () -> Date
    /// Seconds a request may take (making a page over a large database counts).
    let timeout: Double
    /// The basemap the page draws (`--basemap`), made at the start; nil: OpenStreetMap's tiles.
    let basemap: Basemap?
    let cache = PreviewCache()

    /// Seconds a page is served before it is made again (states follow the clock).
    static let maxAgeSeconds = 300.0

    /// The page refuses to be framed and runs only its own script files (no inline script,
    /// handler or style attribute: the page has none), its service worker and manifest from
    /// its own origin; tiles may come from any http(s) host (the basemap's template).
    static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; "
        + "img-src 'self' data: http: https:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
        + "frame-ancestors 'none'"

    func register(on router: Router<ServeContext>) {
        for path in ["/", "/index.html"] {
            router.get(RouterPath(path)) { _, _ in
                try await respond(try await page()["index.html"], type: "text/html; charset=utf-8", cache: "no-cache")
            }
        }
        router.get("/data.js") { _, _ in
            try await respond(try await page()["data.js"], type: "text/javascript; charset=utf-8", cache: "no-cache")
        }
        // The page's own files are built in: served without making a page.
        for (name, bytes) in PreviewPageFiles.assets(contributions: true) {
            router.get(RouterPath("/" + name)) { _, _ in
                try respond(bytes, type: PreviewRoutes.type(of: name), cache: "no-cache")
            }
        }
        for name in PreviewPageFiles.leafletNames {
            router.get(RouterPath("/leaflet/" + name)) { _, _ in
                try respond(
                    try await leaflet()["leaflet/" + name], type: PreviewRoutes.type(of: name), cache: "public, max-age=86400")
            }
        }
        router.get("/offline.json") { _, _ in
            let paths = try await leaflet().keys.sorted() + (basemap?.files.keys.sorted() ?? [])
            return try respond(
                try PreviewPageFiles.offlineList(leaflet: paths), type: "application/json; charset=utf-8", cache: "no-cache")
        }
        // The basemap's index and shards, made at the start: the same bytes until a restart,
        // asked again each time (`no-cache`: a restart on another extract keeps the names).
        if let files = basemap?.files {
            router.get("/basemap/{file}") { _, context in
                let file = context.parameters.get("file") ?? ""
                let type = file.hasSuffix(".json") ? "application/json; charset=utf-8" : PreviewRoutes.type(of: file)
                return try respond(files["basemap/" + file], type: type, cache: "no-cache")
            }
        }
        router.get("/leaflet/images/{file}") { _, context in
            let file = context.parameters.get("file") ?? ""
            return try respond(
                try await leaflet()["leaflet/images/" + file], type: "image/png", cache: "public, max-age=86400")
        }
    }

    /// The page's options: contributions at this origin, the basemap (then no tiles), and
    /// the boxes of the street networks built beside the database (the list's walking minutes).
    var options: PreviewOptions {
        let routes = ((try? NetworkCatalog.list(databasePath: data.path)) ?? []).map {
            [$0.bbox.minLongitude, $0.bbox.minLatitude, $0.bbox.maxLongitude, $0.bbox.maxLatitude]
        }
        return PreviewOptions(
            tiles: basemap == nil ? PreviewOptions.openStreetMapTiles : nil, api: "", basemap: basemap, routes: routes)
    }

    /// The page's files, made again when the data changed or the page is too old.
    private func page() async throws -> [String: [UInt8]] {
        let routes = self
        let data = self.data
        let cache = self.cache
        let now = self.now
        return try await Blocking.run(timeout: timeout) {
            let state = try data.current()
            return try cache.files(version: state.version, at: now()) { at in
                // Made with the page (not per request): the network's folder is listed then.
                let options = routes.options
                return try state.withReader { r in
                    try PreviewPageFiles(
                        store: r.store, at: at, options: options, eaqi: EuropeanAirQualityIndex.headline
                    ).files
                }
            }
        }
    }

    /// Leaflet's files, read from disk on the first request (not on the event loop, and
    /// never waiting for a page being made).
    private func leaflet() async throws -> [String: [UInt8]] {
        let cache = self.cache
        return try await Blocking.run(timeout: timeout) {
            do {
                return try cache.leaflet()
            } catch {
                throw HTTPError(.internalServerError, message: "the preview map needs Leaflet: install libjs-leaflet (\(error))")
            }
        }
    }

    /// The content type of one of the page's files, by its name.
    static func type(of name: String) -> String {
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".txt") { return "text/plain; charset=utf-8" }
        if name.hasSuffix(".png") { return "image/png" }
        if name.hasSuffix(".webmanifest") { return "application/manifest+json" }
        return "text/css; charset=utf-8"
    }

    private func respond(_ bytes: [UInt8]?, type: String, cache: String) throws -> Response {
        guard let bytes else { throw ServeError.notFound("no such file of the preview map") }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        headers[.xContentTypeOptions] = "nosniff"
        if type.hasPrefix("text/html") { headers[.contentSecurityPolicy] = PreviewRoutes.policy }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The newest page made and Leaflet's files, shared by every request (one page is made at
/// a time).
// Safe: `made` is used only under `lock`, `leafletFiles` only under `leafletLock`.
final class PreviewCache: @unchecked Sendable {
    private let lock = NSLock()
    private var made: (version: String, at: Date, files: [String: [UInt8]])?
    /// Its own lock: Leaflet's files never wait for a page being made.
    private let leafletLock = NSLock()
    private var leafletFiles: [String: [UInt8]]?

    /// The page of `version`, made by `make` at `at` unless one made less than
    /// `PreviewRoutes.maxAgeSeconds` before is kept.
    func files(version: String, at: Date, make: (Date) throws -> [String: [UInt8]]) throws -> [String: [UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        if let made, made.version == version, at.timeIntervalSince(made.at) < PreviewRoutes.maxAgeSeconds,
            at >= made.at
        {
            return made.files
        }
        let files = try make(at)
        made = (version, at, files)
        return files
    }

    /// Leaflet's files, read once.
    func leaflet() throws -> [String: [UInt8]] {
        leafletLock.lock()
        defer { leafletLock.unlock() }
        if let leafletFiles { return leafletFiles }
        let files = try PreviewPageFiles.leaflet()
        leafletFiles = files
        return files
    }
}
