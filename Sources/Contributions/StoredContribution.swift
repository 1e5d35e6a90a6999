import Foundation

/// A contribution as stored, with its status derived from its decisions. `contact` and
/// `clientHash` are for maintainers only: read answers, exports and snapshots never carry them.
public struct StoredContribution: Sendable, Equatable {
    /// Its number.
    public var id: ContributionID
    /// What it proposes.
    public var kind: ContributionKind
    /// The toilet it is about (nil for `new`).
    public var target: PlaceTarget?
    /// The report's reason.
    public var report: ReportReason?
    /// Proposed values.
    public var proposed: ProposedValues
    /// The photo.
    public var photo: PhotoReference?
    /// Free text from the contributor.
    public var note: String?
    /// Contact, for maintainers only.
    public var contact: String?
    /// Salted client hash, for maintainers only.
    public var clientHash: String?
    /// When it was received, RFC 3339 in UTC.
    public var receivedAt: String
    /// Where it stands (the newest decision).
    public var status: ContributionStatus
    /// Whether an approved edit of it met a different source value on a re-ingest and waits
    /// for a maintainer (approve again, or reject to drop it).
    public var inConflict: Bool
    /// The toilet an approved `new` contribution became (`community/c1`).
    public var created: PlaceTarget?
    /// For an edit of the hours taken from a photo of an hours sign: that photo's contribution.
    public var fromPhoto: ContributionID?

    /// Creates a value (the store makes them from its rows).
    package init(
        id: ContributionID, kind: ContributionKind, target: PlaceTarget?, report: ReportReason?, proposed: ProposedValues,
        photo: PhotoReference?, note: String?, contact: String?, clientHash: String?, receivedAt: String,
        status: ContributionStatus, inConflict: Bool, created: PlaceTarget?, fromPhoto: ContributionID?
    ) {
        self.id = id
        self.kind = kind
        self.target = target
        self.report = report
        self.proposed = proposed
        self.photo = photo
        self.note = note
        self.contact = contact
        self.clientHash = clientHash
        self.receivedAt = receivedAt
        self.status = status
        self.inConflict = inConflict
        self.created = created
        self.fromPhoto = fromPhoto
    }
}

/// What a maintainer (or a re-ingest) decided about a contribution. Rows of their own, never
/// changed.
public enum DecisionKind: String, Sendable, Codable, CaseIterable {
    /// Approved and applied (again, after a conflict).
    case approve
    /// Rejected, or dropped after a conflict.
    case reject
    /// Replaced by a later contribution, or undone by the source.
    case supersede
}

/// One decision.
public struct ContributionDecision: Sendable, Equatable {
    /// Which.
    public var decision: DecisionKind
    /// Who: a maintainer's name, or `locate ingest` for what a re-ingest decided.
    public var reviewer: String
    /// Why (required for rejections).
    public var reason: String?
    /// When, RFC 3339 in UTC.
    public var decidedAt: String
    /// The run that applied it to the data, when it changed the data.
    public var run: Int?

    /// Creates a value (the store makes them from its rows).
    package init(
        decision: DecisionKind, reviewer: String, reason: String?, decidedAt: String, run: Int?
    ) {
        self.decision = decision
        self.reviewer = reviewer
        self.reason = reason
        self.decidedAt = decidedAt
        self.run = run
    }
}

/// A value of one stored column as a contribution proposes, replaces or meets it.
public enum FieldValue: Sendable, Equatable, Codable {
    /// NULL.
    case null
    /// Text.
    case text(String)
    /// A number (integers and booleans as stored: 0/1).
    case number(Double)

    /// Decodes a JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else {
            self = .text(try c.decode(String.self))
        }
    }

    /// Encodes as a JSON value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .text(let t): try c.encode(t)
        case .number(let d): try c.encode(d)
        }
    }

    /// As a person reads it: `null`, `"text"`, `12.5`.
    public var display: String {
        switch self {
        case .null: return "null"
        case .text(let t): return "\"\(t)\""
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        }
    }
}

/// The fields a contribution can change, each a group of stored columns.
public enum ToiletField: String, Sendable, Codable, CaseIterable {
    /// `name`.
    case name
    /// `hours_text`, `hours_osm`, `hours_status`.
    case hours
    /// `price_text`, `price_amount`, `price_currency`, `is_free`.
    case price
    /// `wheelchair`.
    case wheelchair
    /// `access`.
    case access
    /// `lon`, `lat` (and the geometry).
    case position
    /// Retirement by an approved report: `content_hash` is what it compares.
    case status

    /// The columns it writes.
    public var columns: [String] {
        switch self {
        case .name: return ["name"]
        case .hours: return ["hours_text", "hours_osm", "hours_status"]
        case .price: return ["price_text", "price_amount", "price_currency", "is_free"]
        case .wheelchair: return ["wheelchair"]
        case .access: return ["access"]
        case .position: return ["lon", "lat"]
        case .status: return ["content_hash"]
        }
    }

    /// The columns whose source value decides "the source changed it" on a re-ingest (the
    /// hours as the source wrote them, not how this build reads them).
    public var keyColumns: [String] {
        switch self {
        case .hours: return ["hours_text"]
        case .price: return ["price_text"]
        default: return columns
        }
    }
}

/// An approved change of one field of one toilet, as applied.
public struct AppliedOverride: Sendable, Equatable {
    /// The contribution it comes from.
    public var contribution: ContributionID
    /// The toilet.
    public var target: PlaceTarget
    /// The field.
    public var field: ToiletField
    /// The values it sets, by column.
    public var value: [String: FieldValue]
    /// The source's values it replaced, by column.
    public var replaced: [String: FieldValue]
    /// When a re-ingest brought another source value: that run…
    public var conflictRun: Int?
    /// …and the source's new values (kept in the data until a maintainer decides).
    public var sourceValue: [String: FieldValue]?

    /// Creates a value (the store makes them from its rows).
    package init(
        contribution: ContributionID, target: PlaceTarget, field: ToiletField, value: [String: FieldValue],
        replaced: [String: FieldValue], conflictRun: Int?, sourceValue: [String: FieldValue]?
    ) {
        self.contribution = contribution
        self.target = target
        self.field = field
        self.value = value
        self.replaced = replaced
        self.conflictRun = conflictRun
        self.sourceValue = sourceValue
    }
}

/// A contribution with what a maintainer needs to decide on it.
public struct ContributionDetail: Sendable, Equatable {
    /// The contribution.
    public var contribution: StoredContribution
    /// Its decisions, oldest first.
    public var decisions: [ContributionDecision]
    /// The target's values now, by column, for the fields it proposes (source values, or
    /// values of approved contributions); empty for `new` and for unknown targets.
    public var current: [ToiletField: [String: FieldValue]]
    /// Whether the target is active (nil for `new` or an unknown target).
    public var targetActive: Bool?
    /// The overrides it has applied.
    public var overrides: [AppliedOverride]
    /// The photo's path (the photo folder joined with its file name), for `photo`.
    public var photoPath: String?
    /// What the sign reader made of the photo: for a photo of an hours sign its own reading,
    /// for an edit taken from one (`fromPhoto`) that photo's (its provenance).
    public var signReading: SignSuggestion?

    /// Creates a value (the store makes them from its rows).
    package init(
        contribution: StoredContribution, decisions: [ContributionDecision], current: [ToiletField: [String: FieldValue]],
        targetActive: Bool?, overrides: [AppliedOverride], photoPath: String?, signReading: SignSuggestion?
    ) {
        self.contribution = contribution
        self.decisions = decisions
        self.current = current
        self.targetActive = targetActive
        self.overrides = overrides
        self.photoPath = photoPath
        self.signReading = signReading
    }
}

/// What approving or rejecting did.
public struct ReviewOutcome: Sendable, Equatable {
    /// The contribution.
    public var id: ContributionID
    /// Its status now.
    public var status: ContributionStatus
    /// The run that changed the data (nil when nothing changed: rejections, a photo).
    public var run: Int?
    /// The fields it set.
    public var applied: [ToiletField]
    /// The toilet it made (`new`) or changed.
    public var place: PlaceTarget?
    /// Contributions it superseded (earlier approved edits of the same fields).
    public var superseded: [ContributionID]
    /// The edit of the hours an approved photo of an hours sign made (`HoursFromSign`).
    public var hoursEdit: ContributionID? = nil

    /// Creates a value (the store makes them from its rows).
    package init(
        id: ContributionID, status: ContributionStatus, run: Int?, applied: [ToiletField], place: PlaceTarget?,
        superseded: [ContributionID], hoursEdit: ContributionID? = nil
    ) {
        self.id = id
        self.status = status
        self.run = run
        self.applied = applied
        self.place = place
        self.superseded = superseded
        self.hoursEdit = hoursEdit
    }
}

/// A named maintainer token (only the SHA-256 of the token is stored).
public struct ReviewToken: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// When it was made, RFC 3339 in UTC.
    public var createdAt: String
    /// When it was revoked, or nil while valid.
    public var revokedAt: String?

    /// Creates a value (the store makes them; tests compare against them).
    public init(name: String, createdAt: String, revokedAt: String?) {
        self.name = name
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

/// An approved photo of a toilet.
public struct ToiletPhoto: Sendable, Equatable {
    /// The contribution that brought it.
    public var contribution: ContributionID
    /// The photo.
    public var photo: PhotoReference
    /// When it was approved, RFC 3339 in UTC.
    public var approvedAt: String

    /// Creates a value (the store makes them; tests compare against them).
    public init(contribution: ContributionID, photo: PhotoReference, approvedAt: String) {
        self.contribution = contribution
        self.photo = photo
        self.approvedAt = approvedAt
    }
}
