import Contributions
import Foundation
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Serve

/// Issue 22 step 4 and issue 23 item 5 (contributions' side): submitted `hours_text` gets the
/// one answer of `EverydayHours` in the receipt's `hours` and in what the store keeps, the
/// same as ingest and `locate hours` (a text not understood was kept without its OSM form
/// here while ingest kept a quoted comment; `"Mo-Su 8-20"` got the Czech reader's reason).
@Suite struct HoursOneReaderServeTests {
    /// Texts a submission can carry (`hours_text` is at most 500 characters).
    static let submittable = EverydayHours.cases.filter { $0.text.count <= 500 }

    @Test(arguments: submittable)
    func aSubmissionGetsTheOneAnswer(c: EverydayHours.Case) throws {
        let hours = SubmittedHours(c.text)
        let data = try JSONEncoder().encode(hours)
        let doc = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(doc["hours_text"] as? String == c.text)
        #expect(doc["hours_osm"] as? String == c.osm)
        #expect(doc["hours_status"] as? String == c.status)
        #expect(doc["reason"] as? String == c.reason)
        let warnings = (doc["warnings"] as? [[String: Any]] ?? []).map { w in
            "at character \(w["at_character"] as? Int ?? 0): '\(w["found"] as? String ?? "")' read as "
                + "'\(w["canonical"] as? String ?? "")' (\(w["reason"] as? String ?? ""))"
        }
        #expect(warnings == c.warnings)
        #expect(hours.proposed.osm == c.osm)
        #expect(hours.proposed.status.rawValue == c.status)
    }
}
