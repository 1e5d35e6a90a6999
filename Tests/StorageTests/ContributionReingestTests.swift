import Contributions
import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

/// Approved contributions meeting a re-ingest (issue 14, item 5).
@Suite struct ContributionReingestTests {
    /// The three toilets with `edit` applied to the one with `id`.
    func changed(_ id: String, _ edit: (String) -> ToiletRecord) -> [ToiletRecord] {
        threeToilets.map { $0.sourceID == id ? edit(id) : $0 }
    }

    func approvedRename(_ store: LocateStore) throws -> ContributionID {
        let id = try store.submit(
            NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "Nové"), receivedAt: reviewDay))
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(60))
        return id
    }

    @Test func editSurvivesSameData() throws {
        let store = try storeWithToilets()
        _ = try approvedRename(store)
        let run = try ingestToilets(threeToilets, into: store, minutes: 10)
        #expect(run.counts == MergeCounts(added: 0, updated: 0, unchanged: 3, retired: 0))
        #expect(run.conflicts == 0)
        #expect(try storedName(store, "t1") == "Nové")
        #expect(try store.conflicts().isEmpty)
    }

    @Test func editIsAppliedAgainWhenTheSourceChangesAnotherField() throws {
        let store = try storeWithToilets()
        _ = try approvedRename(store)
        let run = try ingestToilets(
            changed("t1") { testToilet($0, name: "Náměstí", hours: "Mo-Su 06:00-22:00") }, into: store, minutes: 10)
        #expect(run.counts == MergeCounts(added: 0, updated: 1, unchanged: 2, retired: 0))
        #expect(run.conflicts == 0)
        #expect(try storedName(store, "t1") == "Nové")
        let hours =
            try store.testRows(sql: "SELECT hours_text FROM toilets WHERE source_id = 't1'").first?["hours_text"] as String?
        #expect(hours == "Mo-Su 06:00-22:00")
    }

    @Test func editConflictsOnChangedSourceAndIsApprovedAgain() throws {
        let store = try storeWithToilets()
        let id = try approvedRename(store)
        let run = try ingestToilets(changed("t1") { testToilet($0, name: "Staroměstská") }, into: store, minutes: 10)
        #expect(run.conflicts == 1)
        #expect(try storedName(store, "t1") == "Staroměstská")
        let conflict = try #require(try store.conflicts().first)
        #expect(conflict.contribution == id)
        #expect(conflict.field == .name)
        #expect(conflict.replaced == ["name": .text("Náměstí")])
        #expect(conflict.value == ["name": .text("Nové")])
        #expect(conflict.sourceValue == ["name": .text("Staroměstská")])
        #expect(conflict.conflictRun == run.id)
        #expect(try store.contributions().first?.inConflict == true)
        // The maintainer approves again: the edit replaces the source's new value.
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(900))
        #expect(try storedName(store, "t1") == "Nové")
        #expect(try store.conflicts().isEmpty)
        #expect(try store.contribution(id: id)?.overrides.map(\.replaced) == [["name": .text("Staroměstská")]])
        // …and the same new data again keeps it.
        let again = try ingestToilets(changed("t1") { testToilet($0, name: "Staroměstská") }, into: store, minutes: 20)
        #expect(again.conflicts == 0)
        #expect(try storedName(store, "t1") == "Nové")
    }

    /// Regression: approving again an edit of two fields, one in conflict, kept the other
    /// field's edit value as the source value it replaced.
    @Test func approvingAgainKeepsTheSourceValueOfTheFieldNotInConflict() throws {
        let store = try storeWithToilets()
        let id = try store.submit(
            NewContribution(
                kind: .edit, target: city1, proposed: ProposedValues(name: "Nové", wheelchair: .yes), receivedAt: reviewDay))
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay)
        let run = try ingestToilets(changed("t1") { testToilet($0, name: "Staroměstská") }, into: store, minutes: 10)
        #expect(run.conflicts == 1)
        let wheelchair = try store.testRows(sql: "SELECT wheelchair FROM toilets WHERE source_id = 't1'")
        #expect(wheelchair.first?["wheelchair"] == "yes")
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(900))
        let overrides = try #require(try store.contribution(id: id)?.overrides)
        #expect(overrides.map(\.field) == [.name, .wheelchair])
        #expect(overrides.map(\.replaced) == [["name": .text("Staroměstská")], ["wheelchair": .text("unknown")]])
        #expect(try storedName(store, "t1") == "Nové")
    }

    @Test func conflictedEditIsDroppedByRejecting() throws {
        let store = try storeWithToilets()
        let id = try approvedRename(store)
        try ingestToilets(changed("t1") { testToilet($0, name: "Staroměstská") }, into: store, minutes: 10)
        let out = try store.reject(id: id, reviewer: "eva", reason: "the source fixed it", at: reviewDay.addingTimeInterval(900))
        #expect(out.status == .rejected)
        #expect(try storedName(store, "t1") == "Staroměstská")
        #expect(try store.conflicts().isEmpty)
        #expect(try store.contribution(id: id)?.overrides.isEmpty == true)
    }

    @Test func goneSurvivesSameDataAndComesBackWhenTheSourceChangesIt() throws {
        let store = try storeWithToilets()
        let id = try store.submit(NewContribution(kind: .report, target: city2, report: .gone, receivedAt: reviewDay))
        _ = try store.approve(id: id, reviewer: "eva", at: reviewDay)
        let same = try ingestToilets(threeToilets, into: store, minutes: 10)
        #expect(same.counts == MergeCounts(added: 0, updated: 0, unchanged: 3, retired: 0))
        #expect(try storedStatus(store, "t2") == "retired")
        #expect(try store.contributions().first?.status == .approved)
        let changedRun = try ingestToilets(changed("t2") { testToilet($0, name: "Park u řeky") }, into: store, minutes: 20)
        // Retired by the report, brought back by the source: reactivated.
        #expect(changedRun.counts == MergeCounts(added: 0, updated: 0, unchanged: 2, retired: 0, reactivated: 1))
        #expect(try storedStatus(store, "t2") == "active")
        let detail = try #require(try store.contribution(id: id))
        #expect(detail.contribution.status == .superseded)
        #expect(detail.decisions.last?.reviewer == "locate ingest")
        #expect(detail.decisions.last?.reason == "the source changed the record in run \(changedRun.id)")
    }

    @Test func failedIngestLeavesContributionsAsTheyWere() throws {
        let store = try storeWithToilets()
        _ = try approvedRename(store)
        let digest = try store.contentDigest()
        let start = IngestRunStart(
            pipeline: "test", dataset: "city", source: "x", licence: nil, attribution: nil, startedAt: reviewDay)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.ingest(.toilets, start: start, clock: { reviewDay }) { stager in
                _ = try stager.stage(testToilet("t1", name: "Jiné"), index: 0, matchKey: nil)
                throw Boom()
            }
        }
        #expect(try store.contentDigest() == digest)
        #expect(try storedName(store, "t1") == "Nové")
    }

    /// A database made before contributions existed is upgraded without touching its
    /// records: same rows, same stored hashes, and the same input again is all unchanged.
    @Test func upgradeFromV6KeepsStoredRecordsAndHashes() throws {
        let store = try storeWithToilets()
        let path = store.path
        try store.close()
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    DROP TABLE review_tokens; DROP TABLE overrides; DROP TABLE contribution_decisions;
                    DROP TABLE contributions; ALTER TABLE ingest_runs DROP COLUMN conflicts;
                    DELETE FROM grdb_migrations WHERE identifier = 'v7-contributions';
                    """)
        }
        let before = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM toilets ORDER BY id").description }
        try queue.close()
        let upgraded = try LocateStore(path: path)
        let after = try upgraded.testRows(sql: "SELECT * FROM toilets ORDER BY id").description
        #expect(after == before)
        let run = try ingestToilets(threeToilets, into: upgraded, minutes: 10)
        #expect(run.counts == MergeCounts(added: 0, updated: 0, unchanged: 3, retired: 0))
    }

    @Test func communityDatasetCannotBeIngestedInto() throws {
        let store = try storeWithToilets()
        let start = IngestRunStart(
            pipeline: "test", dataset: "community", source: "x", licence: nil, attribution: nil, startedAt: reviewDay)
        #expect {
            try store.ingest(.toilets, start: start, clock: { reviewDay }) { _ in
                StagingTotals(
                    read: 0, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                    sourceSHA256: String(repeating: "a", count: 64))
            }
        } throws: {
            "\($0)"
                == "dataset 'community' holds approved contributions and cannot be ingested into: give the pipeline another dataset"
        }
    }
}
