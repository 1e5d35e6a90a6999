public import Contributions
public import Storage

/// Which contributions a review list asks for (`locate review list`, `GET /v1/contributions`):
/// each adapter maps its own names and defaults onto it.
public struct ReviewListRequest: Sendable, Equatable {
    /// Only this status, or every status when nil.
    public var status: ContributionStatus?
    /// Only this kind, or every kind when nil.
    public var kind: ContributionKind?
    /// At most this many (a page), or all when nil.
    public var limit: Int?
    /// How many to skip first (paging).
    public var offset: Int

    /// The request for `status`, `kind`, a page of `limit` after `offset`.
    public init(status: ContributionStatus?, kind: ContributionKind?, limit: Int?, offset: Int = 0) {
        self.status = status
        self.kind = kind
        self.limit = limit
        self.offset = offset
    }
}

/// One page of a review list: the contributions, the offset they start at, and the next
/// page's offset when more follow.
public struct ReviewPage: Sendable, Equatable {
    /// The contributions, oldest first.
    public var contributions: [StoredContribution]
    /// How many were skipped before them.
    public var offset: Int
    /// The next page's offset, or nil on the last page.
    public var nextOffset: Int?

    /// `review-list/1` of this page.
    public var document: ReviewListDocument {
        ReviewListDocument(contributions: contributions.map(ContributionObject.init), offset: offset, nextOffset: nextOffset)
    }
}
