import Export
import Foundation
import Hours
import Query
import Testing

extension PreviewBrowserTests {
    /// GIOŚ's and OpenAQ's samples with the EAQI, generated at 20:30 in Prague on
    /// 21 November 2026.
    static func bothSources() async throws -> String {
        let (store, dir) = try await exportStore([
            "gios-stations-sample", "gios-air-sample", "openaq-stations-sample", "openaq-air-sample",
        ])
        let out = dir.appendingPathComponent("map").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        _ = try SnapshotWriter(store: store, eaqi: EuropeanAirQualityIndex.headline).write(
            to: out, at: at, preview: deadTiles)
        return out
    }

    /// The station popups show both indexes where both exist, an OpenAQ station the EAQI
    /// alone and a disc in its band's colour; the legend lists the EAQI bands.
    @Test func stationPopupsShowBothIndexes() async throws {
        let out = try await Self.bothSources()
        let openaq = try Self.render("file://\(out)/index.html#id=openaq-sample/openaq-9101", size: "1280,800")
        #expect(
            openaq.contains("EAQI (EEA 2024): 3 moderate, by PM2.5, 2026-11-21 20:00 <small>(Europe/Prague)</small>"),
            "\(openaq.suffix(3000))")
        #expect(!openaq.contains("GIOŚ index:"))
        #expect(openaq.contains("<div class=\"eaqi-3\"></div>"))
        #expect(openaq.contains("<b>EAQI</b> (EEA 2024), where GIOŚ has no index<br>"))
        #expect(
            openaq.contains("<i class=\"eaqi-1\"></i>1 good<br>")
                && openaq.contains("<i class=\"eaqi-6\"></i>6 extremely poor<br>"))
        let gios = try Self.render("file://\(out)/index.html#id=gios-stations-sample/9002", size: "1280,800")
        #expect(
            gios.contains(
                "GIOŚ index: 1 Dobry, 2026-11-21 20:20 <small>(Europe/Warsaw)</small><br>"
                    + "EAQI (EEA 2024): 2 fair, by PM10, 2026-11-21 20:00 <small>(Europe/Warsaw)</small>"),
            "\(gios.suffix(3000))")
        // GIOŚ's colour where it has an index: level 1's square.
        #expect(gios.contains("<div class=\"level-1\"></div>"))
    }
}
