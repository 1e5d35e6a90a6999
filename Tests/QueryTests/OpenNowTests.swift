import Foundation
import GRDB
import Geo
import Hours
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// Brute force for open toilets, first half: every active toilet whose hours, evaluated at
/// `at`, say open (row id and position). Evaluated once per instant, then scanned per point.
func openToilets(_ store: LocateStore, at: Date) throws -> [(Int64, Coordinate)] {
    let rows = try store.testRows(sql: "SELECT id, lat, lon, hours_osm, timezone, country FROM toilets WHERE status = 'active'")
    var open: [(Int64, Coordinate)] = []
    for r in rows {
        guard let text = r["hours_osm"] as String? else { continue }
        let hours = try OpeningHours(parsing: text)  // stored hours always parse: a failure is a bug
        let ctx = HoursContext(
            timeZone: TimeZone(identifier: r["timezone"]) ?? .gmt, country: r["country"], latitude: r["lat"], longitude: r["lon"])
        if hours.currentState(at: at, in: ctx).state == .open {
            open.append((r["id"], Coordinate(latitude: r["lat"], longitude: r["lon"])))
        }
    }
    return open
}

/// Brute force for open toilets, second half: the `limit` nearest of `open` to `p` by
/// (geodesic distance, row id).
func bruteForceOpen(_ open: [(Int64, Coordinate)], near p: Coordinate, limit: Int) -> [Int64] {
    let g = Geodesic()
    return BruteForce.nearest(open.map { ($0.0, g.distance(from: p, to: $0.1)) }, limit: limit).map(\.0)
}

@Suite struct OpenNowTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
        arguments: ["2026-11-21T23:30", "2026-11-22T03:10", "2026-11-23T12:00", "2026-03-29T02:30", "2026-07-05T05:00"])
    func openNowEqualsBruteForce(at: String) throws {
        let store = try storeWith("prague-toilets-2019")
        let finder = try ToiletFinder(store: store)
        let instant = try #require(WallClock.instant(at, in: Self.prague))
        let open = try openToilets(store, at: instant)
        for p in randomPoints(40, seed: 5) {
            let got = try finder.nearestOpen(to: p, limit: 5, open: OpenFilter(at: instant)).map(\.rowID)
            #expect(got == bruteForceOpen(open, near: p, limit: 5), "at \(at) near \(p)")
        }
    }

    /// A finder keeps the rows it found not open at an instant, and leaves them out of the
    /// next searches at that instant before their distance is computed. Asked at other
    /// instants, with and without unknown, in turns, it answers as a fresh finder does.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func rowsNotOpenAtOneInstantAreNotCarriedToAnother() throws {
        let store = try storeWith("prague-toilets-2019")
        let kept = try ToiletFinder(store: store)
        let night = try #require(WallClock.instant("2026-11-22T03:10", in: Self.prague))
        let noon = try #require(WallClock.instant("2026-11-23T12:00", in: Self.prague))
        let asked = [(night, false), (noon, false), (night, true), (night, false), (noon, true), (noon, false)]
        let wheelchair = ToiletFilter(wheelchair: true)
        // Each question at many points in a row (the kept rows are used), then the next; at one
        // instant also with a filter and without (rows are kept by state, not by filter).
        for (at, unknown) in asked {
            let open = OpenFilter(at: at, includeUnknown: unknown)
            for (i, p) in randomPoints(12, seed: 9).enumerated() {
                let filter = i % 3 == 0 ? wheelchair : ToiletFilter()
                let fresh = try ToiletFinder(store: store).nearestOpen(to: p, limit: 3, filter: filter, open: open)
                #expect(
                    try kept.nearestOpen(to: p, limit: 3, filter: filter, open: open) == fresh,
                    "at \(at) unknown \(unknown) near \(p)")
            }
        }
    }

    @Test func unknownIsNeverOpenButCanBeListed() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let flora = Coordinate(latitude: 50.07824, longitude: 14.45631)  // "otevřeno při akcích": unknown
        let at = try #require(WallClock.instant("2026-11-23T12:00", in: Self.prague))
        let open = try finder.nearestOpen(to: flora, limit: 1, open: OpenFilter(at: at))
        #expect(open.map(\.address) == ["Hlavní nádraží (sample)"])  // 1.64 km away, open until 00:35
        let withUnknown = try finder.nearestOpen(to: flora, limit: 1, open: OpenFilter(at: at, includeUnknown: true))
        #expect(withUnknown.first?.address == "Flora (sample)")
        #expect(withUnknown.first?.state == .unknown)
    }

    @Test func arrivalMustStillBeOpen() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let near = Coordinate(latitude: 50.0875, longitude: 14.4214)
        // Staroměstské nám. (sample) closes at 21:00; 47 m away.
        let at = try #require(WallClock.instant("2026-11-23T20:50", in: Self.prague))
        let now = try finder.nearestOpen(to: near, limit: 1, open: OpenFilter(at: at))
        #expect(now.first?.address == "Staroměstské nám. (sample)")
        #expect(now.first?.nextChange == "2026-11-23T21:00")
        let late = try finder.nearestOpen(to: near, limit: 1, open: OpenFilter(at: at, arrival: .within(minutes: 15)))
        #expect(late.first?.address == "Celetná (sample)")  // nonstop
        let walking = try finder.nearestOpen(to: near, limit: 1, open: OpenFilter(at: at, arrival: .defaultWalk))
        #expect(walking.first?.address == "Staroměstské nám. (sample)")  // under a minute's walk
        #expect(walking.first?.arrival == "2026-11-23T20:50")
    }
}
