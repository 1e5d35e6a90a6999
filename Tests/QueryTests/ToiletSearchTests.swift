import Foundation
import Geo
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// `--bbox`, `--name` and `--offset` (issue 24): the box, the name match and paging, as
/// `NearestToiletsRequest` reads them for the CLI and the API alike.
@Suite struct ToiletSearchTests {
    static let oldTown = Coordinate(latitude: 50.0875, longitude: 14.4214)
    /// The clock of the answers (none asks for verification, which counts back from it).
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: [
        (
            "14.40,50.08,14.43,50.09",
            BoundingBox(minLongitude: 14.40, minLatitude: 50.08, maxLongitude: 14.43, maxLatitude: 50.09)
        ),
        (" -0.2 , 51.4,0.1,51.6 ", BoundingBox(minLongitude: -0.2, minLatitude: 51.4, maxLongitude: 0.1, maxLatitude: 51.6)),
        ("14,50,14,50", BoundingBox(minLongitude: 14, minLatitude: 50, maxLongitude: 14, maxLatitude: 50)),
        ("-180,-90,180,90", BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)),
    ])
    func boxesRead(text: String, box: BoundingBox) {
        #expect(SearchBox(text: text)?.box == box)
    }

    @Test(arguments: [
        "14.43,50.08,14.40,50.09",  // west east of east (across the antimeridian is not taken)
        "14.40,50.09,14.43,50.08",  // south north of north
        "14.40,50.08,14.43",  // three numbers
        "14.40,50.08,14.43,50.09,1",  // five
        "14.40;50.08;14.43;50.09",  // not commas
        "14.40,50.08,,50.09",  // an empty edge
        "181,50,182,51",  // longitude out of range
        "14,-91,15,50",  // latitude out of range
        "nan,50,14,51", "14,50,inf,51", "", "a,b,c,d",
    ])
    func badBoxesAreRefused(text: String) {
        #expect(SearchBox(text: text) == nil)
    }

    @Test(
        arguments: [
            ("15", 15), ("0", 0), ("15m", 15), ("1h", 60), ("0.5h", 30), (" 20 ", 20), ("1d", 1440), ("0m", 0),
            ("-1", nil), ("90s", nil), ("1.5", nil), ("0.1m", nil), ("soon", nil), ("", nil),
        ] as [(String, Int?)])
    func minutesReadWithOrWithoutAUnit(text: String, minutes: Int?) {
        #expect(Quantity.minutes(text) == minutes)
    }

    @Test func aBadBoxIsAUsageErrorNamingTheField() {
        #expect(throws: QueryError.badRequest(.badValue(.bbox, "1,2,3", SearchBox.reason))) {
            try NearestToiletsRequest(near: nil, values: [.bbox: ["1,2,3"]])
        }
        #expect(throws: QueryError.badRequest(.missing(.near))) { try NearestToiletsRequest(near: nil, values: [:]) }
        #expect(throws: QueryError.badRequest(.badValue(.name, " ", "is blank"))) {
            try NearestToiletsRequest(near: Self.oldTown, values: [.name: [" "]])
        }
        #expect(throws: QueryError.badRequest(.badValue(.offset, "-1", "is not a whole number from 0 to 10"))) {
            try NearestToiletsRequest(near: Self.oldTown, values: [.offset: ["-1"]], maxOffset: 10)
        }
    }

    /// No point of the box is farther than the bound: checked on a 101 × 101 grid of the box
    /// (inside and edges), for points inside, beside and far from boxes of several sizes.
    @Test func theFarthestBoundHoldsOnAGrid() {
        let g = Geodesic()
        let boxes = ["14.40,50.08,14.43,50.09", "14.2,49.9,14.8,50.2", "-10,35,30,60", "100,-45,150,-10"].compactMap {
            SearchBox(text: $0)
        }
        #expect(boxes.count == 4)
        let points = [
            Self.oldTown, Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: -33.86, longitude: 151.2),
            Coordinate(latitude: 0, longitude: 0),
        ]
        for s in boxes {
            for p in points {
                guard let bound = s.farthestMeters(from: p, geodesic: g) else { continue }
                var farthest = 0.0
                for i in 0...100 {
                    for j in 0...100 {
                        let c = Coordinate(
                            latitude: s.box.minLatitude + (s.box.maxLatitude - s.box.minLatitude) * Double(i) / 100,
                            longitude: s.box.minLongitude + (s.box.maxLongitude - s.box.minLongitude) * Double(j) / 100)
                        farthest = max(farthest, g.distance(from: p, to: c))
                    }
                }
                #expect(farthest <= bound, "box \(s.box) from \(p)")
                // And not so loose that it stops pruning: within 3 % and 2 km.
                #expect(bound <= farthest * 1.03 + 2000, "box \(s.box) from \(p)")
            }
        }
        // A box reaching past 5,000 km has no bound.
        #expect(SearchBox(text: "-180,-90,180,90")?.farthestMeters(from: Self.oldTown, geodesic: g) == nil)
    }

    @Test func theSampleInABoxWithoutAPointIsNearestItsCentreFirst() throws {
        let finder = try ToiletFinder(store: storeWith("prague-toilets-sample"))
        let request = try NearestToiletsRequest(near: nil, values: [.bbox: ["14.41,50.08,14.43,50.09"], .limit: ["10"]])
        #expect(request.near == Coordinate(latitude: 50.085, longitude: 14.42))
        let answer = try request.answer(using: finder, at: nil, now: Self.now)
        #expect(
            answer.results.map(\.title) == [
                "Karlova (sample)", "Staroměstské nám. (sample)", "Celetná (sample)", "Náplavka, Smetanovo nábř. (sample)",
                "Národní (sample)", "Václavské nám. (sample)",
            ])
        for r in answer.results { #expect(SearchBox(text: "14.41,50.08,14.43,50.09")?.contains(r.toilet.coordinate) == true) }
        #expect(answer.nextOffset == nil)
    }

    @Test(arguments: [
        (
            "nám",
            ["Staroměstské nám. (sample)", "Václavské nám. (sample)", "Malostranské nám. (sample)", "Karlovo nám. (sample)"]
        ),
        (
            "NAM.",
            ["Staroměstské nám. (sample)", "Václavské nám. (sample)", "Malostranské nám. (sample)", "Karlovo nám. (sample)"]
        ),
        ("karlov", ["Karlova (sample)", "Karlovo nám. (sample)"]),
        ("  hlavni   NÁDRAŽÍ ", ["Hlavní nádraží (sample)"]),
        ("Brno", []),
    ])
    func namesMatchIgnoringCaseAndDiacritics(query: String, titles: [String]) throws {
        let finder = try ToiletFinder(store: storeWith("prague-toilets-sample"))
        let request = try NearestToiletsRequest(near: Self.oldTown, values: [.name: [query], .limit: ["10"]])
        #expect(try request.answer(using: finder, at: nil, now: Self.now).results.map(\.title) == titles)
    }

    /// Pages of 2, one after another by `next_offset`, are the answer of one request for all.
    @Test func pagesFollowOneAnotherToTheEnd() throws {
        let finder = try ToiletFinder(store: storeWith("prague-toilets-sample"))
        let all = try NearestToiletsRequest(near: Self.oldTown, values: [.limit: ["100"]]).answer(
            using: finder, at: nil, now: Self.now)
        #expect(all.results.count == 12)
        #expect(all.nextOffset == nil)
        var paged: [String] = []
        var offset: Int? = 0
        var pages = 0
        while let at = offset {
            let page = try NearestToiletsRequest(near: Self.oldTown, values: [.limit: ["5"], .offset: [String(at)]])
                .answer(using: finder, at: nil, now: Self.now)
            #expect(page.offset == at)
            paged += page.results.map(\.id)
            offset = page.nextOffset
            pages += 1
        }
        #expect(pages == 3)
        #expect(paged == all.results.map(\.id))
        let past = try NearestToiletsRequest(near: Self.oldTown, values: [.offset: ["50"]]).answer(
            using: finder, at: nil, now: Self.now)
        #expect(past.results.isEmpty && past.nextOffset == nil)
    }

    /// The box filter against brute force on real data: the nearest active toilets inside
    /// random boxes, from points inside and outside them.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func boxesEqualBruteForceOnRealData() throws {
        let store = try storeWith("prague-toilets-2026")
        let finder = try ToiletFinder(store: store)
        let toilets = try activeToilets(store)
        let corners = randomPoints(60, seed: 24)
        for i in stride(from: 0, to: corners.count - 1, by: 2) {
            let (a, b) = (corners[i], corners[i + 1])
            let text =
                "\(min(a.longitude, b.longitude)),\(min(a.latitude, b.latitude)),\(max(a.longitude, b.longitude)),\(max(a.latitude, b.latitude))"
            let box = try #require(SearchBox(text: text))
            let p = randomPoints(1, seed: UInt64(100 + i))[0]
            let got = try NearestToiletsRequest(near: p, values: [.bbox: [text], .limit: ["7"]]).answer(
                using: finder, at: nil, now: Self.now)
            let want = bruteForce(toilets.filter { box.contains($0.1) }, near: p, limit: 7)
            #expect(got.results.map(\.rowID) == want.map(\.0), "box \(text) from \(p)")
        }
    }
}
