import Foundation
import Geo
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// An empty answer says when the data, not the place, is why (regression, issue 10 item 19:
/// `--open-now` over the 2026 data and `--wheelchair` over the 2019 data said only "no
/// toilet matches").
@Suite struct UnanswerableFiltersTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func theSampleHasHoursAndPricesButNoWheelchairData() throws {
        let finder = try ToiletFinder(store: try storeWith("prague-toilets-sample"))
        let open = OpenFilter(at: UnanswerableFiltersTests.at)
        #expect(
            try finder.unanswerableFilters(ToiletFilter(wheelchair: true), open: nil)
                == UnanswerableFilters(activeCount: 12, filters: [.wheelchair]))
        #expect(
            try finder.unanswerableFilters(ToiletFilter(wheelchair: true, free: true), open: open)
                == UnanswerableFilters(activeCount: 12, filters: [.wheelchair]))
        #expect(try finder.unanswerableFilters(ToiletFilter(free: true), open: open) == nil)
        #expect(try finder.unanswerableFilters(ToiletFilter(), open: nil) == nil)
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func the2026DataHasNoHoursAndNoPrices() throws {
        let finder = try ToiletFinder(store: try storeWith("prague-toilets-2026"))
        let open = OpenFilter(at: UnanswerableFiltersTests.at)
        #expect(
            try finder.unanswerableFilters(ToiletFilter(wheelchair: true, free: true), open: open)
                == UnanswerableFilters(activeCount: 458, filters: [.openingHours(withText: 0), .free]))
        // Listing toilets of unknown hours is an answer, not a missing field.
        let listed = OpenFilter(at: UnanswerableFiltersTests.at, includeUnknown: true)
        #expect(try finder.unanswerableFilters(ToiletFilter(), open: listed) == nil)
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func the2019DataHasNoWheelchairData() throws {
        let finder = try ToiletFinder(store: try storeWith("prague-toilets-2019"))
        #expect(
            try finder.unanswerableFilters(ToiletFilter(wheelchair: true), open: nil)
                == UnanswerableFilters(activeCount: 242, filters: [.wheelchair]))
        #expect(
            try finder.unanswerableFilters(ToiletFilter(free: true), open: OpenFilter(at: UnanswerableFiltersTests.at)) == nil)
    }
}

extension UnanswerableFiltersTests {
    /// Hours text that is never a schedule: the fact counts it, so the message can say so.
    @Test func hoursThatAreNotASchedule() throws {
        let pipeline = """
            name: unreadable
            kind: toilets
            dataset: unreadable
            source:
              path: unreadable.geojson
            timezone: Europe/Prague
            id:
              field: gid
            fields:
              hours: OTEVRENO
            region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
            """
        let features = ["otevřeno při akcích", "dle domluvy"].enumerated().map { i, hours in
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[14.42,50.0\(i)8]},"
                + "\"properties\":{\"gid\":\"t\(i)\",\"OTEVRENO\":\"\(hours)\"}}"
        }
        let source = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}", name: "unreadable.geojson")
        let finder = try ToiletFinder(store: try storeWith("unreadable", source: source, yaml: pipeline))
        #expect(
            try finder.unanswerableFilters(ToiletFilter(), open: OpenFilter(at: UnanswerableFiltersTests.at))
                == UnanswerableFilters(activeCount: 2, filters: [.openingHours(withText: 2)]))
    }
}
