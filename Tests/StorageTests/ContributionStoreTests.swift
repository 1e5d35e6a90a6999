import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

@Suite struct ContributionStoreTests {
    @Test func migrationAddsTheTablesAndAppendOnlyTriggers() throws {
        let store = try storeWithToilets()
        let names = try store.testRows(
            sql:
                "SELECT name FROM sqlite_master WHERE name IN ('contributions', 'contribution_decisions', 'overrides', 'review_tokens') ORDER BY name"
        ).map { $0["name"] as String }
        #expect(names == ["contribution_decisions", "contributions", "overrides", "review_tokens"])
        let id = try store.submit(
            NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "X"), receivedAt: reviewDay))
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE contributions SET note = 'changed' WHERE id = ?", arguments: [id])
            }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "DELETE FROM contributions") }
        }
    }

    @Test func submitStoresAPendingContribution() throws {
        let store = try storeWithToilets()
        let id = try store.submit(
            NewContribution(
                kind: .edit, target: city1, proposed: ProposedValues(name: "Náměstí Míru"), note: "renamed",
                contact: "a@example.org", clientHash: "h1", receivedAt: reviewDay))
        #expect(id == 1)
        let all = try store.contributions()
        #expect(all.count == 1)
        let c = try #require(all.first)
        #expect(c.kind == .edit)
        #expect(c.target == city1)
        #expect(c.status == .pending)
        #expect(c.proposed == ProposedValues(name: "Náměstí Míru"))
        #expect(c.note == "renamed")
        #expect(c.contact == "a@example.org")
        #expect(c.receivedAt == "2026-11-22T10:00:00Z")
        #expect(try store.recentContributions(clientHash: "h1", since: reviewDay) == 1)
        #expect(try store.recentContributions(clientHash: "h1", since: reviewDay.addingTimeInterval(1)) == 0)
        let detail = try #require(try store.contribution(id: id))
        #expect(detail.current == [.name: ["name": .text("Náměstí")]])
        #expect(detail.targetActive == true)
    }

    @Test(arguments: [
        (
            NewContribution(
                kind: .edit, target: PlaceTarget(dataset: "city", sourceID: "t9"), proposed: ProposedValues(name: "X"),
                receivedAt: reviewDay), "no toilet city/t9"
        ),
        (NewContribution(kind: .edit, target: city1, receivedAt: reviewDay), "contribution: proposed: an edit proposes no field"),
        (NewContribution(kind: .new, receivedAt: reviewDay), "contribution: position: a new toilet needs a position"),
        (NewContribution(kind: .report, target: city1, receivedAt: reviewDay), "contribution: report: a report needs a reason"),
        (
            NewContribution(kind: .report, target: city1, report: .wrongPosition, receivedAt: reviewDay),
            "contribution: position: a wrong_position report needs the right position"
        ),
        (
            NewContribution(
                kind: .photo, target: city1, photo: PhotoReference(sha256: "abc", kind: .toilet, file: "abc.jpg"),
                receivedAt: reviewDay),
            "contribution: photo: the photo hash must be 64 lower-case hex digits"
        ),
        (
            NewContribution(
                kind: .new, proposed: ProposedValues(coordinate: Coordinate(latitude: 95, longitude: 14)), receivedAt: reviewDay),
            "contribution: position: latitude must be within -90…90 and longitude within -180…180"
        ),
    ])
    func invalidContributionsAreRefused(_ c: NewContribution, _ message: String) throws {
        let store = try storeWithToilets()
        #expect { try store.submit(c) } throws: { "\($0)" == message }
        #expect(try store.contributions().isEmpty)
    }

    @Test func approvedEditOverridesAndKeepsTheSourceValue() throws {
        let store = try storeWithToilets()
        let id = try store.submit(
            NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "Nové"), receivedAt: reviewDay))
        let hashBefore =
            try store.testRows(sql: "SELECT content_hash FROM toilets WHERE source_id = 't1'").first?["content_hash"] as String?
        let out = try store.approve(id: id, reviewer: "eva", at: reviewDay.addingTimeInterval(60))
        #expect(out.status == .approved)
        #expect(out.applied == [.name])
        #expect(out.run == 2)
        #expect(try storedName(store, "t1") == "Nové")
        // The stored form's hash stays the source's: a re-ingest of the same data is "unchanged".
        #expect(
            try store.testRows(sql: "SELECT content_hash FROM toilets WHERE source_id = 't1'").first?["content_hash"]
                == hashBefore)
        let detail = try #require(try store.contribution(id: id))
        #expect(detail.overrides.map(\.replaced) == [["name": .text("Náměstí")]])
        #expect(detail.decisions.map(\.reviewer) == ["eva"])
        #expect(detail.decisions.map(\.decidedAt) == ["2026-11-22T10:01:00Z"])
        let run = try #require(try store.runs().last)
        #expect(run.pipeline == "review")
        #expect(run.dataset == "community")
        #expect(run.licence == "ODbL-1.0")
        #expect(run.counts == MergeCounts(added: 0, updated: 1, unchanged: 0, retired: 0))
        #expect { try store.approve(id: id, reviewer: "eva", at: reviewDay) } throws: {
            "\($0)" == "contribution #1 is approved: only pending contributions, and approved ones in conflict, can be decided"
        }
    }

    @Test func rejectedContributionChangesNothing() throws {
        let store = try storeWithToilets()
        let id = try store.submit(
            NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: "Nové"), receivedAt: reviewDay))
        let data = try store.testRows(sql: "SELECT * FROM toilets ORDER BY id").description
        let runs = try store.runs()
        #expect { try store.reject(id: id, reviewer: "eva", reason: " ", at: reviewDay) } throws: {
            "\($0)" == "contribution: reason: a rejection needs a reason"
        }
        let out = try store.reject(id: id, reviewer: "eva", reason: "not a toilet", at: reviewDay)
        #expect(out.status == .rejected)
        #expect(out.run == nil)
        // The data and its runs stay as they were (the digest sees the new decision row).
        #expect(try store.testRows(sql: "SELECT * FROM toilets ORDER BY id").description == data)
        #expect(try store.runs() == runs)
        #expect(try store.contribution(id: id)?.decisions.map(\.reason) == ["not a toilet"])
        #expect(try store.contributions(status: .rejected).map(\.id) == [id])
        #expect(try store.contributions(status: .pending).isEmpty)
    }

    @Test func approvedNewToiletJoinsTheCommunityDataset() throws {
        let store = try storeWithToilets()
        let at = Coordinate(latitude: 50.0850, longitude: 14.4250)
        let id = try store.submit(
            NewContribution(
                kind: .new,
                proposed: ProposedValues(
                    coordinate: at, name: "Kavárna",
                    hours: ProposedHours(text: "Mo-Fr 09:00-17:00", osm: "Mo-Fr 09:00-17:00", status: .exact),
                    wheelchair: .yes, access: .customers),
                contact: "secret@example.org", receivedAt: reviewDay))
        let out = try store.approve(id: id, reviewer: "eva", at: reviewDay)
        #expect(out.place == PlaceTarget(dataset: "community", sourceID: "c1"))
        #expect(out.run == 2)
        let row = try #require(try store.testRows(sql: "SELECT * FROM toilets WHERE dataset = 'community'").first)
        #expect(row["source_id"] == "c1")
        #expect(row["name"] == "Kavárna")
        #expect(row["timezone"] == "Europe/Prague")
        #expect(row["country"] == "CZ")
        #expect(row["access"] == "customers")
        #expect(row["wheelchair"] == "yes")
        #expect(row["hours_osm"] == "Mo-Fr 09:00-17:00")
        #expect(row["properties"] == "{\"contribution\":1}")
        #expect(row["status"] == "active")
        #expect(try store.contributions().first?.created == PlaceTarget(dataset: "community", sourceID: "c1"))
        let near = try store.activeToilets(within: 25, of: Coordinate(latitude: 50.08501, longitude: 14.42501))
        #expect(near.map(\.toilet.globalID) == ["community/c1"])
        #expect(try store.activeToilets(within: 25, of: Coordinate(latitude: 50.0860, longitude: 14.4250)).isEmpty)
    }

    @Test func goneReportRetiresAndPhotoIsListed() throws {
        let store = try storeWithToilets()
        let gone = try store.submit(NewContribution(kind: .report, target: city2, report: .gone, receivedAt: reviewDay))
        let photo = PhotoReference(
            sha256: String(repeating: "b", count: 64), kind: .hoursSign, file: String(repeating: "b", count: 64) + ".jpg")
        let shot = try store.submit(NewContribution(kind: .photo, target: city1, photo: photo, receivedAt: reviewDay))
        #expect(try store.photos(of: city1).isEmpty)
        _ = try store.approve(id: gone, reviewer: "eva", at: reviewDay)
        _ = try store.approve(id: shot, reviewer: "eva", at: reviewDay.addingTimeInterval(5))
        #expect(try storedStatus(store, "t2") == "retired")
        #expect(
            try store.photos(of: city1) == [ToiletPhoto(contribution: shot, photo: photo, approvedAt: "2026-11-22T10:00:05Z")])
        #expect(try store.contribution(id: shot)?.photoPath == store.path + ".photos/" + photo.file)
        // All toilets' approved photos at once (the preview map's popups).
        #expect(
            try store.approvedPhotosByToilet() == [
                city1.dataset + "/" + city1.sourceID: [
                    ToiletPhoto(contribution: shot, photo: photo, approvedAt: "2026-11-22T10:00:05Z")
                ]
            ])
        #expect {
            try store.submit(
                NewContribution(kind: .edit, target: city2, proposed: ProposedValues(name: "X"), receivedAt: reviewDay))
        } throws: { "\($0)" == "toilet city/t2 is retired" }
    }

    @Test func tokensAreStoredAsHashesAndRevoked() throws {
        let store = try storeWithToilets()
        let token = try store.createToken(name: "eva", at: reviewDay)
        #expect(token.hasPrefix("lct_") && token.count == 68)
        #expect(try store.verifyToken(token) == "eva")
        #expect(try store.verifyToken(token + "x") == nil)
        #expect(try store.testRows(sql: "SELECT * FROM review_tokens").allSatisfy { !"\($0)".contains(token) })
        #expect { try store.createToken(name: "eva", at: reviewDay) } throws: {
            "\($0)" == "a token named 'eva' exists (revoke it first)"
        }
        try store.revokeToken(name: "eva", at: reviewDay.addingTimeInterval(60))
        #expect(try store.verifyToken(token) == nil)
        #expect(
            try store.tokens() == [ReviewToken(name: "eva", createdAt: "2026-11-22T10:00:00Z", revokedAt: "2026-11-22T10:01:00Z")]
        )
        #expect { try store.revokeToken(name: "eva", at: reviewDay) } throws: { "\($0)" == "no valid token named 'eva'" }
    }
}
