import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// One monitor that two sources list (docs/air.md, "One monitor, two sources"): within
/// 1,000 m, and a name agreeing with the other's name or street.
struct SameMonitorRuleTests {
    static let ursynow = SameMonitor.Listing(
        dataset: "gios", name: "Warszawa-Ursynów", street: "ul. Wokalna 1",
        coordinate: Coordinate(latitude: 52.160772, longitude: 21.033819))

    static func other(_ name: String, street: String? = nil, dataset: String = "openaq", lat: Double, lon: Double)
        -> SameMonitor.Listing
    {
        SameMonitor.Listing(dataset: dataset, name: name, street: street, coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    @Test(arguments: [
        // OpenAQ's copy of the station (locations_1000.json, id 28): the name is in GIOŚ's.
        (other("Ursynów", lat: 52.16077306, lon: 21.03916667), 366.0 as Double?),
        // A name that is the other's street.
        (other("Wokalna", lat: 52.160772, lon: 21.036), 149.2),
        // Just inside and just outside 1,000 m (due north).
        (other("Ursynów", lat: 52.16975, lon: 21.033819), 999.0),
        (other("Ursynów", lat: 52.16977, lon: 21.033819), nil),
        // One dataset lists each monitor once.
        (other("Ursynów", dataset: "gios", lat: 52.16077306, lon: 21.03916667), nil),
        // Street against street is not enough; nor a name under 4 characters; nor another name.
        (other("Monitor 7", street: "ul. Wokalna 1", lat: 52.160772, lon: 21.036), nil),
        (other("Urs", lat: 52.160772, lon: 21.036), nil),
        (other("Warszawa-Komunikacyjna", lat: 52.160772, lon: 21.036), nil),
    ])
    func theRule(other: SameMonitor.Listing, separation: Double?) {
        let got = SameMonitor.separation(Self.ursynow, other).map { ($0 * 10).rounded() / 10 }
        #expect(got == separation)
        #expect(SameMonitor.separation(other, Self.ursynow).map { ($0 * 10).rounded() / 10 } == separation)
    }

    /// The cheap box before the geodesic keeps the whole 1,000 m everywhere: 912 m due east
    /// at 69.65° N is 0.0235° of longitude (the box was 0.02°, about 770 m there), and a
    /// pair astride the antimeridian is 107 m apart (review of issue 41).
    @Test(arguments: [(69.65, 18.95, 18.9735, 912.4), (-16.5, 179.9995, -179.9995, 106.8)])
    func farNorthAndAcrossTheAntimeridian(lat: Double, lon: Double, otherLon: Double, separation: Double) {
        let a = Self.other("Hansjordnesbukta", dataset: "gios", lat: lat, lon: lon)
        let b = Self.other("Hansjordnesbukta", lat: lat, lon: otherLon)
        #expect(SameMonitor.separation(a, b).map { ($0 * 10).rounded() / 10 } == separation)
    }
}

/// The real GIOŚ station list of 2021 and OpenAQ's 1,000 locations (3 in Poland, provider
/// "Poland"), in one store.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct SameMonitorRealDataTests {
    static func store() throws -> LocateStore {
        let store = try storeWith("gios-stations-legacy-2021")
        let yaml = """
            kind: stations
            dataset: openaq-pl
            source: { path: locations.json, format: openaq, select: { country: PL } }
            region: { west: -180, south: -90, east: 180, north: 90 }
            """
        let spec = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: NSTemporaryDirectory(), defaultName: "pl")
        let report = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) })
            .run(spec, sourceOverride: Fixtures.shared("openaq-v3/locations_1000.json"))
        try #require(report.run.accepted == 3)
        return store
    }

    @Test func exactlyTheThreeOpenAQCopiesAreOneMonitorWithGIOS() throws {
        let store = try Self.store()
        let rows = try store.testRows(sql: "SELECT dataset, source_id, name, street, lat, lon FROM stations ORDER BY id")
        let listings = rows.map { r in
            (
                id: r["source_id"] as String,
                listing: SameMonitor.Listing(
                    dataset: r["dataset"], name: r["name"], street: r["street"],
                    coordinate: Coordinate(latitude: r["lat"], longitude: r["lon"]))
            )
        }
        #expect(listings.count == 210)
        var pairs: [String] = []
        let g = Geodesic()
        for i in listings.indices {
            for j in listings.indices where j > i {
                if let d = SameMonitor.separation(listings[i].listing, listings[j].listing, geodesic: g) {
                    pairs.append("\(listings[i].id)=\(listings[j].id) \(String(format: "%.1f", d))")
                }
            }
        }
        #expect(pairs.sorted() == ["16533=openaq-1050 535.5", "517=openaq-43 631.1", "550=openaq-28 366.0"])
    }

    @Test func theAnswerListsTheMonitorOnceWithBothSources() throws {
        let finder = StationFinder(store: try Self.store())
        let request = try StationsRequest(
            target: .near(Coordinate(latitude: 52.1608, longitude: 21.0340)), values: [.limit: ["3"]])
        let answer = try request.answer(using: finder, at: Date(timeIntervalSince1970: 1_795_000_000)).answer
        #expect(answer.results.count == 3)
        let first = try #require(answer.results.first)
        #expect(first.id == "gios-stations/550")
        #expect(first.sameMonitor.map(\.station.id) == ["openaq-pl/openaq-28"])
        #expect(first.sameMonitor.map { ($0.separationMeters * 10).rounded() / 10 } == [366.0])
        #expect(!answer.results.dropFirst().contains { $0.id == "openaq-pl/openaq-28" })
        let json = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(first)) as? [String: Any])
        let links = try #require(json["same_monitor"] as? [[String: Any]])
        #expect(links.first?["id"] as? String == "openaq-pl/openaq-28")
        #expect(links.first?["separation_m"] as? Double == 366.0)
    }

    /// Pages of one station each, from Warsaw, are the answer of one page of 30: folding never
    /// loses a station between pages or lists one twice (review of issue 41: a partner ranked
    /// past the first page's window was folded on the second and listed nowhere).
    @Test func pagesFoldAsOneAnswerDoes() throws {
        let finder = StationFinder(store: try Self.store())
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let near = StationsRequest.Target.near(Coordinate(latitude: 52.2297, longitude: 21.0122))
        let whole = try StationsRequest(target: near, values: [.limit: ["30"]]).answer(using: finder, at: at).answer
        var paged: [String] = []
        for offset in 0..<30 {
            let page = try StationsRequest(target: near, values: [.limit: ["1"], .offset: ["\(offset)"]])
            paged += try page.answer(using: finder, at: at).answer.results.map(\.id)
        }
        #expect(whole.results.count == 30)
        #expect(paged == whole.results.map(\.id))
        #expect(Set(whole.results.map(\.id)).count == 30)
        #expect(whole.results.contains { $0.id == "gios-stations/550" && $0.sameMonitor.count == 1 })
    }
}
