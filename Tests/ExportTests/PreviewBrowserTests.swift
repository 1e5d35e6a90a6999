import Export
import Foundation
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// Debian's chromium.
private let browserPath = "/usr/bin/chromium"

/// The preview map as a person sees it (issue 24 §3), rendered in headless Chromium at a
/// phone's size (390×844) and a desktop's (1280×800) and checked on the DOM after the
/// scripts ran: marker clusters with counts, the city picker, the popup and zoom after
/// `#id=` (on load and on a hash change), the open state for a pinned "now" (`?now=`), the
/// "data as of" note, and the banner when tiles fail (the tile template points at a closed
/// port: the offline case). Screenshots go to `LOCATE_SCREENSHOTS` when set (else a
/// temporary folder); the test prints where.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: browserPath),
        "chromium is not installed (/usr/bin/chromium): browser checks skipped; scripts/setup.sh --test installs it"))
struct PreviewBrowserTests {
    static let chromium = browserPath
    static let karlova = "prague-toilets-sample/05bddb4231d5@50.086120,14.418020"
    /// Nothing listens on port 9 here: every tile fails at once, as offline.
    static let deadTiles = PreviewOptions(tiles: "http://127.0.0.1:9/{z}/{x}/{y}.png", tilesAttribution: "test tiles")

    /// Runs headless Chromium on `url` at `size` and returns the DOM (or writes a screenshot).
    static func render(_ url: String, size: String, screenshot: String? = nil, extra: [String] = []) throws -> String {
        let flags = [
            "--headless=new", "--disable-gpu", "--no-sandbox", "--window-size=\(size)", "--virtual-time-budget=5000",
            "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + (try Fixtures.temporaryFolder().path),
        ]
        let output = screenshot.map { ["--screenshot=\($0)"] } ?? ["--dump-dom"]
        let r = try Fixtures.run("/usr/bin/timeout", ["60", chromium] + flags + extra + output + [url])
        try #require(r.status == 0, "chromium: \(r.stderr.suffix(600))")
        return r.stdout
    }

    static func screenshotFolder() throws -> String {
        if let dir = ProcessInfo.processInfo.environment["LOCATE_SCREENSHOTS"], !dir.isEmpty {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            return dir
        }
        return try Fixtures.temporaryFolder().path
    }

    /// Prague's sample toilets, Helsinki's centre and GIOŚ's sample stations (in Poland):
    /// three groups far apart, generated on Sunday 22 November 2026 at 06:30 in Prague.
    static func threeCities() async throws -> String {
        let (store, dir) = try await exportStore([
            "prague-toilets-sample", "osm-toilets-helsinki-centre", "gios-stations-sample", "gios-air-sample",
        ])
        let out = dir.appendingPathComponent("map").path
        let at = try #require(WallClock.instant("2026-11-22T06:30", in: prague))
        _ = try SnapshotWriter(store: store).write(to: out, at: at, preview: deadTiles)
        return out
    }

    static func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    /// The cluster counts shown (`<span>N</span>` inside each cluster icon).
    static func clusterCounts(_ dom: String) -> [Int] {
        dom.matches(of: /marker-cluster[^"]*"[^>]*><div><span>([0-9]+)<\/span>/).compactMap { Int($0.output.1) }
    }

    @Test func phone_idZoomsAndOpensTheTitledPopupWithTheStateNow() async throws {
        let out = try await Self.threeCities()
        // 09:30 UTC is 10:30 in Prague: Karlova opened at 10:00 and closes at 18:00.
        let url = "file://\(out)/index.html?now=2026-11-22T09:30:00Z#id=\(Self.karlova)"
        let dom = try Self.render(url, size: "390,844")
        let title = try #require(dom.firstMatch(of: /<b class="title">([^<]*)<\/b>/)?.output.1)
        let geojson = try String(contentsOfFile: out + "/toilets.geojson", encoding: .utf8)
        #expect(geojson.contains("\"title\":\"\(title)\""), "the popup's title is the data's (StoredToilet.title): \(title)")
        #expect(!title.contains("05bddb4231d5"))
        #expect(dom.contains("id=\"map\"") && dom.contains("data-zoom=\"17\""))
        #expect(dom.contains("Now: <b class=\"now state-text-open\">open</b> until Sun 22.11. 18:00"))
        #expect(dom.contains("<tr><td>Sun 22.11.</td><td>10:00–18:00</td></tr>"))
        // Offline: every tile failed, and the page says so.
        #expect(
            dom.contains("id=\"notice\" class=\"notice\" role=\"alert\">Map tiles could not be loaded ("), "\(dom.suffix(3000))")
        #expect(dom.contains("data-tile-errors=\""))
        // Generated the same day: no "data as of" note.
        #expect(dom.contains("<div id=\"asof\" class=\"notice\" hidden=\"\"></div>"))
        #expect(Self.count(dom, "© OpenStreetMap contributors") <= 1)
        #expect(dom.contains("leaflet-control-scale-line"))
        let shot = try Self.screenshotFolder() + "/phone-390x844-id.png"
        _ = try Self.render(url, size: "390,844", screenshot: shot)
        #expect(FileManager.default.fileExists(atPath: shot))
        print("screenshot: \(shot)")
    }

    @Test func desktop_clustersWithCountsCityPickerAndDataAsOf() async throws {
        let out = try await Self.threeCities()
        let url = "file://\(out)/index.html?now=2026-12-05T12:00:00Z"
        let dom = try Self.render(url, size: "1280,800")
        // The first view is Helsinki's centre (most toilets); its toilets are clustered with counts.
        let counts = Self.clusterCounts(dom)
        #expect(!counts.isEmpty, "no marker cluster in the first view")
        #expect(counts.allSatisfy { $0 >= 2 } && counts.reduce(0, +) < 18, "\(counts)")
        #expect(dom.contains("data-markers=\"36\""))  // 18 + 12 toilets, 6 stations
        let options = dom.matches(of: /<option value="[0-9]+">([^<]*)<\/option>/).map { String($0.output.1) }
        #expect(
            options == [
                "osm-toilets-helsinki-centre (18 toilets)", "prague-toilets-sample (12 toilets)",
                "gios-stations-sample, Gdańsk (1 station)", "gios-stations-sample, Kraków (1 station)",
                "gios-stations-sample, New York (1 station)", "gios-stations-sample, Warszawa (1 station)",
                "gios-stations-sample, Wrocław (1 station)", "gios-stations-sample, Łódź (1 station)",
            ])
        #expect(dom.contains("data-groups=\"8\""))
        #expect(dom.contains("Data as of 2026-11-22 ("))
        #expect(dom.contains("leaflet-control-layers-expanded"))
        let shot = try Self.screenshotFolder() + "/desktop-1280x800.png"
        _ = try Self.render(url, size: "1280,800", screenshot: shot)
        print("screenshot: \(shot)")
    }

    /// A page in a frame gets a new hash, as a person following a second link on an open
    /// page: the map zooms to the new place and opens it. (File pages read each other only
    /// with `--allow-file-access-from-files`; the frame's own page is the snapshot's.)
    @Test func hashChangeOnAnOpenPage() async throws {
        let out = try await Self.threeCities()
        let stations = try String(contentsOfFile: out + "/stations.geojson", encoding: .utf8)
        let station = try #require(stations.firstMatch(of: /"id":"(gios-stations-sample\/[^"]+)"/)?.output.1)
        let frame = """
            <!DOCTYPE html><html><body><iframe id="f" src="map/index.html#id=\(Self.karlova)" width="390" height="800"></iframe>
            <script>
            var f = document.getElementById('f');
            f.onload = function () {
              setTimeout(function () {
                f.contentWindow.location.hash = '#id=\(station)';
                f.contentDocument.getElementById('nearme').click();
                setTimeout(function () {
                  var d = f.contentDocument, t = d.querySelector('.leaflet-popup-content .title');
                  document.body.setAttribute('data-title', t ? t.textContent : 'none');
                  document.body.setAttribute('data-zoom', d.getElementById('map').getAttribute('data-zoom'));
                  document.body.setAttribute('data-near', d.getElementById('nearmsg').textContent);
                  document.body.setAttribute('data-scheme', d.body.getAttribute('data-scheme'));
                }, 1000);
              }, 1000);
            };
            </script></body></html>
            """
        let page = try Fixtures.write(frame, name: "frame.html", in: URL(fileURLWithPath: out).deletingLastPathComponent())
        let dom = try Self.render("file://\(page)", size: "420,844", extra: ["--allow-file-access-from-files"])
        let name = try #require(stations.firstMatch(of: /"name":"([^"]+)"/)?.output.1)
        #expect(dom.contains("data-title=\"\(name)\""), "\(dom.prefix(400))")
        #expect(dom.contains("data-zoom=\"17\""))
        // "near me": headless Chromium gives no location; the page says so.
        let near = try #require(dom.firstMatch(of: /data-near="([^"]*)"/)?.output.1)
        #expect(near.hasPrefix("location refused: ") || near.hasPrefix("location not available: "), "\(near)")
        #expect(dom.contains("data-scheme=\"light\""))
    }

    /// Night mode: with the dark scheme preferred the page's dark style applies.
    @Test func nightMode() async throws {
        let out = try await Self.threeCities()
        let url = "file://\(out)/index.html?now=2026-11-22T09:30:00Z#id=\(Self.karlova)"
        let dark = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]
        let dom = try Self.render(url, size: "390,844", extra: dark)
        #expect(dom.contains("data-scheme=\"dark\""))
        let shot = try Self.screenshotFolder() + "/phone-390x844-night.png"
        _ = try Self.render(url, size: "390,844", screenshot: shot, extra: dark)
        print("screenshot: \(shot)")
    }
}
