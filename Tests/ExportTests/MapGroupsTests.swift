import Foundation
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Export

/// The city picker's groups (issue 24 §3): far-apart places split, a city's places stay
/// together, the first group is the first view.
@Suite struct MapGroupsTests {
    static func toilet(_ dataset: String, _ lat: Double, _ lon: Double) -> MapGroups.Place {
        MapGroups.Place(dataset: dataset, isToilet: true, coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    @Test func pragueParisRomeAndAStationAreFourGroupsMostToiletsFirst() {
        let places = [
            Self.toilet("osm-toilets-rome", 41.9028, 12.4964),
            Self.toilet("osm-toilets-paris", 48.8566, 2.3522),
            Self.toilet("osm-toilets-paris", 48.87, 2.33),
            Self.toilet("prague-toilets", 50.0875, 14.4214),
            Self.toilet("prague-toilets", 50.0755, 14.4378),
            Self.toilet("prague-toilets", 50.1, 14.39),
            MapGroups.Place(
                dataset: "gios-stations", isToilet: false, coordinate: Coordinate(latitude: 50.0577, longitude: 19.9265),
                city: "Kraków"),
        ]
        #expect(
            MapGroups.groups(of: places) == [
                .init(name: "prague-toilets", toilets: 3, stations: 0, bbox: [14.39, 50.0755, 14.4378, 50.1]),
                .init(name: "osm-toilets-paris", toilets: 2, stations: 0, bbox: [2.33, 48.8566, 2.3522, 48.87]),
                .init(name: "osm-toilets-rome", toilets: 1, stations: 0, bbox: [12.4964, 41.9028, 12.4964, 41.9028]),
                .init(name: "gios-stations", toilets: 0, stations: 1, bbox: [19.9265, 50.0577, 19.9265, 50.0577]),
            ])
        #expect(MapGroups.groups(of: []) == [])
    }

    /// 0.36° of latitude is 40.0 km, 0.54° is 60.0 km: the first pair joins, the second not;
    /// joined cells chain (A–B 40 km, B–C 40 km: one group of three, A–C 80 km apart).
    @Test func placesJoinWithin50KilometresAndChain() {
        let near = MapGroups.groups(of: [Self.toilet("a", 50.0, 14.0), Self.toilet("a", 50.36, 14.0)])
        #expect(near.map(\.toilets) == [2])
        let far = MapGroups.groups(of: [Self.toilet("a", 50.0, 14.0), Self.toilet("a", 50.54, 14.0)])
        // One dataset in two groups: each named with its centre.
        #expect(far.map(\.name) == ["a near 50.00,14.00", "a near 50.54,14.00"])
        let chain = MapGroups.groups(of: [
            Self.toilet("a", 50.0, 14.0), Self.toilet("a", 50.36, 14.0), Self.toilet("a", 50.72, 14.0),
        ])
        #expect(chain.map(\.toilets) == [3])
        #expect(chain.first?.bbox == [14.0, 50.0, 14.0, 50.72])
    }

    /// The real datasets: Prague's 2026 toilets, Paris's and Rome's OpenStreetMap toilets.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func realPragueParisRome() throws {
        let (store, _) = try exportStore(["prague-toilets-2026", "osm-toilets-paris", "osm-toilets-rome"])
        let groups = try PreviewPage.groups(store, toilets: true, stations: false)
        let summary = groups.map {
            "\($0.name) \($0.toilets) \($0.bbox.map { String(format: "%.4f", $0) }.joined(separator: ","))"
        }
        // One group per city, most toilets first: the first view is Île-de-France.
        #expect(
            summary == [
                "osm-toilets-paris 1268 1.8602,48.5128,3.3018,49.2856",
                "prague-toilets 458 14.2654,49.9750,14.6635,50.1509",
                "osm-toilets-rome 201 12.2835,41.6756,12.7388,42.0103",
            ])
        // Each group holds all of its dataset (counted apart from the grouping).
        var perDataset: [String: Int] = [:]
        try store.forEachActiveToilet(orderedBy: .id) { perDataset[$0.dataset, default: 0] += 1 }
        #expect(perDataset == Dictionary(uniqueKeysWithValues: groups.map { ($0.name, $0.toilets) }))
    }
}
