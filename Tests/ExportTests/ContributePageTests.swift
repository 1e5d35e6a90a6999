import Contributions
import Export
import Foundation
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// The preview page with and without contributions (issue 14, item 6), and the page
/// `locate serve` makes in memory, which must be the snapshot's own.
@Suite struct ContributePageTests {
    static let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"
    /// The page's own files besides `contribute.js`, sorted (issue 37: words, list, offline,
    /// basemap).
    static let pageFiles = [
        "basemap.js", "bookmarks.js", "dom.js", "geodesic.js", "i18n.js", "icon-192.png", "icon-512.png", "list.js",
        "manifest.webmanifest",
        "nearest.js",
        "offline.js",
        "preview.css", "preview.js", "station.js", "sw.js", "text-bookmarks.js", "text-list.js", "text-map.js", "text-offline.js",
        "text-station.js", "verified.js",
    ]

    /// `locate serve`'s page is the snapshot's: the same index.html and data.js bytes for the
    /// same data, instant and options.
    @Test func theServedPageIsTheSnapshotsPage() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let options = PreviewOptions(tiles: nil, api: "")
        let out = dir.appendingPathComponent("map").path
        _ = try SnapshotWriter(store: store).write(to: out, at: at, preview: options)
        let served = try PreviewPageFiles(store: store, at: at, options: options).files
        #expect(served.keys.sorted() == ["data.js", "index.html"])
        let assets = PreviewPageFiles.assets(contributions: true)
        #expect(assets.keys.sorted() == (["contribute.js", "text-contribute.js"] + ContributePageTests.pageFiles).sorted())
        for (name, bytes) in served.merging(assets, uniquingKeysWith: { a, _ in a }) {
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
            #expect(bytes == written, "\(name)")
        }
        let leaflet = try PreviewPageFiles.leaflet()
        #expect(
            leaflet.keys.filter { $0.hasPrefix("leaflet/images/") }.sorted().prefix(3) == [
                "leaflet/images/layers-2x.png", "leaflet/images/layers.png", "leaflet/images/marker-icon-2x.png",
            ])
        for name in ["leaflet.js", "leaflet.markercluster.js", "MarkerCluster.css", "LICENSE-markercluster.txt"] {
            #expect(
                leaflet["leaflet/" + name] == [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/leaflet/" + name))),
                "\(name)")
        }
    }

    /// Approved photos go into the page's data as paths at the API (issue 24 §3); a page
    /// without an API lists none (nothing could serve them), nor do pending ones.
    @Test func approvedPhotosAreInThePagesData() throws {
        let (store, _) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let target = PlaceTarget(dataset: "prague-toilets-sample", sourceID: "05bddb4231d5@50.086120,14.418020")
        let sha = String(repeating: "c", count: 64)
        let photo = PhotoReference(sha256: sha, kind: .toilet, file: sha + ".jpg")
        let shot = try store.submit(NewContribution(kind: .photo, target: target, photo: photo, receivedAt: at))
        func data(_ options: PreviewOptions) throws -> String {
            String(
                decoding: try #require(try PreviewPageFiles(store: store, at: at, options: options).files["data.js"]),
                as: UTF8.self)
        }
        #expect(try data(PreviewOptions(tiles: nil, api: "")).contains("window.LOCATE_PHOTOS = {};\n"))
        _ = try store.approve(id: shot, reviewer: "eva", at: at)
        #expect(
            try data(PreviewOptions(tiles: nil, api: "")).contains(
                "window.LOCATE_PHOTOS = {\"\(ContributePageTests.karlova)\":[\"/v1/photos/\(sha)/thumbnail\"]};\n"))
        #expect(try data(PreviewOptions(tiles: nil)).contains("window.LOCATE_PHOTOS = {};\n"))
    }

    /// The page's files are the ones in Sources/Export/Resources, built in; the contribution
    /// panel replaces one marker line of `preview.html` (or the line goes), nothing else.
    @Test(arguments: [
        (
            PreviewOptions(tiles: nil), ContributePageTests.pageFiles,
            "<script src=\"preview.js\"></script>\n<script src=\"basemap.js\"></script>\n<script src=\"bookmarks.js\"></script>\n<script src=\"station.js\"></script>\n</body>\n</html>\n"
        ),
        (
            PreviewOptions(tiles: nil, api: ""),
            (["contribute.js", "text-contribute.js"] + ContributePageTests.pageFiles).sorted(),
            "<script src=\"preview.js\"></script>\n<script src=\"basemap.js\"></script>\n<script src=\"bookmarks.js\"></script>\n<script src=\"station.js\"></script>\n"
                + "<div id=\"hint\">Missing a toilet? <button id=\"suggest\" type=\"button\">"
                + "suggest a toilet</button> (or click the map where it is)</div>\n<div id=\"contrib\" hidden><button id=\"contrib-close\" type=\"button\""
                + " aria-label=\"close\">×</button><h2></h2><div class=\"body\"></div></div>\n"
                + "<script src=\"text-contribute.js\"></script>\n<script src=\"contribute.js\"></script>\n</body>\n</html>\n"
        ),
    ])
    func thePageIsItsResourceFiles(options: PreviewOptions, assets: [String], ending: String) throws {
        let (store, _) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let page = try #require(try PreviewPageFiles(store: store, at: at, options: options).files["index.html"])
        let resources = Fixtures.repo("Sources/Export/Resources")
        let template = try String(contentsOfFile: resources + "/preview.html", encoding: .utf8)
        let marker =
            "<script src=\"preview.js\"></script>\n<script src=\"basemap.js\"></script>\n<script src=\"bookmarks.js\"></script>\n<script src=\"station.js\"></script>\n<!--contribute-->\n</body>\n</html>\n"
        #expect(template.hasSuffix(marker))
        #expect(String(decoding: page, as: UTF8.self) == template.dropLast(marker.count) + ending)
        let files = PreviewPageFiles.assets(contributions: options.api != nil)
        #expect(files.keys.sorted() == assets)
        for (name, bytes) in files {
            #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: resources + "/" + name))), "\(name)")
        }
    }

    /// Regression (issue 27, item 5): the served page's Content-Security-Policy runs no inline
    /// script or style, so the page and its scripts hold none: no `<script>` without `src`,
    /// no `<style>`, no `style` or `on…` attribute in the markup or in markup the scripts write.
    @Test func thePageHoldsNoInlineScriptOrStyle() throws {
        let (store, _) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let page = try PreviewPageFiles(store: store, at: at, options: PreviewOptions(tiles: nil, api: "")).files
        let html = String(decoding: try #require(page["index.html"]), as: UTF8.self)
        #expect(
            html.matches(of: /<script[^>]*>/).map { String($0.output) } == [
                "<script src=\"leaflet/leaflet.js\">", "<script src=\"leaflet/leaflet.markercluster.js\">",
                "<script src=\"data.js\">", "<script src=\"i18n.js\">", "<script src=\"dom.js\">", "<script src=\"text-map.js\">",
                "<script src=\"text-list.js\">", "<script src=\"text-offline.js\">", "<script src=\"text-bookmarks.js\">",
                "<script src=\"text-station.js\">",
                "<script src=\"geodesic.js\">",
                "<script src=\"nearest.js\">", "<script src=\"verified.js\">", "<script src=\"list.js\">",
                "<script src=\"offline.js\">",
                "<script src=\"preview.js\">", "<script src=\"basemap.js\">", "<script src=\"bookmarks.js\">",
                "<script src=\"station.js\">",
                "<script src=\"text-contribute.js\">", "<script src=\"contribute.js\">",
            ])
        #expect(!html.contains("<style"))
        let files = PreviewPageFiles.assets(contributions: true).merging(["index.html": Array(html.utf8)]) { a, _ in a }
        for (name, bytes) in files where !name.hasSuffix(".png") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.matches(of: /[\s'"]style\s*=/).isEmpty, "\(name)")
            #expect(text.matches(of: /\son[a-z]+\s*=\s*['"\\]/).isEmpty, "\(name)")
        }
    }

    /// In Chromium: with an API each toilet popup offers the three contributions; without,
    /// none, and the page holds no contribution panel.
    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func popupsOfferContributionsOnlyWithAnAPI() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let with = dir.appendingPathComponent("with").path
        _ = try SnapshotWriter(store: store).write(
            to: with, at: at, preview: PreviewOptions(tiles: nil, api: "http://127.0.0.1:9"))
        let page = try PreviewMapTests.dom(with, id: ContributePageTests.karlova)
        #expect(
            page.contains(
                "<div class=\"contrib-actions\"><button type=\"button\">suggest an edit</button><button type=\"button\">report</button>"
                    + "<button type=\"button\">add a photo</button></div>"))
        #expect(page.contains("<div id=\"contrib\" hidden=\"\">"))
        let without = dir.appendingPathComponent("without").path
        _ = try SnapshotWriter(store: store).write(to: without, at: at, preview: PreviewOptions(tiles: nil))
        let plain = try PreviewMapTests.dom(without, id: ContributePageTests.karlova)
        #expect(plain.contains("Hours: po-pá 8:00-20:00; so-ne 10:00-18:00"))
        #expect(!plain.contains("contrib"))
        #expect(!plain.contains("suggest"))
    }
}
