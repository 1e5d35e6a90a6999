import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct StationQueryTests {
    @Test func nearestEqualsBruteForce() throws {
        let store = try storeWith("gios-stations-legacy-2021")
        let finder = StationFinder(store: store)
        let all = try store.testRows(sql: "SELECT id, lat, lon FROM stations WHERE status = 'active'").map {
            (id: $0["id"] as Int64, c: Coordinate(latitude: $0["lat"], longitude: $0["lon"]))
        }
        let g = Geodesic()
        for (i, p) in randomPoints(200, seed: 21, lat: 49.0...54.9, lon: 14.0...24.2).enumerated() {
            let k = [1, 3, 10][i % 3]
            let want = all.map { ($0.id, g.distance(from: p, to: $0.c)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(k)
            let got = try finder.nearest(to: p, limit: k, now: Date(timeIntervalSince1970: 1_795_000_000))
            #expect(got.map(\.rowID) == want.map(\.0))
            #expect(got.map { $0.distanceMeters ?? -1 } == want.map(\.1))
        }
    }

    @Test(arguments: [
        ("Kraków", NameMatch.prefix), ("krakow", .prefix), ("KRAKÓW", .prefix), ("lodz", .prefix), ("ŁÓDŹ", .prefix),
        ("Łódź-Widzew", .exact), ("widzew", .word), ("bartnicza", .word), ("artnic", .substring),
        ("Wrocław - Bartnicza", .exact),
    ])
    func nameSearchFoldsCaseAndDiacritics(query: String, bestRank: NameMatch) throws {
        let store = try storeWith("gios-stations-legacy-2019")
        let results = try StationFinder(store: store).named(query, limit: 50, now: Date(timeIntervalSince1970: 0))
        try #require(!results.isEmpty, "no station matches \(query)")
        #expect(results.first?.match == bestRank)
        let folded = StationRecord.fold(query)
        #expect(results.allSatisfy { StationRecord.fold($0.name).contains(folded) })
        #expect(results.map { $0.match?.rank ?? 9 } == results.map { $0.match?.rank ?? 9 }.sorted())
    }

    @Test func krakowFindsEveryKrakowStation() throws {
        let store = try storeWith("gios-stations-legacy-2019")
        let results = try StationFinder(store: store).named("krakow", limit: 100, now: Date(timeIntervalSince1970: 0))
        let names: [String] = try store.testRows(sql: "SELECT name FROM stations").map { $0["name"] }
        let expected = names.filter { StationRecord.fold($0).contains("krakow") }.count
        #expect(results.count == expected)
        #expect(results.filter { $0.match == .prefix }.count == names.filter { $0.hasPrefix("Kraków") }.count)
        // The 2019 list names 9 stations with "krakow" folded in, 8 of them starting "Kraków".
        #expect(expected == 9)
        #expect(names.filter { $0.hasPrefix("Kraków") }.count == 8)
    }
}
