import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// One store with Prague's 2019 and 2026 IPR data as two datasets (`prague-2019`,
/// `prague-2026`; the shipped pipelines share one dataset) and the OSM Prague sample.
func pragueThreeDatasets() throws -> LocateStore {
    let dir = try Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("m.sqlite").path)
    for (pipeline, dataset) in [
        ("prague-toilets-2019", "prague-2019"), ("prague-toilets-2026", "prague-2026"),
        ("osm-toilets-prague-sample", "osm-toilets-prague-sample"),
    ] {
        let path = Fixtures.repo("pipelines/\(pipeline).yml")
        let yaml = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "dataset: prague-toilets\n", with: "dataset: \(dataset)\n")
        let spec = try PipelineDecoder.decode(
            yaml, path: path, baseFolder: Fixtures.repo("pipelines"), defaultName: pipeline)
        let report = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) }).run(spec)
        try #require(report.run.accepted > 0, "setup: \(pipeline) accepted nothing")
    }
    return store
}

/// Several datasets in one answer (README, "Several datasets in one answer").
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct MergedPlacesTests {
    static let oldTownSquare = Coordinate(latitude: 50.0875, longitude: 14.4214)

    @Test func onePlaceListsEverySourceWithAttributesFromEach() throws {
        let store = try pragueThreeDatasets()
        let finder = try ToiletFinder(store: store)
        let near = Coordinate(latitude: 50.08745, longitude: 14.41736)  // the library, Mariánské náměstí 1
        let library = try #require(try finder.nearest(to: near, limit: 1).first)
        #expect(library.sources.map(\.dataset) == ["prague-2019", "prague-2026", "osm-toilets-prague-sample"])
        #expect(library.name == "WC Městská knihovna")  // 2026
        #expect(library.address == "Mariánské náměstí 1")  // 2019
        #expect(library.hoursText == "po 13:00-20:00; út-pá 9:00-20:00; so 13:00-18:00")  // 2019
        #expect(library.wheelchair == .yes)  // 2026
        #expect(library.details[.changingTable] == true)  // OSM, 3.6 m away
        #expect(library.details.access == .public)
        // The nearest record with a price wins: 2019's 10 CZK, not OSM's fee=no.
        #expect([library.isFree, library.priceAmount, library.priceCurrency] as [AnyHashable?] == [false, 10.0, "CZK"])

        let kfc = try #require(try finder.nearest(to: Coordinate(latitude: 50.08796, longitude: 14.41836), limit: 1).first)
        // Both IPR records are at one position; OSM's is 9 m away with the same name.
        #expect(Set(kfc.sources.map(\.dataset)) == ["prague-2019", "prague-2026", "osm-toilets-prague-sample"])
        #expect(kfc.sources.last?.dataset == "osm-toilets-prague-sample")
        #expect(kfc.details.access == .customers)
        #expect(kfc.details[.disposal] == "flush")
    }

    @Test func differentNamesTenMetresApartStayTwoPlaces() throws {
        let store = try pragueThreeDatasets()
        let finder = try ToiletFinder(store: store)
        let got = try finder.nearest(to: Coordinate(latitude: 50.08768, longitude: 14.42224), limit: 2)
        #expect(got.map(\.sources.count) == [1, 1])
        #expect(Set(got.map(\.dataset)) == ["prague-2026", "osm-toilets-prague-sample"])
    }

    @Test func datasetOptionLimitsTheAnswer() throws {
        let store = try pragueThreeDatasets()
        let finder = try ToiletFinder(store: store)
        let only = try finder.nearest(to: Self.oldTownSquare, limit: 10, filter: ToiletFilter(datasets: ["prague-2026"]))
        #expect(only.count == 10)
        #expect(only.allSatisfy { $0.dataset == "prague-2026" && $0.sources.map(\.dataset) == ["prague-2026"] })
        let two = try finder.nearest(
            to: Self.oldTownSquare, limit: 10, filter: ToiletFilter(datasets: ["prague-2019", "osm-toilets-prague-sample"]))
        #expect(two.allSatisfy { $0.sources.allSatisfy { $0.dataset != "prague-2026" } })
    }

    /// The answer equals a brute force over every record: in (distance, row id) order, a
    /// record that passes the filter joins the first place listed that has no record of its
    /// dataset and a record that is the same place (`SamePlace`), else it is a new place.
    @Test func mergedAnswersEqualBruteForce() throws {
        let store = try pragueThreeDatasets()
        let finder = try ToiletFinder(store: store)
        for filter in [ToiletFilter(), ToiletFilter(wheelchair: true), ToiletFilter(free: true), ToiletFilter(publicOnly: true)] {
            try check(filter, store, finder)
        }
    }

    private func check(_ filter: ToiletFilter, _ store: LocateStore, _ finder: ToiletFinder) throws {
        var all: [StoredToilet] = []
        try store.forEachActiveToilet(orderedBy: .id) { all.append($0) }
        let g = Geodesic()
        let passing = all.filter { t in
            t.details.access != .restricted && !(filter.publicOnly && t.details.access == .customers)
                && !(filter.wheelchair && t.wheelchair != .yes) && !(filter.free && t.isFree != true)
        }
        for (i, p) in randomPoints(30, seed: 17, lat: 50.05...50.12, lon: 14.38...14.48).enumerated() {
            let k = [1, 5, 15][i % 3]
            let ordered = passing.map { ($0, g.distance(from: p, to: $0.coordinate)) }
                .sorted { ($0.1, $0.0.rowID) < ($1.1, $1.0.rowID) }
            var places: [[StoredToilet]] = []
            for (t, _) in ordered where places.count < k {
                let joined = places.firstIndex { place in
                    !place.contains { $0.dataset == t.dataset } && place.contains { SamePlace.matches($0, t, geodesic: g) }
                }
                if let joined { places[joined].append(t) } else { places.append([t]) }
            }
            let got = try finder.nearest(to: p, limit: k, filter: filter)
            #expect(got.map(\.rowID) == places.map(\.[0].rowID), "k=\(k) at \(p)")
            #expect(got.map(\.distanceMeters) == places.map { g.distance(from: p, to: $0[0].coordinate) })
        }
    }
}
