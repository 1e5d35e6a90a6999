public import Contributions
public import Foundation
public import Storage

/// The maintainers' review of community contributions, one flow for `locate review` and the
/// maintainer endpoints of `locate serve`: each call opens the database for itself (a fresh
/// read-only store for reads, so it sees the newest committed state; a writable one, taking
/// the write lock as `access` says, for a decision), does one thing and closes it. Neither
/// adapter opens the store for a review. Errors are Storage's (`StorageError`); each adapter
/// says them its own way (an `error:` line, an HTTP status).
public struct ReviewDesk: Sendable {
    /// The database reviewed.
    public let databasePath: String
    /// How a decision opens the database for writing (how long it waits for another writer).
    public let access: WriteAccess

    /// A desk over the database at `databasePath`; decisions open it with `access` (a
    /// database that does not exist yet is never created by a review).
    public init(databasePath: String, access: WriteAccess = WriteAccess()) {
        self.databasePath = databasePath
        var access = access
        access.createsOnClose = false
        self.access = access
    }

    /// The contributions `request` asks for, oldest first, with the next page's offset.
    public func list(_ request: ReviewListRequest) throws -> ReviewPage {
        // With a limit, one more than the page: whether there is a next page.
        var found = try reading {
            try $0.contributions(
                status: request.status, kind: request.kind, limit: request.limit.map { $0 + 1 },
                offset: request.offset)
        }
        var next: Int? = nil
        if let limit = request.limit, found.count > limit {
            found.removeLast(found.count - limit)
            next = request.offset + limit
        }
        return ReviewPage(contributions: found, offset: request.offset, nextOffset: next)
    }

    /// Contribution `id` with its decisions, the target's current values and its photo's path
    /// in `photoFolder` (default: beside the database); `StorageError.noSuchContribution` when
    /// there is none.
    public func show(_ id: ContributionID, photoFolder: String? = nil) throws -> ContributionDetail {
        guard let detail = try reading({ try $0.contribution(id: id, photoFolder: photoFolder) }) else {
            throw StorageError.noSuchContribution(id: id)
        }
        return detail
    }

    /// Approves contribution `id` as `reviewer` at `instant` and applies it; with `hours`, a
    /// photo of an hours sign is approved with its hours (accepted as suggested, or edited),
    /// which become an edit of the toilet's hours naming the photo.
    public func approve(_ id: ContributionID, reviewer: String, at instant: Date, hours: HoursFromSign? = nil) throws
        -> ReviewOutcome
    {
        try writing { try $0.approve(id: id, reviewer: reviewer, at: instant, hours: hours) }
    }

    /// Rejects contribution `id` as `reviewer` at `instant`, for `reason`.
    public func reject(_ id: ContributionID, reviewer: String, reason: String, at instant: Date) throws -> ReviewOutcome {
        try writing { try $0.reject(id: id, reviewer: reviewer, reason: reason, at: instant) }
    }

    /// Approved edits whose source value a re-ingest changed.
    public func conflicts() throws -> [AppliedOverride] { try reading { try $0.conflicts() } }

    /// The name of the reviewer whose token is `token`, or nil when it is unknown or revoked.
    public func reviewer(token: String) throws -> String? { try reading { try $0.verifyToken(token) } }

    /// Makes a maintainer token named `name` at `instant` and returns it (only its SHA-256 is
    /// stored: this is the one time it is seen).
    public func createToken(name: String, at instant: Date) throws -> String {
        try writing { try $0.createToken(name: name, at: instant) }
    }

    /// Revokes the token named `name` at `instant`.
    public func revokeToken(name: String, at instant: Date) throws {
        try writing { try $0.revokeToken(name: name, at: instant) }
    }

    /// `token-list/1`: every token's name and times (never the tokens).
    public func tokens() throws -> TokenListDocument {
        let tokens = try reading { try $0.tokens() }
        return TokenListDocument(
            tokens: tokens.map { .init(name: $0.name, createdAt: $0.createdAt, revokedAt: $0.revokedAt) })
    }

    /// Removes (or, with `dryRun`, lists) the photo files in `folder` that no contribution
    /// names and that were last changed before `cutoff`.
    public func prunePhotos(in folder: String, modifiedBefore cutoff: Date, dryRun: Bool) throws -> ReviewPruneDocument {
        let removed = try reading { store in
            let found = try store.unreferencedPhotos(in: folder, modifiedBefore: cutoff)
            return dryRun ? found : try store.removeUnreferencedPhotos(found, in: folder, modifiedBefore: cutoff)
        }
        return ReviewPruneDocument(folder: folder, dryRun: dryRun, files: removed)
    }

    private func reading<T>(_ body: (LocateStore) throws -> T) throws -> T {
        try body(try LocateStore(readingAt: databasePath))
    }

    private func writing<T>(_ body: (LocateStore) throws -> T) throws -> T {
        let store = try LocateStore(path: databasePath, access: access)
        let result = try body(store)
        try store.close()
        return result
    }
}
