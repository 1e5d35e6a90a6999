import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// How each kind of approved contribution changes the data (issue 14, item 3).
@Suite struct ContributionApplyTests {
    func approve(_ store: LocateStore, _ c: NewContribution, minutes: Double = 1) throws -> ReviewOutcome {
        let id = try store.submit(c)
        return try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(minutes * 60))
    }

    @Test func wrongPositionMovesThePointAndItsGeometry() throws {
        let store = try storeWithToilets()
        let right = Coordinate(latitude: 50.0805, longitude: 14.4210)
        let out = try approve(
            store,
            NewContribution(
                kind: .report, target: city1, report: .wrongPosition, proposed: ProposedValues(coordinate: right),
                receivedAt: reviewDay))
        #expect(out.applied == [.position])
        let row = try #require(
            try store.testRows(sql: "SELECT lat, lon, hex(geom) AS g FROM toilets WHERE source_id = 't1'").first)
        #expect(row["lat"] == 50.0805)
        #expect(row["lon"] == 14.4210)
        #expect(try store.activeToilets(within: 5, of: right).map(\.toilet.globalID) == ["city/t1"])
        #expect(try store.activeToilets(within: 5, of: Coordinate(latitude: 50.08, longitude: 14.42)).isEmpty)
    }

    @Test func wrongHoursWithoutHoursMakesThemUnknown() throws {
        let store = try storeWithToilets()
        _ = try approve(store, NewContribution(kind: .report, target: city1, report: .wrongHours, receivedAt: reviewDay))
        let row = try #require(
            try store.testRows(sql: "SELECT hours_text, hours_osm, hours_status FROM toilets WHERE source_id = 't1'").first)
        #expect(row["hours_text"] == "Mo-Su 08:00-20:00")
        #expect(row["hours_osm"] == nil as String?)
        #expect(row["hours_status"] == "unknown")
    }

    @Test func closedForGoodRetires() throws {
        let store = try storeWithToilets()
        let out = try approve(store, NewContribution(kind: .report, target: city1, report: .closedForGood, receivedAt: reviewDay))
        #expect(out.applied == [.status])
        #expect(try storedStatus(store, "t1") == "retired")
        #expect(try store.runs().last?.counts == MergeCounts(added: 0, updated: 0, unchanged: 0, retired: 1))
    }

    @Test func aLaterEditSupersedesTheEarlierAndKeepsTheOriginalSourceValue() throws {
        let store = try storeWithToilets()
        let first = try approve(
            store, NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "A"), receivedAt: reviewDay))
        let second = try approve(
            store, NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "B"), receivedAt: reviewDay),
            minutes: 2)
        #expect(second.superseded == [first.id])
        #expect(try storedName(store, "t1") == "B")
        let earlier = try #require(try store.contribution(id: first.id))
        #expect(earlier.contribution.status == .superseded)
        #expect(earlier.decisions.last?.reason == "replaced by contribution #\(second.id)")
        #expect(try store.contribution(id: second.id)?.overrides.map(\.replaced) == [["name": .text("Náměstí")]])
    }

    @Test func priceAndAccessEditsWriteTypedColumns() throws {
        let store = try storeWithToilets()
        let price = ProposedPrice(text: "10 Kč", amount: 10, currency: "CZK", isFree: false)
        _ = try approve(
            store,
            NewContribution(
                kind: .edit, target: city2, proposed: ProposedValues(price: price, access: .public), receivedAt: reviewDay))
        let row = try #require(
            try store.testRows(
                sql: "SELECT price_text, price_amount, price_currency, is_free, access FROM toilets WHERE source_id = 't2'"
            ).first)
        #expect(row["price_text"] == "10 Kč")
        #expect(row["price_amount"] == 10.0)
        #expect(row["price_currency"] == "CZK")
        #expect(row["is_free"] == 0)
        #expect(row["access"] == "public")
    }

    @Test func updatesSinceSeeReviewChanges() throws {
        let store = try storeWithToilets()
        _ = try approve(
            store, NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "A"), receivedAt: reviewDay))
        _ = try approve(
            store,
            NewContribution(
                kind: .new, proposed: ProposedValues(coordinate: Coordinate(latitude: 50.07, longitude: 14.41)),
                receivedAt: reviewDay),
            minutes: 2)
        let changes = try store.changes(.toilets, finishedAfter: "2026-11-22T10:00:30Z")
        #expect(changes.map(\.dataset) == ["city", "community"])
        #expect(changes.map(\.sourceID) == ["t1", "c1"])
        #expect(changes.map(\.change) == [.updated, .added])
        #expect(try store.dataVersion().split(separator: "/")[1] == "3")
    }

    @Test func pendingContributionOnARetiredToiletCannotBeApproved() throws {
        let store = try storeWithToilets()
        let edit = try store.submit(
            NewContribution(kind: .edit, target: city2, proposed: ProposedValues(name: "X"), receivedAt: reviewDay))
        _ = try approve(store, NewContribution(kind: .report, target: city2, report: .gone, receivedAt: reviewDay))
        #expect { try store.approve(id: edit, reviewer: "eva", at: reviewDay) } throws: { "\($0)" == "toilet city/t2 is retired" }
        #expect(try store.reject(id: edit, reviewer: "eva", reason: "gone", at: reviewDay).status == .rejected)
    }
}
