import Export
import Foundation
import Hours
import LocateTestSupport
import Storage
import Testing

/// The preview page with and without contributions (issue 14, item 6), and the page
/// `locate serve` makes in memory, which must be the snapshot's own.
@Suite struct ContributePageTests {
    static let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"

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
        for name in ["index.html", "data.js"] {
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
            #expect(served[name] == written, "\(name)")
        }
        let leaflet = try PreviewPageFiles.leaflet()
        #expect(
            leaflet.keys.sorted().prefix(3) == [
                "leaflet/images/layers-2x.png", "leaflet/images/layers.png", "leaflet/images/marker-icon-2x.png",
            ])
        #expect(leaflet["leaflet/leaflet.js"] == [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/leaflet/leaflet.js"))))
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
