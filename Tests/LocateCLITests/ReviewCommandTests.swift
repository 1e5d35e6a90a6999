import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// `locate review` and `locate token` end to end (issue 14): contributions are put in through
/// the store (as `locate serve` does), then decided with the built binary.
@Suite struct ReviewCommandTests {
    static let received = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00:00Z
    static let dataset = "prague-toilets-sample"
    static let first = PlaceTarget(dataset: dataset, sourceID: "b7c62809f17d@50.087400,14.420760")
    static let second = PlaceTarget(dataset: dataset, sourceID: "79fd587050d5@50.086550,14.425030")

    /// The sample database with four pending contributions: #1 an hours edit of the first
    /// toilet, #2 a new toilet, #3 "gone" for the second toilet, #4 a photo of the first.
    static func databaseWithContributions() throws -> String {
        let db = try CLI.sampleDatabase()
        let store = try LocateStore(path: db)
        let hours = ProposedHours(text: "Mo-Su 07:00-22:00", osm: "Mo-Su 07:00-22:00", status: .exact)
        _ = try store.submit(
            NewContribution(
                kind: .edit, target: first, proposed: ProposedValues(hours: hours), note: "new sign",
                contact: "privacy-contact@example.org", clientHash: "c0ffee-client-hash", receivedAt: received))
        _ = try store.submit(
            NewContribution(
                kind: .new,
                proposed: ProposedValues(
                    coordinate: Coordinate(latitude: 50.0851, longitude: 14.4222), name: "Kavárna U Mostu",
                    wheelchair: .yes, access: .customers),
                contact: "privacy-contact@example.org", clientHash: "c0ffee-client-hash", receivedAt: received))
        _ = try store.submit(NewContribution(kind: .report, target: second, report: .gone, receivedAt: received))
        let photo = PhotoReference(sha256: String(repeating: "ab", count: 32), kind: .hoursSign, file: "ab.jpg")
        _ = try store.submit(NewContribution(kind: .photo, target: first, photo: photo, receivedAt: received))
        try store.close()
        return db
    }

    @Test func listShowsThePendingContributions() throws {
        let db = try Self.databaseWithContributions()
        let r = try CLI.run(["review", "list", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                ID  KIND    TARGET                                                  STATUS   RECEIVED              PROPOSES
                #1  edit    prague-toilets-sample/b7c62809f17d@50.087400,14.420760  pending  2026-11-22T10:00:00Z  hours "Mo-Su 07:00-22:00"
                #2  new     -                                                       pending  2026-11-22T10:00:00Z  position 50.085100,14.422200; name "Kavárna U Mostu"; wheelchair yes; access customers
                #3  report  prague-toilets-sample/79fd587050d5@50.086550,14.425030  pending  2026-11-22T10:00:00Z  gone
                #4  photo   prague-toilets-sample/b7c62809f17d@50.087400,14.420760  pending  2026-11-22T10:00:00Z  photo of the hours sign

                """)
    }

    @Test func showPrintsTheProposalBesideTheCurrentValues() throws {
        let db = try Self.databaseWithContributions()
        let r = try CLI.run(["review", "show", "#1", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                contribution #1: edit of prague-toilets-sample/b7c62809f17d@50.087400,14.420760 (pending)
                received: 2026-11-22T10:00:00Z
                note: new sign
                contact: privacy-contact@example.org (maintainers only)
                target: active
                FIELD         CURRENT              PROPOSED
                hours_text    "po-ne 9:00-21:00"   "Mo-Su 07:00-22:00"
                hours_osm     "Mo-Su 09:00-21:00"  "Mo-Su 07:00-22:00"
                hours_status  "exact"              "exact"

                """)
        let photo = try CLI.run(["review", "show", "4", "--db", db])
        #expect(photo.stdout.contains("photo (hours_sign): \(db).photos/ab.jpg\n"))
    }

    /// Review finding 5: with `locate serve --photos DIR`, `show --photos DIR` gives the
    /// photo's real path.
    @Test func showTakesThePhotoFolderServeUsed() throws {
        let db = try Self.databaseWithContributions()
        let r = try CLI.run(["review", "show", "4", "--photos", "/srv/photos", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("photo (hours_sign): /srv/photos/ab.jpg\n"))
        let json = try CLI.run(["review", "show", "4", "--photos", "/srv/photos", "--json", "--db", db])
        #expect(json.stdout.contains("\"photo_path\" : \"/srv/photos/ab.jpg\""))
    }

    /// Review finding 6: proposed values use the JSON contract's keys.
    @Test func showJSONUsesTheContractKeys() throws {
        let db = try Self.databaseWithContributions()
        let r = try CLI.run(["review", "show", "1", "--json", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"hours_text\" : \"Mo-Su 07:00-22:00\""))
        #expect(r.stdout.contains("\"free\" : null"))
        #expect(!r.stdout.contains("\"is_free\""))
        #expect(!r.stdout.contains("\"text\" :"))
    }

    @Test func approveAppliesAndRecordsWhoAndWhen() throws {
        let db = try Self.databaseWithContributions()
        let edit = try CLI.run(["review", "approve", "1", "--as", "eva", "--db", db])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout == "contribution #1 approved (\(Self.first.globalID)): set hours; run 2\n")
        let new = try CLI.run(["review", "approve", "2", "--as", "eva", "--db", db])
        #expect(new.stdout == "contribution #2 approved (community/c1); run 3\n")
        let gone = try CLI.run(["review", "approve", "3", "--db", db], env: ["USER": "petr"])
        #expect(gone.stdout == "contribution #3 approved (\(Self.second.globalID)): set status; run 4\n")
        let again = try CLI.run(["review", "approve", "1", "--as", "eva", "--db", db])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "error: contribution #1 is approved: only pending contributions, and approved ones in conflict, can be decided\n"
        )
        let store = try LocateStore(readingAt: db)
        #expect(try store.contribution(id: 3)?.decisions.map(\.reviewer) == ["petr"])
        let rows = try store.testRows(sql: "SELECT dataset, source_id, hours_text, status FROM toilets ORDER BY id")
        #expect(rows.first?["hours_text"] == "Mo-Su 07:00-22:00")
        #expect(rows[1]["status"] == "retired")
        #expect(rows.last?["dataset"] == "community")
        // The new toilet answers queries like any other.
        let near = try CLI.run(["toilet", "--near", "50.0851,14.4222", "--limit", "1", "--json", "--db", db])
        #expect(near.stdout.contains("\"id\" : \"community/c1\""))
        #expect(near.stdout.contains("\"name\" : \"Kavárna U Mostu\""))
    }

    @Test func rejectNeedsAReasonAndErrorsNameTheProblem() throws {
        let db = try Self.databaseWithContributions()
        let none = try CLI.run(["review", "reject", "4", "--as", "eva", "--db", db])
        #expect(none.status == 64)
        #expect(none.stderr.contains("Missing expected argument '--reason <TEXT>'"))
        let r = try CLI.run(["review", "reject", "4", "--reason", "blurred", "--as", "eva", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "contribution #4 rejected\n")
        let missing = try CLI.run(["review", "approve", "99", "--as", "eva", "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no contribution #99\n")
        let bad = try CLI.run(["review", "show", "x1", "--db", db])
        #expect(bad.status == 64)
        let rejected = try CLI.run(["review", "list", "--status", "rejected", "--db", db])
        #expect(rejected.stdout.contains("#4  photo"))
        let noConflicts = try CLI.run(["review", "conflicts", "--db", db])
        #expect(noConflicts.status == 3)
        #expect(noConflicts.stderr == "no conflicts in \(db)\n")
    }

    @Test func tokensArePrintedOnceAndRevoked() throws {
        let db = try CLI.sampleDatabase()
        let made = try CLI.run(["token", "create", "eva", "--db", db])
        #expect(made.status == 0, "\(made.stderr)")
        let token = made.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("lct_") && token.count == 68)
        #expect(made.stderr == "token 'eva' created: it is shown only this once\n")
        #expect(try LocateStore(readingAt: db).verifyToken(token) == "eva")
        let list = try CLI.run(["token", "list", "--db", db])
        #expect(list.stdout.hasPrefix("NAME  CREATED"))
        #expect(!list.stdout.contains(token))
        #expect(try CLI.run(["token", "revoke", "eva", "--db", db]).status == 0)
        #expect(try LocateStore(readingAt: db).verifyToken(token) == nil)
        let again = try CLI.run(["token", "revoke", "eva", "--db", db])
        #expect(again.status == 1)
        #expect(again.stderr == "error: no valid token named 'eva'\n")
    }
}
