public import Contract
public import Contributions
import Foundation
public import Storage

// The review documents, one definition for `locate review --json` and the maintainer
// endpoints of `locate serve` (docs/schema/review-*.schema.json, token-list).

/// A contribution in the review documents (maintainers' output: contact and client hash
/// included, unlike every read answer and export).
public struct ContributionObject: Encodable {
    var id: Int64
    var kind: String
    @Nullable var target: String?
    @Nullable var report: String?
    var proposed: ProposedValues
    @Nullable var photo: PhotoReference?
    @Nullable var note: String?
    @Nullable var contact: String?
    @Nullable var clientHash: String?
    var receivedAt: String
    var status: String
    var inConflict: Bool
    @Nullable var created: String?

    /// The document made from the store's value.
    public init(_ c: StoredContribution) {
        id = c.id
        kind = c.kind.rawValue
        target = c.target?.globalID
        report = c.report?.rawValue
        proposed = c.proposed
        photo = c.photo
        note = c.note
        contact = c.contact
        clientHash = c.clientHash
        receivedAt = c.receivedAt
        status = c.status.rawValue
        inConflict = c.inConflict
        created = c.created?.globalID
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, target, report, proposed, photo, note, contact, clientHash = "client_hash"
        case receivedAt = "received_at", status, inConflict = "in_conflict", created
    }
}

/// A decision in `review-show/1`.
public struct DecisionObject: Encodable {
    var decision: String
    var reviewer: String
    @Nullable var reason: String?
    var decidedAt: String
    @Nullable var run: Int?

    /// The document made from the store's value.
    public init(_ d: ContributionDecision) {
        decision = d.decision.rawValue
        reviewer = d.reviewer
        reason = d.reason
        decidedAt = d.decidedAt
        run = d.run
    }

    enum CodingKeys: String, CodingKey { case decision, reviewer, reason, decidedAt = "decided_at", run }
}

/// An applied override in `review-show/1` and `review-conflicts/1`.
public struct OverrideObject: Encodable {
    var contribution: Int64
    var target: String
    var field: String
    var value: ContractValues
    var replaced: ContractValues
    @Nullable var conflictRun: Int?
    @Nullable var sourceValue: ContractValues?

    /// The document made from the store's value.
    public init(_ o: AppliedOverride) {
        contribution = o.contribution
        target = o.target.globalID
        field = o.field.rawValue
        value = ContractValues(o.value)
        replaced = ContractValues(o.replaced)
        conflictRun = o.conflictRun
        sourceValue = o.sourceValue.map(ContractValues.init)
    }

    enum CodingKeys: String, CodingKey {
        case contribution, target, field, value, replaced, conflictRun = "conflict_run", sourceValue = "source_value"
    }
}

/// `review-list/1`: `locate review list --json`.
public struct ReviewListDocument: Encodable {
    let schema = "review-list/1"
    var contributions: [ContributionObject]
    /// How many contributions before these were skipped (`--offset`, `offset=`).
    var offset: Int
    /// The next page's `offset`, or nil on the last page.
    @Nullable var nextOffset: Int?

    /// The listed contributions, after `offset` skipped ones, with `nextOffset` when more follow.
    public init(contributions: [ContributionObject], offset: Int = 0, nextOffset: Int? = nil) {
        self.contributions = contributions
        self.offset = offset
        self.nextOffset = nextOffset
    }

    enum CodingKeys: String, CodingKey { case schema, contributions, offset, nextOffset = "next_offset" }
}

/// `review-show/1`: `locate review show ID --json`.
public struct ReviewShowDocument: Encodable {
    let schema = "review-show/1"
    var contribution: ContributionObject
    var decisions: [DecisionObject]
    var current: [String: ContractValues]
    @Nullable var targetActive: Bool?
    var overrides: [OverrideObject]
    @Nullable var photoPath: String?
    /// The photo of an hours sign an edit of the hours was taken from.
    @Nullable var fromPhoto: Int64?
    /// What the sign reader made of the photo (or of the photo the edit was taken from).
    @Nullable var signReading: SignSuggestion?

    /// The document made from the store's value.
    public init(_ d: ContributionDetail) {
        contribution = ContributionObject(d.contribution)
        decisions = d.decisions.map(DecisionObject.init)
        current = Dictionary(uniqueKeysWithValues: d.current.map { ($0.key.rawValue, ContractValues($0.value)) })
        targetActive = d.targetActive
        overrides = d.overrides.map(OverrideObject.init)
        photoPath = d.photoPath
        fromPhoto = d.contribution.fromPhoto
        signReading = d.signReading
    }

    enum CodingKeys: String, CodingKey {
        case schema, contribution, decisions, current, targetActive = "target_active", overrides, photoPath = "photo_path"
        case fromPhoto = "from_photo", signReading = "sign_reading"
    }
}

/// `review-decision/1`: `locate review approve|reject ID --json`.
public struct ReviewDecisionDocument: Encodable {
    let schema = "review-decision/1"
    var id: Int64
    var status: String
    @Nullable var run: Int?
    var applied: [String]
    @Nullable var place: String?
    var superseded: [Int64]
    /// The edit of the hours an approved photo of an hours sign made.
    @Nullable var hoursEdit: Int64?

    /// The document made from the store's value.
    public init(_ o: ReviewOutcome) {
        id = o.id
        status = o.status.rawValue
        run = o.run
        applied = o.applied.map(\.rawValue)
        place = o.place?.globalID
        superseded = o.superseded
        hoursEdit = o.hoursEdit
    }

    enum CodingKeys: String, CodingKey {
        case schema, id, status, run, applied, place, superseded, hoursEdit = "hours_edit"
    }
}

/// `review-conflicts/1`: `locate review conflicts --json`.
public struct ReviewConflictsDocument: Encodable {
    let schema = "review-conflicts/1"
    var conflicts: [OverrideObject]

    /// The overrides in conflict.
    public init(conflicts: [OverrideObject]) { self.conflicts = conflicts }
}

/// `token-list/1`: `locate token list --json` (names and times, never tokens).
public struct TokenListDocument: Encodable {
    let schema = "token-list/1"
    /// The tokens, by name.
    public var tokens: [TokenObject]

    /// The listed tokens.
    public init(tokens: [TokenObject]) { self.tokens = tokens }

    /// One token: its name and times.
    public struct TokenObject: Encodable {
        /// The token's name.
        public var name: String
        /// When it was made.
        public var createdAt: String
        /// When it was revoked, or nil.
        @Nullable public var revokedAt: String?

        /// One token's name and times.
        public init(name: String, createdAt: String, revokedAt: String?) {
            self.name = name
            self.createdAt = createdAt
            self.revokedAt = revokedAt
        }

        enum CodingKeys: String, CodingKey { case name, createdAt = "created_at", revokedAt = "revoked_at" }
    }
}

/// `review-prune-photos/1`: `locate review prune-photos --json`, the photo files removed (or,
/// with `dry_run`, that would be).
public struct ReviewPruneDocument: Encodable {
    let schema = "review-prune-photos/1"
    /// The photo folder.
    public var folder: String
    /// True when nothing was removed on purpose (`--dry-run`).
    public var dryRun: Bool
    /// The files, by name.
    public var files: [PrunedFile]
    /// Their bytes together.
    public var bytes: Int

    enum CodingKeys: String, CodingKey {
        case schema, folder, dryRun = "dry_run", files, bytes
    }

    /// One file.
    public struct PrunedFile: Encodable, Sendable {
        /// Its name inside the folder.
        public var file: String
        /// Its size.
        public var bytes: Int
    }

    /// The document of `files` in `folder`.
    public init(folder: String, dryRun: Bool, files: [UnreferencedPhoto]) {
        self.folder = folder
        self.dryRun = dryRun
        self.files = files.map { PrunedFile(file: $0.file, bytes: $0.bytes) }
        bytes = files.reduce(0) { $0 + $1.bytes }
    }
}
