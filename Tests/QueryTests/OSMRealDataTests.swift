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

/// The real OpenStreetMap extracts of Paris and Rome (`../shared/datasets`) through the
/// shipped pipelines: what a user in Paris hit before the OSM profile (issue 12).
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct OSMRealDataTests {
    static let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt

    /// `--free` finds `fee=no` toilets and never `fee=yes` ones (618 Paris toilets were "price
    /// not understood" before).
    @Test func freeInParisFindsFeeNoAndNotFeeYes() throws {
        let store = try osmStore("osm-toilets-paris")
        let counts = try store.testRows(
            sql: "SELECT price_text, is_free, count(*) AS n FROM toilets WHERE price_text IN ('fee=no', 'fee=yes') GROUP BY 1, 2")
        #expect(
            counts.map { "\($0["price_text"] as String) \($0["is_free"] as Int) \($0["n"] as Int)" } == [
                "fee=no 1 580", "fee=yes 0 33",
            ])
        let finder = try ToiletFinder(store: store)
        let feeYes = Set(
            try store.testRows(sql: "SELECT id FROM toilets WHERE price_text LIKE 'fee=yes%'").map { $0["id"] as Int64 })
        for p in randomPoints(50, seed: 21, lat: 48.80...48.92, lon: 2.25...2.42) {
            let free = try finder.nearest(to: p, limit: 5, filter: ToiletFilter(free: true))
            #expect(free.count == 5)
            #expect(free.allSatisfy { $0.isFree == true && ($0.priceText == "fee=no" || $0.priceText == "charge=no") })
            #expect(free.allSatisfy { !feeYes.contains($0.rowID) })
        }
    }

    /// The private toilet that was the answer "nearest, 6 m" is never an answer by default,
    /// with or without an open filter; the nearest public one is.
    @Test func aPrivateToiletIsNeverTheAnswer() throws {
        let store = try osmStore("osm-toilets-paris")
        let finder = try ToiletFinder(store: store)
        let near = Coordinate(latitude: 48.81889, longitude: 2.32190)  // 6 m from node/2076413205
        let got = try finder.nearest(to: near, limit: 20)
        #expect(got.count == 20)
        #expect(!got.map(\.sourceID).contains("node/2076413205"))
        #expect(got.allSatisfy { $0.details.access != .restricted })
        let at = try #require(WallClock.instant("2026-07-14T12:00", in: Self.paris))
        let open = try finder.nearestOpen(to: near, limit: 20, open: OpenFilter(at: at, includeUnknown: true))
        #expect(!open.map(\.sourceID).contains("node/2076413205"))
        let stored = try store.testRows(sql: "SELECT access FROM toilets WHERE source_id = 'node/2076413205'")
        #expect(stored.map { $0["access"] as String } == ["restricted"])
    }

    /// Every filter case on one store (an ingest of Paris per case would cost more than
    /// the searches).
    @Test func parisFiltersEqualBruteForce() throws {
        let store = try osmStore("osm-toilets-paris")
        let finder = try ToiletFinder(store: store)
        for c in FilterCase.all { try check(c, store, finder) }
    }

    private func check(_ c: FilterCase, _ store: LocateStore, _ finder: ToiletFinder) throws {
        let candidates = try kept(store, c)
        for (i, p) in randomPoints(40, seed: 31, lat: 48.60...49.20, lon: 1.90...3.20).enumerated() {
            let k = [1, 5, 20][i % 3]
            let got = try finder.nearest(to: p, limit: k, filter: c.filter).map { ($0.rowID, $0.distanceMeters ?? -1) }
            let want = bruteForce(candidates, near: p, limit: k)
            #expect(got.map(\.0) == want.map(\.0), "\(c) k=\(k) at \(p)")
            #expect(got.map(\.1) == want.map(\.1))
        }
    }

    /// Open on Bastille Day (a French public holiday) with every filter, against a brute
    /// force scan that evaluates every toilet's hours in its zone with its country.
    @Test func openOnBastilleDayEqualsBruteForce() throws {
        let store = try osmStore("osm-toilets-paris")
        let finder = try ToiletFinder(store: store)
        for c in FilterCase.all { try checkOpen(c, store, finder) }
    }

    private func checkOpen(_ c: FilterCase, _ store: LocateStore, _ finder: ToiletFinder) throws {
        var keptIDs = Set<Int64>()
        try store.forEachActiveToilet(orderedBy: .id) { t in if c.keeps(t) { keptIDs.insert(t.rowID) } }
        for at in ["2026-07-14T07:30", "2026-07-14T13:00", "2026-07-14T22:30"] {
            let instant = try #require(WallClock.instant(at, in: Self.paris))
            let open = try openToilets(store, at: instant).filter { keptIDs.contains($0.0) }
            for p in randomPoints(10, seed: 33, lat: 48.80...48.92, lon: 2.25...2.42) {
                let got = try finder.nearestOpen(to: p, limit: 5, filter: c.filter, open: OpenFilter(at: instant)).map(\.rowID)
                #expect(got == bruteForceOpen(open, near: p, limit: 5), "\(c) at \(at) near \(p)")
            }
        }
    }

    /// The pipeline names FR, and 2026-07-14 is a French public holiday; no Paris hours name
    /// public holidays (`PH`), so none of these answers changes on that day.
    @Test func parisHoursNameNoHolidays() throws {
        let store = try osmStore("osm-toilets-paris")
        let ph = try store.testRows(sql: "SELECT count(*) AS n FROM toilets WHERE hours_osm LIKE '%PH%'")
        #expect(ph.first?["n"] as Int? == 0)
        let exact = try store.testRows(sql: "SELECT count(*) AS n FROM toilets WHERE hours_status = 'exact'")
        #expect(exact.first?["n"] as Int? == 95)
    }
}
