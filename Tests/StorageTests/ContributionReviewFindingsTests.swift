import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Review
import Storage
import Testing

/// Regression tests for the review of issue 14 (findings 1, 4, 9, 10, 14).
@Suite struct ContributionReviewFindingsTests {
    func approved(_ store: LocateStore, _ target: PlaceTarget, _ values: ProposedValues, minutes: Double) throws
        -> ContributionID
    {
        let id = try store.submit(NewContribution(kind: .edit, target: target, proposed: values, receivedAt: reviewDay))
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(minutes * 60))
        return id
    }

    func stored(_ store: LocateStore, _ column: String, _ id: String = "t1") throws -> String? {
        try store.testRows(sql: "SELECT \(column) AS v FROM toilets WHERE source_id = ?", arguments: [id]).first?["v"]
    }

    /// Finding 1: approving again an edit in conflict re-applies only the fields it still
    /// owns; a newer approved edit of another of its fields stays.
    @Test func approvingAgainKeepsANewerEditOfAnotherField() throws {
        let store = try storeWithToilets()
        let older = try approved(
            store, city1, ProposedValues(name: "Nové", hours: ProposedHours(text: "24/7", osm: "24/7", status: .exact)),
            minutes: 1)
        let newer = try approved(
            store, city1,
            ProposedValues(hours: ProposedHours(text: "Mo-Fr 09:00-17:00", osm: "Mo-Fr 09:00-17:00", status: .exact)),
            minutes: 2)
        let run = try ingestToilets(
            threeToilets.map { $0.sourceID == "t1" ? testToilet("t1", name: "Staroměstská") : $0 }, into: store,
            minutes: 10)
        #expect(run.conflicts == 1)
        let out = try store.approve(id: older, reviewer: "eva", at: reviewDay.addingTimeInterval(900))
        #expect(out.applied == [.name])
        #expect(out.superseded.isEmpty)
        #expect(try storedName(store, "t1") == "Nové")
        #expect(try stored(store, "hours_text") == "Mo-Fr 09:00-17:00")
        #expect(try store.contribution(id: newer)?.contribution.status == .approved)
        #expect(try store.contribution(id: newer)?.overrides.map(\.field) == [.hours])
        #expect(try store.conflicts().isEmpty)
    }

    /// Ingests one toilet `id` with match key `k1` (a derived id) as dataset `city`.
    @discardableResult
    func ingestDerived(_ store: LocateStore, _ id: String, lat: Double, minutes: Double) throws -> IngestRunRecord {
        let at = reviewDay.addingTimeInterval(minutes * 60)
        let start = IngestRunStart(
            pipeline: "test", dataset: "city", source: "d.geojson", licence: nil, attribution: nil, startedAt: at)
        return try store.ingest(.toilets, start: start, clock: { at }) { stager in
            _ = try stager.stage(testToilet(id, name: "Kiosk", lat: lat, lon: 14.42), index: 0, matchKey: "k1")
            return StagingTotals(
                read: 1, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "b", count: 64))
        }
    }

    func derivedStoreWithMovedToilet() throws -> (LocateStore, ContributionID) {
        let store = try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("d.sqlite").path)
        try ingestDerived(store, "d-aaa", lat: 50.08, minutes: 0)
        let target = PlaceTarget(dataset: "city", sourceID: "d-aaa")
        let id = try store.submit(
            NewContribution(
                kind: .report, target: target, report: .wrongPosition,
                proposed: ProposedValues(coordinate: Coordinate(latitude: 50.08, longitude: 14.4204)), receivedAt: reviewDay))
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(60))
        return (store, id)
    }

    /// Finding 4: the source moves a toilet whose position an approved edit changed by less
    /// than the derived-id match distance and gives it a new derived id: it keeps its id (matched
    /// on the position the edit replaced) and the edit is a conflict.
    @Test func movedPositionEditIsMatchedOnTheReplacedPosition() throws {
        let (store, id) = try derivedStoreWithMovedToilet()
        let run = try ingestDerived(store, "d-bbb", lat: 50.08002, minutes: 10)
        #expect(run.counts == MergeCounts(added: 0, updated: 1, unchanged: 0, retired: 0))
        #expect(run.conflicts == 1)
        let conflict = try #require(try store.conflicts().first)
        #expect(conflict.contribution == id)
        #expect(conflict.target == PlaceTarget(dataset: "city", sourceID: "d-aaa"))
        #expect(conflict.sourceValue == ["lat": .number(50.08002), "lon": .number(14.42)])
        #expect(try stored(store, "status", "d-aaa") == "active")
    }

    /// Finding 4: an edit of a toilet the run retired (here re-identified too far away to match)
    /// is a conflict with an empty source value, counted.
    @Test func editOfARetiredToiletIsAConflict() throws {
        let (store, id) = try derivedStoreWithMovedToilet()
        let run = try ingestDerived(store, "d-ccc", lat: 50.0802, minutes: 10)
        #expect(run.counts == MergeCounts(added: 1, updated: 0, unchanged: 0, retired: 1))
        #expect(run.conflicts == 1)
        let conflict = try #require(try store.conflicts().first)
        #expect(conflict.contribution == id)
        #expect(conflict.sourceValue == [:])
        #expect(try store.contributions().first?.inConflict == true)
    }

    func renamed(_ name: String) -> [ToiletRecord] {
        threeToilets.map { $0.sourceID == "t1" ? testToilet("t1", name: name) : $0 }
    }

    /// Finding 9: a conflict whose source value changes again records the new one and counts.
    @Test func conflictFollowsTheSourceValue() throws {
        let store = try storeWithToilets()
        _ = try approved(store, city1, ProposedValues(name: "Nové"), minutes: 1)
        let first = try ingestToilets(renamed("Staroměstská"), into: store, minutes: 10)
        let second = try ingestToilets(renamed("Rathaus"), into: store, minutes: 20)
        #expect(first.conflicts == 1)
        #expect(second.conflicts == 1)
        let conflict = try #require(try store.conflicts().first)
        #expect(conflict.sourceValue == ["name": .text("Rathaus")])
        #expect(conflict.conflictRun == second.id)
        #expect(try storedName(store, "t1") == "Rathaus")
        // The same data again: still the same conflict, not counted again.
        let third = try ingestToilets(renamed("Rathaus"), into: store, minutes: 30)
        #expect(third.conflicts == 0)
        #expect(try store.conflicts().first?.conflictRun == second.id)
    }

    /// Finding 9: when the source goes back to the value the edit replaced, the conflict is
    /// cleared and the edit applied again.
    @Test func conflictClearsWhenTheSourceReturnsToTheReplacedValue() throws {
        let store = try storeWithToilets()
        let id = try approved(store, city1, ProposedValues(name: "Nové"), minutes: 1)
        try ingestToilets(renamed("Staroměstská"), into: store, minutes: 10)
        let back = try ingestToilets(threeToilets, into: store, minutes: 20)
        #expect(back.conflicts == 0)
        #expect(try store.conflicts().isEmpty)
        #expect(try storedName(store, "t1") == "Nové")
        let override = try #require(try store.contribution(id: id)?.overrides.first)
        #expect(override.conflictRun == nil)
        #expect(override.sourceValue == nil)
        #expect(override.replaced == ["name": .text("Náměstí")])
    }

    /// Finding 10: the content digest covers the overrides (and decisions).
    @Test func contentDigestCoversOverrides() throws {
        let store = try storeWithToilets()
        _ = try approved(store, city1, ProposedValues(name: "Nové"), minutes: 1)
        let digest = try store.contentDigest()
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "UPDATE overrides SET replaced = '{\"name\":\"X\"}'") }
        #expect(try store.contentDigest() != digest)
        try queue.close()
    }

    /// Finding 10: a failure after the contributions were reconciled (the run row's final
    /// update refused) leaves the database exactly as it was.
    @Test func failureAfterReconcileChangesNothing() throws {
        let store = try storeWithToilets()
        let id = try approved(store, city1, ProposedValues(name: "Nové"), minutes: 1)
        let gone = try store.submit(NewContribution(kind: .report, target: city2, report: .gone, receivedAt: reviewDay))
        _ = try store.approve(id: gone, reviewer: "eva", at: reviewDay.addingTimeInterval(120))
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER boom BEFORE UPDATE ON ingest_runs WHEN NEW.conflicts > 0
                    BEGIN SELECT RAISE(ABORT, 'injected'); END
                    """)
        }
        try queue.close()
        let digest = try store.contentDigest()
        let records = threeToilets.map {
            switch $0.sourceID {
            case "t1": testToilet("t1", name: "Staroměstská")
            case "t2": testToilet("t2", name: "Park u řeky", lat: 50.09, lon: 14.43)
            default: $0
            }
        }
        #expect(throws: StorageError.self) { try ingestToilets(records, into: store, minutes: 10) }
        #expect(try store.contentDigest() == digest)
        #expect(try storedName(store, "t1") == "Nové")
        #expect(try storedStatus(store, "t2") == "retired")
        #expect(try store.conflicts().isEmpty)
        #expect(try store.contribution(id: gone)?.contribution.status == .approved)
        #expect(try store.contribution(id: id)?.overrides.first?.conflictRun == nil)
    }

    /// Finding 14: status and kind filters and the limit apply in SQL (the limit counts only
    /// matching contributions).
    @Test func filtersAndLimitApplyToMatchingContributions() throws {
        let store = try storeWithToilets()
        let a = try approved(store, city1, ProposedValues(name: "A"), minutes: 1)
        let pending = try (0..<3).map { _ in
            try store.submit(
                NewContribution(kind: .edit, target: city2, proposed: ProposedValues(name: "P"), receivedAt: reviewDay))
        }
        let report = try store.submit(NewContribution(kind: .report, target: city2, report: .gone, receivedAt: reviewDay))
        let rejected = try store.submit(
            NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "R"), receivedAt: reviewDay))
        _ = try store.reject(id: rejected, reviewer: "eva", reason: "no", at: reviewDay)
        #expect(try store.contributions(status: .pending, limit: 2).map(\.id) == Array(pending.prefix(2)))
        #expect(try store.contributions(status: .pending).map(\.id) == pending + [report])
        #expect(try store.contributions(status: .pending, kind: .report).map(\.id) == [report])
        #expect(try store.contributions(status: .approved).map(\.id) == [a])
        #expect(try store.contributions(status: .rejected).map(\.id) == [rejected])
        #expect(try store.contributions(limit: 0).isEmpty)
        #expect(try store.contributions(kind: .edit, limit: 2).map(\.id) == [a, pending[0]])
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Finding 6: proposed values encode with the contract's keys, positions with at most 7
    /// decimals, and decode back.
    @Test func proposedValuesUseTheContractKeys() throws {
        let p = ProposedValues(
            coordinate: Coordinate(latitude: 50.087_654_321, longitude: 14.42), name: "Kiosk",
            hours: ProposedHours(text: "24/7", osm: "24/7", status: .exact),
            price: ProposedPrice(text: "10 Kč", amount: 10, currency: "CZK", isFree: false))
        let text = try json(p)
        #expect(
            text
                == #"{"access":null,"free":false,"hours_osm":"24\/7","hours_status":"exact","hours_text":"24\/7","lat":50.0876543,"#
                + #""lon":14.42,"name":"Kiosk","price_amount":10,"price_currency":"CZK","price_text":"10 Kč","wheelchair":null}"#)
        let back = try JSONDecoder().decode(ProposedValues.self, from: Data(text.utf8))
        #expect(back.hours == p.hours)
        #expect(back.price == p.price)
        #expect(back.coordinate == Coordinate(latitude: 50.0876543, longitude: 14.42))
        #expect(try json(ProposedValues(name: "A")).contains(#""hours_text":null"#))
    }

    /// Finding 6: stored column values encode with the contract's names.
    @Test func contractValuesRenameColumns() throws {
        let v = ContractValues(["is_free": .number(1), "lat": .number(50.123_456_789), "price_text": .text("zdarma")])
        #expect(try json(v) == #"{"free":true,"lat":50.1234568,"price_text":"zdarma"}"#)
        #expect(try json(ContractValues(["is_free": .null])) == #"{"free":null}"#)
    }
}
