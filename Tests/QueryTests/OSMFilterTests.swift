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

/// A shipped OSM pipeline, reading `../shared/datasets` beside the repository.
func osmStore(_ pipeline: String) throws -> LocateStore {
    let yaml = try String(contentsOfFile: Fixtures.repo("pipelines/\(pipeline).yml"), encoding: .utf8)
    return try storeWith(pipeline, yaml: yaml.replacingOccurrences(of: "../../shared", with: Fixtures.shared("..")))
}

/// What the filters mean, written out independently of `ToiletFilter`: the brute force's
/// predicate over every stored field.
struct FilterCase: Sendable, CustomStringConvertible {
    var name: String
    var filter: ToiletFilter

    func keeps(_ t: StoredToilet) -> Bool {
        if t.details.access == .restricted { return false }
        if filter.publicOnly && t.details.access == .customers { return false }
        if filter.wheelchair && t.wheelchair != .yes { return false }
        if filter.free && t.isFree != true { return false }
        for c in filter.attributes where t.details[c.attribute] != c.value { return false }
        if let m = filter.maxPrice, t.isFree != true {
            guard let a = t.priceAmount, t.priceCurrency == m.currency, a <= m.amount else { return false }
        }
        return true
    }

    var description: String { name }

    static let all: [FilterCase] = [
        FilterCase(name: "default", filter: ToiletFilter()),
        FilterCase(name: "public", filter: ToiletFilter(publicOnly: true)),
        FilterCase(name: "free", filter: ToiletFilter(free: true)),
        FilterCase(name: "changing table", filter: ToiletFilter(attributes: [AttributeCondition(.changingTable, true)])),
        FilterCase(
            name: "unisex + wheelchair",
            filter: ToiletFilter(wheelchair: true, attributes: [AttributeCondition(.unisex, true)])),
        FilterCase(name: "gender-neutral", filter: ToiletFilter(attributes: [AttributeCondition(.genderNeutral, true)])),
        FilterCase(name: "no changing table", filter: ToiletFilter(attributes: [AttributeCondition(.changingTable, false)])),
        FilterCase(name: "max 0.50 EUR", filter: ToiletFilter(maxPrice: PriceLimit(amount: 0.5, currency: "EUR"))),
        FilterCase(
            name: "max 20 CZK, public", filter: ToiletFilter(publicOnly: true, maxPrice: PriceLimit(amount: 20, currency: "CZK"))),
    ]
}

/// Every active toilet the case keeps, as (row id, position).
func kept(_ store: LocateStore, _ c: FilterCase) throws -> [(Int64, Coordinate)] {
    var out: [(Int64, Coordinate)] = []
    try store.forEachActiveToilet(orderedBy: .id) { t in if c.keeps(t) { out.append((t.rowID, t.coordinate)) } }
    return out
}

@Suite struct OSMFilterTests {
    static let oldTown = Coordinate(latitude: 50.0865, longitude: 14.4190)

    @Test func restrictedToiletsAreNeverAnAnswer() throws {
        let store = try storeWith("osm-toilets-tags-sample")
        let finder = try ToiletFinder(store: store)
        // node/9000000003 (access=private) lies exactly here; node/9000000008 is access=key.
        let got = try finder.nearest(to: Self.oldTown, limit: 10)
        #expect(
            got.map(\.sourceID) == [
                "node/9000000001", "node/9000000002", "node/9000000004", "node/9000000006", "node/9000000005",
                "way/9000000007",
            ])
        let open = try finder.nearestOpen(
            to: Self.oldTown, limit: 10, open: OpenFilter(at: Date(timeIntervalSince1970: 1_780_000_000), includeUnknown: true))
        #expect(!open.map(\.sourceID).contains("node/9000000003"))
    }

    @Test func publicDropsCustomersOnlyAndFiltersMatchTheirTags() throws {
        let store = try storeWith("osm-toilets-tags-sample")
        let finder = try ToiletFinder(store: store)
        func ids(_ f: ToiletFilter) throws -> [String] {
            try finder.nearest(to: Self.oldTown, limit: 10, filter: f).map(\.sourceID)
        }
        #expect(
            try ids(ToiletFilter(publicOnly: true)) == [
                "node/9000000001", "node/9000000004", "node/9000000006", "node/9000000005", "way/9000000007",
            ])
        #expect(try ids(ToiletFilter(attributes: [AttributeCondition(.changingTable, true)])) == ["node/9000000001"])
        #expect(try ids(ToiletFilter(attributes: [AttributeCondition(.unisex, true)])) == ["node/9000000001"])
        #expect(try ids(ToiletFilter(free: true)) == ["node/9000000001", "node/9000000005", "way/9000000007"])
        #expect(
            try ids(ToiletFilter(maxPrice: PriceLimit(amount: 20, currency: "CZK"))) == [
                "node/9000000001", "node/9000000002", "node/9000000005", "way/9000000007",
            ])
        #expect(
            try ids(ToiletFilter(maxPrice: PriceLimit(amount: 19.99, currency: "CZK"))) == [
                "node/9000000001", "node/9000000005", "way/9000000007",
            ])
        // 20 CZK is never compared with euros.
        #expect(
            try ids(ToiletFilter(maxPrice: PriceLimit(amount: 100, currency: "EUR"))) == [
                "node/9000000001", "node/9000000005", "way/9000000007",
            ])
    }

    @Test(arguments: FilterCase.all)
    func sampleFiltersEqualBruteForce(_ c: FilterCase) throws {
        let store = try storeWith("osm-toilets-tags-sample")
        let finder = try ToiletFinder(store: store)
        let candidates = try kept(store, c)
        for (i, p) in randomPoints(60, seed: 41, lat: 50.08...50.09, lon: 14.41...14.43).enumerated() {
            let k = [1, 3, 10][i % 3]
            let got = try finder.nearest(to: p, limit: k, filter: c.filter).map { ($0.rowID, $0.distanceMeters ?? -1) }
            let want = bruteForce(candidates, near: p, limit: k)
            #expect(got.map(\.0) == want.map(\.0), "\(c) k=\(k) at \(p)")
            #expect(got.map(\.1) == want.map(\.1))
        }
    }

    /// Data without OSM attributes cannot answer --changing-table or --unisex: said so.
    @Test func changingTableAndUnisexNeedTheirData() throws {
        let prague = try ToiletFinder(store: try storeWith("prague-toilets-sample"))
        #expect(
            try prague.unanswerableFilters(Self.changingTableAndUnisex, open: nil)
                == UnanswerableFilters(activeCount: 12, filters: [.attribute(.changingTable), .attribute(.unisex)]))
        let osm = try ToiletFinder(store: try storeWith("osm-toilets-tags-sample"))
        #expect(try osm.unanswerableFilters(Self.changingTableAndUnisex, open: nil) == nil)
    }

    static let changingTableAndUnisex = ToiletFilter(
        attributes: [AttributeCondition(.changingTable, true), AttributeCondition(.unisex, true)])

    /// `--with centralkey=eurokey` on data without the tag: the attribute is named.
    @Test func anAttributeNoToiletStatesIsNamed() throws {
        let osm = try ToiletFinder(store: try storeWith("osm-toilets-tags-sample"))
        #expect(
            try osm.unanswerableFilters(ToiletFilter(attributes: [AttributeCondition(.centralKey, "eurokey")]), open: nil)
                == UnanswerableFilters(activeCount: 8, filters: [.attribute(.centralKey)]))
    }

    @Test(arguments: ["0.50EUR", "0.5 EUR", "0,50 eur", "0.5€"])
    func priceLimitsRead(_ text: String) {
        #expect(PriceLimit(text: text) == PriceLimit(amount: 0.5, currency: "EUR"))
    }

    @Test(arguments: ["0.50", "EUR", "-1EUR", "1 euro", "", "1e9EUR"])
    func priceLimitsRefused(_ text: String) {
        #expect(PriceLimit(text: text) == nil)
    }
}
