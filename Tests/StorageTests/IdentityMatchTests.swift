import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import Testing

@testable import Storage

/// A point `north` and `east` metres from 50.08 N 14.42 E (a local approximation; the
/// distances asserted are far from the tolerance and the tie margin).
private func near(north: Double = 0, east: Double = 0) -> Coordinate {
    Coordinate(latitude: 50.08 + north / 111_229, longitude: 14.42 + east / 71_660)
}

private func place(_ id: String, key: String?, kind: String? = nil, _ at: Coordinate, index: Int = 0) -> IdentityMatcher.Place {
    IdentityMatcher.Place(id: id, matchKey: key, kind: kind, at: at, index: index)
}

/// Matching the records of a source without stable ids to the places of the previous run
/// by position (issue 23, item 3).
@Suite struct IdentityMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fresh: [IdentityMatcher.Place]
        var old: [IdentityMatcher.Place]
        var pairs: [[String]]
        var ambiguities: [AmbiguousIdentity]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "an address changed at the same position: the same place", fresh: [place("n1", key: "b", near())],
            old: [place("o1", key: "a", near())], pairs: [["n1", "o1"]], ambiguities: []),
        Case(
            name: "moved 4 m with a new address: the same place", fresh: [place("n1", key: "b", near(north: 4))],
            old: [place("o1", key: "a", near())], pairs: [["n1", "o1"]], ambiguities: []),
        Case(
            name: "beyond the tolerance: no match", fresh: [place("n1", key: "b", near(north: 6))],
            old: [place("o1", key: "a", near())], pairs: [], ambiguities: []),
        Case(
            name: "different kinds: no match", fresh: [place("n1", key: "b", kind: "2 WC kiosek", near())],
            old: [place("o1", key: "a", kind: "1 DPP", near())], pairs: [], ambiguities: []),
        Case(
            name: "a kind on one side only: matched", fresh: [place("n1", key: "b", kind: "2 WC kiosek", near())],
            old: [place("o1", key: "a", near())], pairs: [["n1", "o1"]], ambiguities: []),
        Case(
            name: "the same text wins over a nearer changed text",
            fresh: [place("n1", key: "a", near())],
            old: [place("o1", key: "a", near(north: 3)), place("o2", key: "b", near())], pairs: [["n1", "o1"]],
            ambiguities: []),
        Case(
            name: "two places of the same text: the nearer one, however close",
            fresh: [place("n1", key: "a", near()), place("n2", key: "a", near(north: 0.3))],
            old: [place("o1", key: "a", near(north: 0.05)), place("o2", key: "a", near(north: 0.35))],
            pairs: [["n1", "o1"], ["n2", "o2"]], ambiguities: []),
        Case(
            name: "two places of the same text at one point: reported",
            fresh: [place("n1", key: "a", near(), index: 2)],
            old: [place("o2", key: "a", near(north: 1)), place("o1", key: "a", near(north: 1))], pairs: [],
            ambiguities: [AmbiguousIdentity(index: 2, sourceID: "n1", candidates: ["o1", "o2"], rivals: [])]),
        Case(
            name: "nearer by more than the tie margin wins",
            fresh: [place("n1", key: "c", near())],
            old: [place("o1", key: "a", near(north: 0.2)), place("o2", key: "b", near(north: 3))], pairs: [["n1", "o1"]],
            ambiguities: []),
        Case(
            name: "two places equally near, neither with the same text: reported, not matched",
            fresh: [place("n1", key: "c", near(), index: 7)],
            old: [place("o2", key: "b", near(north: 0.6)), place("o1", key: "a", near(north: 0.2))], pairs: [],
            ambiguities: [AmbiguousIdentity(index: 7, sourceID: "n1", candidates: ["o1", "o2"], rivals: [])]),
        Case(
            name: "two new records for one place: both reported, neither matched",
            fresh: [place("n1", key: "b", near(), index: 0), place("n2", key: "c", near(), index: 1)],
            old: [place("o1", key: "a", near())], pairs: [],
            ambiguities: [
                AmbiguousIdentity(index: 0, sourceID: "n1", candidates: ["o1"], rivals: ["n2"]),
                AmbiguousIdentity(index: 1, sourceID: "n2", candidates: ["o1"], rivals: ["n1"]),
            ]),
        Case(
            name: "a place claimed by its own text leaves the other one to the second record",
            fresh: [place("n1", key: "a", near()), place("n2", key: "x", near())],
            old: [place("o1", key: "a", near()), place("o2", key: "b", near())], pairs: [["n1", "o1"], ["n2", "o2"]],
            ambiguities: []),
        Case(
            name: "a new record beside a kept place: added, no warning",
            fresh: [place("n1", key: "a", near()), place("n2", key: "x", near())],
            old: [place("o1", key: "a", near())], pairs: [["n1", "o1"]], ambiguities: []),
    ]

    @Test(arguments: cases) func matches(_ c: Case) {
        let matcher = IdentityMatcher(toleranceMeters: 5, tieMeters: 1)
        let outcome = matcher.match(fresh: c.fresh, old: c.old)
        #expect(outcome.pairs.map { [$0.fresh, $0.old] } == c.pairs)
        #expect(outcome.ambiguities == c.ambiguities)
    }

    @Test func theStoreUsesTheDocumentedNumbers() {
        #expect(LocateStore.derivedIDMatchMeters == 5)
        #expect(LocateStore.derivedIDTieMeters == 1)
    }
}

/// A toilet of a source without stable ids: id `key@lat,lon` as the mapper derives it.
private func derivedToilet(_ key: String, kind: String? = nil, _ at: Coordinate) -> (ToiletRecord, String) {
    let id = "\(key)@\(String(format: "%.6f,%.6f", at.latitude, at.longitude))"
    let r = ToiletRecord(
        sourceID: id, name: nil, address: "Adresa \(key)", hoursText: nil, hoursOSM: nil, hoursStatus: .missing,
        country: "CZ", priceText: nil, priceAmount: nil, priceCurrency: nil, isFree: nil, wheelchair: .unknown, kind: kind,
        locationDetail: nil, timeZone: "Europe/Prague", propertiesJSON: "{\"ADRESA\":\"Adresa \(key)\"}",
        propertiesFingerprint: key, coordinate: at)
    return (r, key)
}

/// One run of dataset `city` with derived ids.
@discardableResult
private func ingestDerived(_ records: [(ToiletRecord, String)], into store: LocateStore, minutes: Double) throws
    -> IngestRunRecord
{
    let at = reviewDay.addingTimeInterval(minutes * 60)
    let start = IngestRunStart(
        pipeline: "test", dataset: "city", source: "test.geojson", licence: nil, attribution: nil, startedAt: at)
    return try store.ingest(.toilets, start: start, clock: { at }) { stager in
        for (i, r) in records.enumerated() { _ = try stager.stage(r.0, index: i, matchKey: r.1) }
        return StagingTotals(
            read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
            sourceSHA256: String(repeating: "a", count: 64))
    }
}

private func identityStore() throws -> LocateStore {
    try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("i.sqlite").path)
}

/// The (source_id, status, address) of every toilet, by source_id.
private func storedPlaces(_ store: LocateStore) throws -> [[String]] {
    try store.testRows(sql: "SELECT source_id, status, address FROM toilets ORDER BY source_id").map {
        [$0["source_id"], $0["status"], $0["address"]]
    }
}

/// The merge of a source without stable ids, through the store.
@Suite struct DerivedIdentityMergeTests {
    static let a = derivedToilet("aaaa", near())
    static let aMoved = derivedToilet("bbbb", near(north: 3))
    static let aFar = derivedToilet("bbbb", near(north: 8))

    @Test func aChangedAddressIsAnUpdateOfTheSameID() throws {
        let store = try identityStore()
        try ingestDerived([Self.a], into: store, minutes: 0)
        let run = try ingestDerived([Self.aMoved], into: store, minutes: 1)
        #expect(run.counts == MergeCounts(added: 0, updated: 1, unchanged: 0, retired: 0, reactivated: 0))
        #expect(run.ambiguities == [])
        #expect(try storedPlaces(store) == [[Self.a.0.sourceID, "active", "Adresa bbbb"]])
    }

    @Test func beyondTheToleranceIsAddedAndRetired() throws {
        let store = try identityStore()
        try ingestDerived([Self.a], into: store, minutes: 0)
        let run = try ingestDerived([Self.aFar], into: store, minutes: 1)
        #expect(run.counts == MergeCounts(added: 1, updated: 0, unchanged: 0, retired: 1, reactivated: 0))
        #expect(
            try storedPlaces(store) == [
                [Self.a.0.sourceID, "retired", "Adresa aaaa"], [Self.aFar.0.sourceID, "active", "Adresa bbbb"],
            ])
    }

    @Test func differentKindsAreDifferentPlaces() throws {
        let store = try identityStore()
        let kiosk = derivedToilet("aaaa", kind: "2 WC kiosek", near())
        let office = derivedToilet("bbbb", kind: "3 přístupné v rámci podniku/ úřadu", near())
        try ingestDerived([kiosk], into: store, minutes: 0)
        let run = try ingestDerived([office], into: store, minutes: 1)
        #expect(run.counts == MergeCounts(added: 1, updated: 0, unchanged: 0, retired: 1, reactivated: 0))
    }

    @Test func twoCandidatesAreReportedNotGuessed() throws {
        let store = try identityStore()
        let one = derivedToilet("aaaa", near())
        let two = derivedToilet("bbbb", near(east: 0.5))
        let new = derivedToilet("cccc", near(east: 0.2))
        try ingestDerived([one, two], into: store, minutes: 0)
        let run = try ingestDerived([new], into: store, minutes: 1)
        #expect(run.counts == MergeCounts(added: 1, updated: 0, unchanged: 0, retired: 2, reactivated: 0))
        #expect(
            run.ambiguities == [
                AmbiguousIdentity(index: 0, sourceID: new.0.sourceID, candidates: [one.0.sourceID, two.0.sourceID], rivals: [])
            ])
        // The warning counts among the run's warnings (stored with the run).
        #expect(run.warnings == 1)
        #expect(try store.runs().last?.warnings == 1)
    }

    @Test func aRetiredPlaceThatComesBackIsReactivated() throws {
        let store = try identityStore()
        let other = derivedToilet("zzzz", near(north: 500))
        try ingestDerived([Self.a, other], into: store, minutes: 0)
        let gone = try ingestDerived([other], into: store, minutes: 1)
        #expect(gone.counts == MergeCounts(added: 0, updated: 0, unchanged: 1, retired: 1, reactivated: 0))
        // Back with its own id and the same content: reactivated, not updated.
        let back = try ingestDerived([Self.a, other], into: store, minutes: 2)
        #expect(back.counts == MergeCounts(added: 0, updated: 0, unchanged: 1, retired: 0, reactivated: 1))
        _ = try ingestDerived([other], into: store, minutes: 3)
        // Back with a changed address at the same position: matched by position, reactivated.
        let moved = try ingestDerived([Self.aMoved, other], into: store, minutes: 4)
        #expect(moved.counts == MergeCounts(added: 0, updated: 0, unchanged: 1, retired: 0, reactivated: 1))
        #expect(try storedPlaces(store).first == [Self.a.0.sourceID, "active", "Adresa bbbb"])
        #expect(try store.runs().map(\.counts.reactivated) == [0, 0, 1, 0, 1])
    }

    /// A database made before `v8-reactivated` is upgraded: its runs count 0 reactivated.
    @Test func upgradeFromV7CountsNoReactivations() throws {
        let store = try identityStore()
        try ingestDerived([Self.a], into: store, minutes: 0)
        let path = store.path
        try store.close()
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    ALTER TABLE ingest_runs DROP COLUMN reactivated;
                    DELETE FROM grdb_migrations WHERE identifier = 'v8-reactivated';
                    """)
        }
        try queue.close()
        let upgraded = try LocateStore(path: path)
        #expect(try upgraded.runs().map(\.counts) == [MergeCounts(added: 1, updated: 0, unchanged: 0, retired: 0)])
    }
}
