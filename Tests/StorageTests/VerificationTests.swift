import Contract
import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import SpatialIndex
import Storage
import Testing

/// Verification (issue 37 §5): the rule (`Verification.judge`) and the columns every write
/// that brings evidence stamps (`VerificationStamp`).
@Suite struct VerificationTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    static func instant(_ text: String) -> Date { InstantText.instant(text) ?? .distantPast }

    /// OSM's dates as written: a day or a month, else no evidence.
    @Test(
        arguments: [
            ("2024-10-18", "2024-10-17T22:00:00Z"), ("2024-01-05", "2024-01-04T23:00:00Z"), ("2017-04", "2017-03-31T22:00:00Z"),
            (" 2021-11-04 ", "2021-11-03T23:00:00Z"), ("2024-02-29", "2024-02-28T23:00:00Z"), ("2023-02-29", nil),
            ("2024-13-01", nil), ("9999-99-99", nil), ("2024", nil), ("24-10-18", nil), ("2024-1-5", nil),
            ("2024-10-18T10:00", nil),
            ("1899-12-31", nil), ("3000-01-01", nil), ("", nil), ("yesterday", nil), ("２０２４-10-18", nil),
        ] as [(String, String?)])
    func datesAsWritten(_ text: String, _ expected: String?) {
        #expect(Verification.startOfDay(text, in: Self.prague).map(InstantText.utc) == expected)
    }

    static let now = instant("2026-12-03T12:00:00Z")

    func judge(
        released: String? = nil, check: String? = nil, survey: String? = nil, hoursCheck: String? = nil, hasHours: Bool = true,
        sourceHours: Bool = true, community: [CommunityEvidence] = []
    ) -> (String?, String?, String?, String?) {
        let v = Verification.judge(
            sourceReleased: released, checkDate: check, surveyDate: survey, hoursCheckDate: hoursCheck,
            timeZone: "Europe/Prague", hasHours: hasHours, hoursAreTheSource: sourceHours, community: community,
            notAfter: Self.now)
        return (
            v.place.map { InstantText.utc($0.at) }, v.place?.by.rawValue, v.hours.map { InstantText.utc($0.at) },
            v.hours?.by.rawValue
        )
    }

    @Test func theNewestEvidenceWinsAndEachVouchesForWhatItSays() {
        #expect(judge() == (nil, nil, nil, nil))
        #expect(
            judge(released: "2026-09-27") == ("2026-09-26T22:00:00Z", "source_release", "2026-09-26T22:00:00Z", "source_release"))
        // A check date vouches for the place, not its hours.
        #expect(
            judge(released: "2025-01-01", check: "2026-05-01")
                == ("2026-04-30T22:00:00Z", "check_date", "2024-12-31T23:00:00Z", "source_release"))
        // The hours' check vouches for both.
        #expect(
            judge(check: "2025-05-01", hoursCheck: "2026-05-01")
                == ("2026-04-30T22:00:00Z", "check_date_opening_hours", "2026-04-30T22:00:00Z", "check_date_opening_hours"))
        // No hours: nothing vouches for them.
        #expect(judge(released: "2026-09-27", hasHours: false) == ("2026-09-26T22:00:00Z", "source_release", nil, nil))
        // Hours an edit replaced are not the source's: its release says nothing of them.
        #expect(
            judge(released: "2026-09-27", hoursCheck: "2026-10-01", sourceHours: false)
                == ("2026-09-30T22:00:00Z", "check_date_opening_hours", nil, nil))
        // A tie goes to the person on the spot.
        #expect(judge(released: "2026-05-01", check: "2026-05-01", survey: "2026-05-01").1 == "survey_date")
        // Evidence after the run's start claims nothing.
        #expect(judge(released: "2026-12-04", survey: "2027-01-01") == (nil, nil, nil, nil))
    }

    @Test func contributionsVouchForThePlaceAndForHoursTheyNamed() {
        let seen = Self.instant("2026-11-30T09:15:00Z")
        let confirmation = CommunityEvidence(at: seen, by: .confirmation, vouchesForHours: false)
        #expect(
            judge(released: "2026-09-27", community: [confirmation])
                == ("2026-11-30T09:15:00Z", "confirmation", "2026-09-26T22:00:00Z", "source_release"))
        let hours = CommunityEvidence(at: seen, by: .confirmation, vouchesForHours: true)
        #expect(
            judge(released: "2026-09-27", community: [hours])
                == ("2026-11-30T09:15:00Z", "confirmation", "2026-11-30T09:15:00Z", "confirmation"))
        let edit = CommunityEvidence(at: seen, by: .contribution, vouchesForHours: true)
        #expect(judge(sourceHours: false, community: [edit]).3 == "contribution")
        #expect(judge(hasHours: false, community: [edit]) == ("2026-11-30T09:15:00Z", "contribution", nil, nil))
    }

    /// A toilet of dataset `city` with OSM's dates among its attributes.
    func dated(_ id: String, check: String? = nil, survey: String? = nil, hoursCheck: String? = nil) -> ToiletRecord {
        let r = testToilet(id, name: id)
        var t = r.toilet
        t.details.attributes[.checkDate] = check.map(AttributeValue.text)
        t.details.attributes[.surveyDate] = survey.map(AttributeValue.text)
        t.details.attributes[.checkDateOpeningHours] = hoursCheck.map(AttributeValue.text)
        return ToiletRecord(
            sourceID: id, toilet: t, propertiesJSON: r.propertiesJSON, propertiesFingerprint: r.propertiesFingerprint)
    }

    func ingest(_ records: [ToiletRecord], into store: LocateStore, released: String?, osm: Bool = false, days: Double = 0)
        throws -> IngestRunRecord
    {
        let at = reviewDay.addingTimeInterval(days * 86400)
        var start = IngestRunStart(
            pipeline: "test", dataset: "city", source: "test.geojson", licence: nil, attribution: nil, startedAt: at,
            released: released)
        start.releaseVerifies = !osm
        return try store.ingest(.toilets, start: start, clock: { at }) { stager in
            for (i, r) in records.enumerated() { _ = try stager.stage(r, index: i, matchKey: nil) }
            return StagingTotals(
                read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
    }

    func stamps(_ store: LocateStore) throws -> [String: [String?]] {
        var out: [String: [String?]] = [:]
        for r in try store.testRows(
            sql: """
                SELECT source_id, source_released, verified_at, verified_by, hours_verified_at, hours_verified_by
                FROM toilets ORDER BY source_id
                """)
        {
            out[r["source_id"]] = [
                r["source_released"], r["verified_at"], r["verified_by"], r["hours_verified_at"], r["hours_verified_by"],
            ]
        }
        return out
    }

    func newStore() throws -> LocateStore {
        try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("v.sqlite").path)
    }

    /// A first load stamps each record from its own evidence; the derived file has the
    /// same values as the table.
    @Test func aFirstLoadStampsTheReleaseAndTheDates() throws {
        let store = try newStore()
        try ingest([dated("a"), dated("b", survey: "2026-11-01")], into: store, released: "2026-10-01")
        #expect(
            try stamps(store) == [
                "a": ["2026-10-01", "2026-09-30T22:00:00Z", "source_release", "2026-09-30T22:00:00Z", "source_release"],
                "b": ["2026-10-01", "2026-10-31T23:00:00Z", "survey_date", "2026-09-30T22:00:00Z", "source_release"],
            ])
        let file = try #require(try ToiletRowFile.make(for: store))
        let id: Int64 = try #require(try store.testRows(sql: "SELECT id FROM toilets WHERE source_id = 'b'").first?["id"])
        let b = try #require(try file.toilet(id))
        #expect(b.verifiedAt == "2026-10-31T23:00:00Z")
        #expect(b.verifiedBy == "survey_date")
        #expect(b.sourceReleased == "2026-10-01")
    }

    /// A newer release re-states the records it carries unchanged: they stay unchanged in the
    /// counts and take the new day; a dropped one keeps what it had.
    @Test func aNewReleaseVerifiesUnchangedRecordsWithoutUpdatingThem() throws {
        let store = try newStore()
        try ingest([dated("a"), dated("b")], into: store, released: "2026-10-01")
        let run = try ingest([dated("a"), dated("b")], into: store, released: "2026-11-15", days: 30)
        #expect(run.counts == MergeCounts(added: 0, updated: 0, unchanged: 2, retired: 0))
        #expect(
            try stamps(store)["a"] == [
                "2026-11-15", "2026-11-14T23:00:00Z", "source_release", "2026-11-14T23:00:00Z", "source_release",
            ])
        // A run without a release vouches for nothing new: a record it changed keeps only its
        // own dates; one it left unchanged keeps the release that carried it.
        let undated = try ingest([dated("a", check: "2026-01-01"), dated("b")], into: store, released: nil, days: 31)
        #expect(undated.counts == MergeCounts(added: 0, updated: 1, unchanged: 1, retired: 0))
        #expect(try stamps(store)["a"] == [nil, "2025-12-31T23:00:00Z", "check_date", nil, nil])
        #expect(
            try stamps(store)["b"]
                == ["2026-11-15", "2026-11-14T23:00:00Z", "source_release", "2026-11-14T23:00:00Z", "source_release"])
    }

    /// An OSM extract's release day says nothing of when a place was last seen.
    @Test func anOSMExtractsReleaseIsNoEvidence() throws {
        let store = try newStore()
        try ingest([dated("a"), dated("b", check: "2025-03")], into: store, released: "2026-10-01", osm: true)
        #expect(
            try stamps(store) == [
                "a": [nil, nil, nil, nil, nil], "b": [nil, "2025-02-28T23:00:00Z", "check_date", nil, nil],
            ])
    }

    func submit(_ store: LocateStore, _ reason: ReportReason, _ id: String = "a", hours: ProposedHours? = nil, at: String)
        throws -> ContributionID
    {
        try store.submit(
            NewContribution(
                kind: .report, target: PlaceTarget(dataset: "city", sourceID: id), report: reason,
                proposed: ProposedValues(hours: hours), receivedAt: Self.instant(at)))
    }

    /// Confirmations count once approved, from the moment they were sent; a pending or
    /// rejected one never; "hours are right" names the hours it confirms and vouches for them
    /// only while the toilet keeps them; a re-ingest keeps what contributions vouched for.
    @Test func approvedConfirmationsVerifyAndSurviveReIngest() throws {
        let store = try newStore()
        try ingest([dated("a"), dated("b")], into: store, released: "2026-10-01")
        let here = try submit(store, .stillThere, at: "2026-11-20T08:00:00Z")
        let pending = try submit(store, .stillThere, "b", at: "2026-11-20T08:00:00Z")
        let rejected = try submit(store, .stillThere, "b", at: "2026-11-20T08:00:00Z")
        let hours = try submit(store, .hoursRight, at: "2026-11-21T08:00:00Z")
        #expect(try store.contribution(id: hours)?.contribution.proposed.hours?.text == "Mo-Su 08:00-20:00")
        let decided = Self.instant("2026-11-22T12:00:00Z")
        let outcome = try store.approve(id: here, reviewer: "eva", at: decided)
        #expect(outcome.applied == [])
        #expect(try store.runs().last?.counts == MergeCounts(added: 0, updated: 1, unchanged: 0, retired: 0))
        _ = try store.reject(id: rejected, reviewer: "eva", reason: "duplicate", at: decided)
        #expect(try stamps(store)["a"]?[1...2] == ["2026-11-20T08:00:00Z", "confirmation"])
        #expect(try stamps(store)["b"]?[2] == "source_release")
        _ = try store.approve(id: hours, reviewer: "eva", at: decided)
        #expect(
            try stamps(store)["a"]
                == ["2026-10-01", "2026-11-21T08:00:00Z", "confirmation", "2026-11-21T08:00:00Z", "confirmation"])
        _ = pending
        // The same release again: nothing changes (the confirmation is newer).
        let same = try ingest([dated("a"), dated("b")], into: store, released: "2026-10-01", days: 5)
        #expect(same.counts.unchanged == 2)
        #expect(try stamps(store)["a"]?[3...4] == ["2026-11-21T08:00:00Z", "confirmation"])
        // The source changes the hours: the confirmation vouched for the old ones.
        var changed = dated("a")
        changed = ToiletRecord(
            sourceID: "a",
            toilet: {
                var t = changed.toilet
                (t.hoursText, t.hoursOSM) = ("Mo-Fr 10:00-18:00", "Mo-Fr 10:00-18:00")
                return t
            }(), propertiesJSON: changed.propertiesJSON, propertiesFingerprint: "a2")
        let run = try ingest([changed, dated("b")], into: store, released: "2026-10-01", days: 6)
        #expect(run.counts.updated == 1)
        #expect(
            try stamps(store)["a"]
                == ["2026-10-01", "2026-11-21T08:00:00Z", "confirmation", "2026-09-30T22:00:00Z", "source_release"])
    }

    /// "Hours are wrong" approved without the right hours: the hours become unknown, so nothing
    /// vouches for them; the report still vouches for the place.
    @Test func wrongHoursWithoutHoursVerifiesThePlaceOnly() throws {
        let store = try newStore()
        try ingest([dated("a")], into: store, released: "2026-10-01")
        let wrong = try submit(store, .wrongHours, at: "2026-11-20T08:00:00Z")
        _ = try store.approve(id: wrong, reviewer: "eva", at: Self.instant("2026-11-21T08:00:00Z"))
        #expect(try stamps(store)["a"] == ["2026-10-01", "2026-11-20T08:00:00Z", "contribution", nil, nil])
        // A retiring report is no evidence: the place is gone.
        let gone = try submit(store, .closedForGood, at: "2026-11-22T08:00:00Z")
        _ = try store.approve(id: gone, reviewer: "eva", at: Self.instant("2026-11-22T09:00:00Z"))
        #expect(try stamps(store)["a"]?[1] == "2026-11-20T08:00:00Z")
    }

    /// "Hours are right" from a page showing older hours is refused, naming what they are now.
    @Test func hoursRightOfOtherHoursIsRefused() throws {
        let store = try newStore()
        try ingest([dated("a")], into: store, released: nil)
        do {
            _ = try submit(
                store, .hoursRight, hours: ProposedHours(text: "Mo-Fr 10:00-12:00", osm: nil, status: .unknown),
                at: "2026-11-21T08:00:00Z")
            Issue.record("hours_right of other hours was stored")
        } catch {
            #expect(
                "\(error)"
                    == "\(StorageError.invalidContribution(field: "hours_text", reason: "the toilet's hours are now 'Mo-Su 08:00-20:00', not 'Mo-Fr 10:00-12:00': look at them again"))"
            )
        }
        let seen = try submit(
            store, .hoursRight, hours: ProposedHours(text: "Mo-Su 08:00-20:00", osm: nil, status: .unknown),
            at: "2026-11-21T08:00:00Z")
        #expect(try store.contribution(id: seen)?.contribution.proposed.hours?.osm == "Mo-Su 08:00-20:00")
    }

    /// A toilet with no hours has none to confirm.
    @Test func hoursRightNeedsHours() throws {
        let store = try newStore()
        try ingest([testToilet("a", name: "A", hours: nil)], into: store, released: nil)
        do {
            _ = try submit(store, .hoursRight, at: "2026-11-21T08:00:00Z")
            Issue.record("an hours_right report on a toilet without hours was stored")
        } catch {
            #expect(
                "\(error)"
                    == "\(StorageError.invalidContribution(field: "reason", reason: "toilet city/a has no opening hours to confirm"))"
            )
        }
    }

    /// An approved hours edit: the hours are the contribution's, so it vouches for them and the
    /// source's release no longer does; a new toilet is verified by its own contribution.
    @Test func anHoursEditAndANewToiletAreTheirOwnEvidence() throws {
        let store = try newStore()
        try ingest([dated("a", hoursCheck: "2026-10-10")], into: store, released: "2026-10-01")
        let edit = try store.submit(
            NewContribution(
                kind: .edit, target: PlaceTarget(dataset: "city", sourceID: "a"),
                proposed: ProposedValues(hours: ProposedHours(reading: "Mo-Fr 09:00-17:00")),
                receivedAt: Self.instant("2026-11-01T10:00:00Z")))
        _ = try store.approve(id: edit, reviewer: "eva", at: Self.instant("2026-11-02T10:00:00Z"))
        #expect(
            try stamps(store)["a"]
                == ["2026-10-01", "2026-11-01T10:00:00Z", "contribution", "2026-11-01T10:00:00Z", "contribution"])
        let new = try store.submit(
            NewContribution(
                kind: .new, proposed: ProposedValues(coordinate: Coordinate(latitude: 50.081, longitude: 14.421), name: "N"),
                receivedAt: Self.instant("2026-11-03T10:00:00Z")))
        _ = try store.approve(id: new, reviewer: "eva", at: Self.instant("2026-11-04T10:00:00Z"))
        let row = try #require(
            try store.testRows(sql: "SELECT verified_at, verified_by, hours_verified_at FROM toilets WHERE dataset = 'community'")
                .first)
        #expect(row["verified_at"] == "2026-11-03T10:00:00Z")
        #expect(row["verified_by"] == "contribution")
        #expect(row["hours_verified_at"] == nil as String?)
    }
}
