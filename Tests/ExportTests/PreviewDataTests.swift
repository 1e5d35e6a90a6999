import Foundation
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Export

/// What the preview page's data holds for the browser (issue 24 §3): the week's open and
/// unknown intervals as UTC instants with the window they cover, and each credit once.
@Suite struct PreviewDataTests {
    static func unix(_ local: String) throws -> Int {
        Int(try #require(WallClock.instant(local, in: prague)).timeIntervalSince1970)
    }

    /// Karlova (Mo-Fr 08:00-20:00; Sa-Su 10:00-18:00), generated Sunday 22.11. at 06:30:
    /// the window is 22.11. 00:00 to 29.11. 00:00 in Prague, the first opening 10:00–18:00.
    @Test func theWeekHoldsOpenIntervalsAndItsWindow() throws {
        let (store, _) = try exportStore(["prague-toilets-sample"])
        let at = try #require(WallClock.instant("2026-11-22T06:30", in: prague))
        let week = try #require(try PreviewData.weeks(store, at: at)[ContributePageTests.karlova])
        #expect(week.from == (try Self.unix("2026-11-22T00:00")))
        #expect(week.to == (try Self.unix("2026-11-29T00:00")))
        #expect(week.zone == "Europe/Prague")
        #expect(week.open.count == 7)
        #expect(week.open.first == [try Self.unix("2026-11-22T10:00"), try Self.unix("2026-11-22T18:00")])
        #expect(week.open.last == [try Self.unix("2026-11-28T10:00"), try Self.unix("2026-11-28T18:00")])
        #expect(week.unknown.isEmpty)
    }

    /// The OpenStreetMap tiles' credit is not repeated beside a dataset credit that already
    /// names OpenStreetMap's contributors; another tile layer keeps its own.
    @Test func eachCreditOnce() throws {
        let (store, _) = try exportStore(["osm-toilets-helsinki-centre"])
        let at = try #require(WallClock.instant("2026-11-22T06:30", in: prague))
        let osm = try PreviewPageFiles(store: store, at: at, options: PreviewOptions()).files["data.js"]
        let text = String(decoding: try #require(osm), as: UTF8.self)
        #expect(text.contains("\"tiles_attribution\":\"\""))
        #expect(text.contains("\"attributions\":[\"© OpenStreetMap contributors, ODbL 1.0\"]"))
        let other = try PreviewPageFiles(
            store: store, at: at, options: PreviewOptions(tiles: "http://tiles.example/{z}/{x}/{y}.png", tilesAttribution: "X")
        ).files["data.js"]
        #expect(String(decoding: try #require(other), as: UTF8.self).contains("\"tiles_attribution\":\"X\""))
    }
}
