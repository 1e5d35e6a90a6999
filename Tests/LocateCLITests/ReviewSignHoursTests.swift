import Contributions
import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Issue 40 §2 with the built binary: `locate review show` prints a sign photo's suggestion
/// beside the toilet's hours now, and `locate review approve --accept-hours | --hours` takes
/// it as an hours edit that names the photo.
@Suite struct ReviewSignHoursTests {
    static let reading = SignSuggestion.sample

    /// The sample database with #1 a photo of the first toilet's hours sign and its reading.
    static func databaseWithSignPhoto() throws -> String {
        let db = try CLI.sampleDatabase()
        let store = try LocateStore(path: db)
        let photo = PhotoReference(sha256: String(repeating: "ab", count: 32), kind: .hoursSign, file: "ab.jpg")
        _ = try store.submit(
            NewContribution(
                kind: .photo, target: ReviewCommandTests.first, photo: photo, signReading: reading,
                receivedAt: ReviewCommandTests.received))
        try store.close()
        return db
    }

    @Test func showPrintsTheSuggestionBesideTheHoursNow() throws {
        let db = try Self.databaseWithSignPhoto()
        let r = try CLI.run(["review", "show", "1", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                contribution #1: photo of prague-toilets-sample/b7c62809f17d@50.087400,14.420760 (pending)
                received: 2026-11-22T10:00:00Z
                target: active
                photo (hours_sign): \(db).photos/ab.jpg
                sign reading: Mo-Fr 08:00-16:00; Sa,Su off (confidence 0.91, confident)
                hours now: Mo-Su 09:00-21:00
                  - Otevírací doba
                  + Po-Pá 8-16 hod.
                  + So-Ne zavřeno
                take hours: approve --accept-hours, or --hours TEXT to correct them

                """)
    }

    @Test func approveAcceptsTheSuggestionAsAnEditNamingThePhoto() throws {
        let db = try Self.databaseWithSignPhoto()
        let both = try CLI.run(["review", "approve", "1", "--accept-hours", "--hours", "Mo-Fr 08:00-16:00", "--db", db])
        #expect(both.status == 64)
        #expect(both.stderr.contains("Error: give --accept-hours or --hours TEXT, not both\n"), "\(both.stderr)")
        let r = try CLI.run(["review", "approve", "1", "--accept-hours", "--as", "eva", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                contribution #1 approved (prague-toilets-sample/b7c62809f17d@50.087400,14.420760): set hours; run 3
                contribution #2 (the hours from the sign) approved

                """)
        let edit = try CLI.run(["review", "show", "2", "--json", "--db", db])
        let doc = try #require(JSONSerialization.jsonObject(with: Data(edit.stdout.utf8)) as? [String: Any])
        #expect(doc["from_photo"] as? Int == 1)
        #expect((doc["sign_reading"] as? [String: Any])?["text"] as? String == Self.reading.text)
        #expect((doc["contribution"] as? [String: Any])?["note"] as? String == "hours from the sign on photo #1")
        if JSONSchemaCheck.available {
            #expect(try JSONSchemaCheck.errors(Data(edit.stdout.utf8), schema: "review-show") == [])
        }
        let hours = try CLI.run(["review", "show", "2", "--db", db])
        #expect(
            hours.stdout.contains("from photo: #1\nsign reading: Mo-Fr 08:00-16:00; Sa,Su off (confidence 0.91, confident)\n"))
    }
}
