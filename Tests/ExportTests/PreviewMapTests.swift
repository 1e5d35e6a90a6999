import Export
import Foundation
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// The preview page as a person uses it (issue 15, item 4), checked in headless Chromium:
/// tiles requested from the configured template (a tile server fixture on 127.0.0.1), one
/// marker per place, the legend and every attribution, and popups opened by `#id=…` with
/// the next 7 days' opening times and station values with units, ages and sparklines.
@Suite struct PreviewMapTests {
    /// The page's DOM after its scripts ran, opened at `#id=id`.
    /// `now` pins the instant the page computes open states for (`?now=`); nil: the clock.
    static func dom(_ folder: String, id: String, now: String? = nil) throws -> String {
        let flags = ["--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=10000", "--window-size=1200,800"]
        let url = "file://\(folder)/index.html\(now.map { "?now=" + $0 } ?? "")#id=\(id)"
        let r = try Fixtures.run("/usr/bin/timeout", ["120", "chromium"] + flags + ["--dump-dom", url])
        try #require(r.status == 0, "chromium: \(r.stderr.suffix(500))")
        return r.stdout
    }

    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func tilesLegendAttributionsAndPopups() async throws {
        let (store, dir) = try await exportStore(["prague-toilets-sample", "gios-stations-sample", "gios-air-sample"])
        let log = dir.appendingPathComponent("tiles.log").path
        let tiles = try TestServer(python: [Fixtures.repo("Tests/Support/tile_server.py"), log])
        defer { tiles.stop() }
        let out = dir.appendingPathComponent("map").path
        // Hours after the sample's newest values (PM10 at 19:00): they are shown as old.
        let at = try #require(WallClock.instant("2026-11-22T06:30", in: prague))
        let options = PreviewOptions(tiles: "http://127.0.0.1:\(tiles.port)/{z}/{x}/{y}.png", tilesAttribution: "test tiles")
        _ = try SnapshotWriter(store: store).write(to: out, at: at, preview: options)

        let toilet = try PreviewMapTests.dom(
            out, id: "prague-toilets-sample/05bddb4231d5@50.086120,14.418020", now: "2026-11-22T05:30:00Z")
        let requested = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!requested.isEmpty)
        #expect(requested.allSatisfy { $0.wholeMatch(of: /\/1[0-9]\/[0-9]+\/[0-9]+\.png/) != nil }, "\(requested)")
        // 12 toilets and 6 stations; at zoom 17 (after #id=) every marker near Karlova is alone.
        #expect(toilet.contains("data-markers=\"18\""))
        #expect(toilet.contains("data-zoom=\"17\""))
        // Klozet's table: the next 7 days from the generation day, in the place's zone.
        #expect(
            toilet.contains(
                "<tr><td>Sun 22.11.</td><td>10:00–18:00</td></tr><tr><td>Mon 23.11.</td><td>08:00–20:00</td></tr>"))
        // The state now (pinned to the generation time, 06:30 in Prague), from the intervals.
        #expect(toilet.contains("Now: <b class=\"now state-text-closed\">closed</b>, opens Sun 22.11. 10:00"))
        for text in [
            "0 Bardzo dobry (very good)", "3 Dostateczny (sufficient)", "5 Bardzo zły (very bad)", "no index",
            "Leaflet | locate sample data, CC0 (sample written for locate), test tiles", "toilets: prague-toilets-sample",
            "stations: gios-stations-sample",
        ] {
            #expect(toilet.contains(text), "\(text)")
        }
        let station = try PreviewMapTests.dom(out, id: "gios-stations-sample/9001")
        #expect(
            station.contains(
                "<span class=\"old\">PM10: 52.1 µg/m³, 2026-11-21 19:00 (12 h old) — old</span><svg class=\"spark\""))
        #expect(station.contains("GIOŚ index: 3 Dostateczny, 2026-11-21 20:20 <small>(Europe/Warsaw)</small>"))
    }

    /// Without a basemap (`--tiles none`) and offline the page still shows every place.
    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func withoutTilesThePlacesStillShow() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("map").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        _ = try SnapshotWriter(store: store).write(to: out, at: at, preview: PreviewOptions(tiles: nil))
        let page = try PreviewMapTests.dom(out, id: "none")
        // Clustered: every toilet is in a cluster's count or drawn alone.
        let shown = page.components(separatedBy: "class=\"leaflet-marker-icon toilet ").count - 1
        let clustered = page.matches(of: /marker-cluster[^"]*"[^>]*><div><span>([0-9]+)<\/span>/).compactMap { Int($0.output.1) }
        #expect(shown + clustered.reduce(0, +) == 12, "\(shown) \(clustered)")
        #expect(!page.contains("class=\"leaflet-tile"))
        #expect(page.contains("data-markers=\"12\""))
    }
}
