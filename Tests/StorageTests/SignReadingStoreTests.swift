import Contributions
import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

/// Issue 40 §2: a photo of an hours sign is stored with what the sign reader made of it,
/// and a maintainer takes its hours as suggested, corrected, or not at all.
@Suite struct SignReadingStoreTests {
    static let photo = PhotoReference(sha256: String(repeating: "cd", count: 32), kind: .hoursSign, file: "cd.jpg")
    static let reading = SignSuggestion.sample

    func storeWithSignPhoto(_ reading: SignSuggestion? = Self.reading) throws -> LocateStore {
        let store = try storeWithToilets()
        let id = try store.submit(
            NewContribution(kind: .photo, target: city1, photo: Self.photo, signReading: reading, receivedAt: reviewDay))
        #expect(id == 1)
        return store
    }

    func hours(_ store: LocateStore) throws -> [String?] {
        let row = try #require(
            try store.testRows(sql: "SELECT hours_text, hours_osm, hours_status FROM toilets WHERE source_id = 't1'").first)
        return [row["hours_text"], row["hours_osm"], row["hours_status"]]
    }

    @Test func theReadingIsStoredWithThePhotoAndShownBesideTheHoursNow() throws {
        let store = try storeWithSignPhoto()
        let detail = try #require(try store.contribution(id: 1))
        #expect(detail.signReading == Self.reading)
        #expect(
            detail.current == [
                .hours: [
                    "hours_text": .text("Mo-Su 08:00-20:00"), "hours_osm": .text("Mo-Su 08:00-20:00"),
                    "hours_status": .text("exact"),
                ]
            ])
        #expect(detail.contribution.fromPhoto == nil)
        // Append-only, as the contributions.
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE sign_readings SET suggestion = 'Mo-Su 00:00-24:00'") }
        }
    }

    @Test func acceptingMakesAnHoursEditThatNamesThePhoto() throws {
        let store = try storeWithSignPhoto()
        let outcome = try store.approve(id: 1, reviewer: "eva", at: reviewDay, hours: .accept)
        #expect(outcome.status == .approved)
        #expect(outcome.applied == [.hours])
        #expect(outcome.hoursEdit == 2)
        #expect(outcome.place == city1)
        #expect(try hours(store) == ["Mo-Fr 08:00-16:00; Sa,Su off", "Mo-Fr 08:00-16:00; Sa,Su off", "exact"])
        let edit = try #require(try store.contribution(id: 2))
        #expect(edit.contribution.kind == .edit)
        #expect(edit.contribution.status == .approved)
        #expect(edit.contribution.fromPhoto == 1)
        #expect(edit.contribution.note == "hours from the sign on photo #1")
        #expect(edit.contribution.proposed.hours?.osm == "Mo-Fr 08:00-16:00; Sa,Su off")
        // Its provenance: the photo's reading (read text, confidence).
        #expect(edit.signReading?.text == Self.reading.text)
        #expect(edit.signReading?.confidence == 0.91)
        #expect(edit.decisions.map(\.reviewer) == ["eva"])
        #expect(try store.photos(of: city1).map(\.contribution) == [1])
    }

    @Test func anEditedSuggestionIsReadAsSubmittedHours() throws {
        let store = try storeWithSignPhoto()
        let outcome = try store.approve(id: 1, reviewer: "eva", at: reviewDay, hours: .edit("Po-Pá 8-17 hod."))
        #expect(outcome.hoursEdit == 2)
        #expect(try hours(store) == ["Po-Pá 8-17 hod.", "Mo-Fr 08:00-17:00", "exact"])
    }

    @Test func approvingWithoutHoursLeavesThem() throws {
        let store = try storeWithSignPhoto()
        let outcome = try store.approve(id: 1, reviewer: "eva", at: reviewDay)
        #expect(outcome.hoursEdit == nil)
        #expect(outcome.applied == [])
        #expect(try hours(store) == ["Mo-Su 08:00-20:00", "Mo-Su 08:00-20:00", "exact"])
    }

    @Test(arguments: [
        (nil as SignSuggestion?, HoursFromSign.accept, "photo #1 has no suggested hours: give the hours read from it"),
        (
            SignSuggestion.failed("the sign reader took longer than 8 s and was stopped", languages: "ces"), .accept,
            "photo #1 has no suggested hours: give the hours read from it"
        ),
        (
            SignReadingStoreTests.reading, .edit("ask inside"),
            "'ask inside' does not read as opening hours (write them as opening_hours)"
        ),
    ])
    func hoursThatCannotBeTakenAreRefused(reading: SignSuggestion?, hours: HoursFromSign, message: String) throws {
        let store = try storeWithSignPhoto(reading)
        #expect(throws: StorageError.invalidContribution(field: "hours", reason: message)) {
            try store.approve(id: 1, reviewer: "eva", at: reviewDay, hours: hours)
        }
        // Nothing was decided.
        #expect(try store.contributions().map(\.status) == [.pending])
    }

    @Test func onlyAPhotoOfASignHasAReadingOrGivesHours() throws {
        let store = try storeWithToilets()
        let toilet = PhotoReference(sha256: String(repeating: "ef", count: 32), kind: .toilet, file: "ef.jpg")
        #expect(
            throws: StorageError.invalidContribution(field: "photo", reason: "only a photo of an hours sign has a sign reading")
        ) {
            try store.submit(
                NewContribution(kind: .photo, target: city1, photo: toilet, signReading: Self.reading, receivedAt: reviewDay))
        }
        _ = try store.submit(NewContribution(kind: .photo, target: city1, photo: toilet, receivedAt: reviewDay))
        #expect(
            throws: StorageError.invalidContribution(
                field: "hours", reason: "only a pending photo of an hours sign gives hours (#1 is not one)")
        ) {
            try store.approve(id: 1, reviewer: "eva", at: reviewDay, hours: .accept)
        }
        #expect(
            throws: StorageError.invalidContribution(
                field: "from_photo", reason: "only an edit of the hours is taken from a photo")
        ) {
            try store.submit(
                NewContribution(
                    kind: .edit, target: city1, proposed: ProposedValues(name: "X"), fromPhoto: 1, receivedAt: reviewDay))
        }
    }

    /// The reader's answer is untrusted: a confidence outside 0…1 is refused, long text cut.
    @Test func aReadingIsDecodedWithinBounds() throws {
        let long = String(repeating: "x", count: 5000)
        let doc = """
            {"schema":"hours-sign/1","readable":false,"suggestion":null,"hours_status":null,"reason":"no text",
             "confidence":0,"confident":false,"text":"\(long)","lines":[{"text":"\(long)","confidence":7,"used":false}],
             "warnings":[],"languages":["ces","pol"],"image_width":10,"image_height":10}
            """
        let s = try JSONDecoder().decode(SignSuggestion.self, from: Data(doc.utf8))
        #expect(s.text.count == SignSuggestion.maxText)
        #expect(s.lines.map(\.confidence) == [1])
        #expect(s.languages == "ces+pol")
        let bad = doc.replacingOccurrences(of: "\"confidence\":0,", with: "\"confidence\":1.5,")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SignSuggestion.self, from: Data(bad.utf8)) }
    }

    /// A reader that lies within the format still gives a reading the table takes, so the
    /// upload is stored (review of issue 40: a CHECK failure rolled the whole upload back):
    /// (suggestion, hours_status, confident, failure) as sent → (suggestion kept, confident).
    @Test(arguments: [
        (#""Mo-Fr 08:00-16:00""#, #""exact""#, "true", "null", true, true),
        (#""Mo-Fr 08:00-16:00""#, #""unknown""#, "true", "null", false, false),
        (#""Mo-Fr 08:00-16:00""#, "null", "true", "null", false, false),
        (#""Mo-Fr 08:00-16:00""#, #""bogus""#, "false", "null", false, false),
        ("null", #""exact""#, "true", "null", false, false),
        (#""Mo-Fr 08:00-16:00""#, #""interpreted""#, "true", #""the child says so""#, false, false),
    ])
    func aLyingReaderStillGivesAStorableReading(
        suggestion: String, status: String, confident: String, failure: String, kept: Bool, isConfident: Bool
    ) throws {
        let doc = """
            {"suggestion":\(suggestion),"hours_status":\(status),"reason":null,"confidence":0.9,
             "confident":\(confident),"text":"t","lines":[],"languages":["ces"],"failure":\(failure)}
            """
        let s = try JSONDecoder().decode(SignSuggestion.self, from: Data(doc.utf8))
        #expect((s.suggestion != nil) == kept)
        #expect((s.hoursStatus != nil) == kept)
        #expect(s.confident == isConfident)
        // A dropped suggestion is said: the child's own failure, else the missing status.
        let said =
            failure == "null"
            ? (suggestion != "null" && !kept ? "the reader's suggestion has no schedule status" : nil) : "the child says so"
        #expect(s.failure == said)
        _ = try storeWithSignPhoto(s)
    }
}
