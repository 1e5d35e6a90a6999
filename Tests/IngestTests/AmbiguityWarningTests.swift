import Places
import Storage
import Testing

@testable import Ingest

/// A record left unmatched for ambiguity (issue 23, item 3) is a warning naming the record,
/// the candidate places and the competing records, grouped as one kind.
@Suite struct AmbiguityWarningTests {
    @Test(arguments: [
        (
            AmbiguousIdentity(index: 7, sourceID: "n1", candidates: ["o1", "o2"], rivals: []),
            "ambiguous identity, stored as a new place: places within 5 m: 'o1', 'o2'"
        ),
        (
            AmbiguousIdentity(index: 0, sourceID: "n1", candidates: ["o1"], rivals: ["n2"]),
            "ambiguous identity, stored as a new place: place within 5 m: 'o1'; equally near to record 'n2'"
        ),
        (
            AmbiguousIdentity(index: 3, sourceID: "n3", candidates: ["o1", "o2"], rivals: ["n1", "n2"]),
            "ambiguous identity, stored as a new place: places within 5 m: 'o1', 'o2'; equally near to records 'n1', 'n2'"
        ),
    ])
    func warningNamesRecordCandidatesAndRivals(ambiguity: AmbiguousIdentity, reason: String) {
        let issue = IngestIssue(ambiguity: ambiguity)
        #expect(issue == IngestIssue(index: ambiguity.index, id: ambiguity.sourceID, field: "id", reason: reason))
        #expect(IngestReport.kind(of: issue.reason) == "ambiguous identity, stored as a new place")
    }
}
