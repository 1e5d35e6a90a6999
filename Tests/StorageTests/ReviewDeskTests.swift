import Contributions
import Foundation
import LocateTestSupport
import Places
import Review
import Storage
import Testing

/// The review flow both adapters share (`ReviewDesk`): paging, a missing contribution, and
/// a decision seen by the next read.
@Suite struct ReviewDeskTests {
    /// A store with four pending edits, closed, and its desk.
    func desk() throws -> ReviewDesk {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("c.sqlite").path
        let store = try LocateStore(path: path)
        try ingestToilets(threeToilets, into: store)
        for name in ["A", "B", "C", "D"] {
            _ = try store.submit(
                NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: name), receivedAt: reviewDay))
        }
        try store.close()
        return ReviewDesk(databasePath: path)
    }

    @Test(arguments: [
        // limit, offset, ids listed, next offset
        (Int?.none, 0, [Int64(1), 2, 3, 4], Int?.none),
        (2, 0, [1, 2], 2),
        (2, 2, [3, 4], nil),
        (3, 2, [3, 4], nil),
        (1, 3, [4], nil),
        (2, 4, [], nil),
    ])
    func pagesSayWhetherMoreFollow(limit: Int?, offset: Int, ids: [Int64], next: Int?) throws {
        let page = try desk().list(ReviewListRequest(status: .pending, kind: nil, limit: limit, offset: offset))
        #expect(page.contributions.map(\.id) == ids)
        #expect(page.offset == offset)
        #expect(page.nextOffset == next)
    }

    @Test func aMissingContributionIsNamed() throws {
        #expect(throws: StorageError.noSuchContribution(id: 9)) { try desk().show(9) }
        #expect(StorageError.noSuchContribution(id: 9).description == "no contribution #9")
    }

    @Test func aDecisionIsSeenByTheNextRead() throws {
        let desk = try desk()
        let outcome = try desk.reject(2, reviewer: "eva", reason: "duplicate", at: reviewDay)
        #expect(outcome.status == .rejected)
        #expect(try desk.list(ReviewListRequest(status: .pending, kind: nil, limit: nil)).contributions.map(\.id) == [1, 3, 4])
        #expect(try desk.show(2).decisions.map(\.reviewer) == ["eva"])
        #expect(try desk.tokens().tokens.isEmpty)
    }
}
