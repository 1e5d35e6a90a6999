import Contract
import Contributions
import Foundation
internal import GRDB
import Geo
import Hours

/// A row of `contributions` (append-only).
struct ContributionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "contributions"

    var id: Int64?
    var kind: String
    var targetDataset: String?
    var targetID: String?
    var report: String?
    var proposed: String
    var note: String?
    var photoSHA256: String?
    var photoKind: String?
    var photoFile: String?
    var contact: String?
    var clientHash: String?
    var receivedAt: String
    var fromPhoto: Int64?

    enum CodingKeys: String, CodingKey {
        case id, kind, targetDataset = "target_dataset", targetID = "target_id", report, proposed, note
        case photoSHA256 = "photo_sha256", photoKind = "photo_kind", photoFile = "photo_file", contact
        case clientHash = "client_hash", receivedAt = "received_at", fromPhoto = "from_photo"
    }

    init(_ c: NewContribution) throws {
        id = nil
        kind = c.kind.rawValue
        targetDataset = c.target?.dataset
        targetID = c.target?.sourceID
        report = c.report?.rawValue
        proposed = try ContributionRow.json(c.proposed)
        note = c.note
        photoSHA256 = c.photo?.sha256
        photoKind = c.photo?.kind.rawValue
        photoFile = c.photo?.file
        contact = c.contact
        clientHash = c.clientHash
        receivedAt = InstantText.utc(c.receivedAt)
        fromPhoto = c.fromPhoto
    }

    /// Compact JSON with sorted keys: the stored form of proposals and field values.
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONText.encoded(value), as: UTF8.self)
    }

    /// Decodes a stored JSON text.
    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// Contributions matching `condition` (on alias `c`), by id, with their derived status.
    static func fetchStored(
        _ db: Database, where condition: String, _ arguments: [(any DatabaseValueConvertible)?], limit: Int? = nil,
        offset: Int = 0
    ) throws -> [StoredContribution] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT c.*,
                  (SELECT decision FROM contribution_decisions d WHERE d.contribution = c.id ORDER BY d.id DESC LIMIT 1)
                    AS last_decision,
                  EXISTS (SELECT 1 FROM overrides o WHERE o.contribution = c.id AND o.conflict_run IS NOT NULL)
                    AS in_conflict,
                  (SELECT created_dataset FROM contribution_decisions d WHERE d.contribution = c.id
                     AND d.created_dataset IS NOT NULL ORDER BY d.id DESC LIMIT 1) AS created_dataset,
                  (SELECT created_id FROM contribution_decisions d WHERE d.contribution = c.id
                     AND d.created_id IS NOT NULL ORDER BY d.id DESC LIMIT 1) AS created_id
                FROM contributions c WHERE \(condition) ORDER BY c.id LIMIT \(limit.map { max(0, $0) } ?? -1) OFFSET \(max(0, offset))
                """, arguments: StatementArguments(arguments))
        return try rows.map { r in
            let row = try ContributionRow(row: r)
            let decision = (r["last_decision"] as String?).flatMap(DecisionKind.init(rawValue:))
            let status: ContributionStatus
            switch decision {
            case nil: status = .pending
            case .approve: status = .approved
            case .reject: status = .rejected
            case .supersede: status = .superseded
            }
            let created: PlaceTarget? = (r["created_dataset"] as String?).flatMap { ds in
                (r["created_id"] as String?).map { PlaceTarget(dataset: ds, sourceID: $0) }
            }
            return try row.stored(status: status, inConflict: r["in_conflict"], created: created)
        }
    }

    /// SQL true when contribution `c`'s derived status is `status`.
    static func statusCondition(_ status: ContributionStatus) -> String {
        let decision: DecisionKind
        switch status {
        case .pending: return "NOT EXISTS (SELECT 1 FROM contribution_decisions d WHERE d.contribution = c.id)"
        case .approved: decision = .approve
        case .rejected: decision = .reject
        case .superseded: decision = .supersede
        }
        return """
            (SELECT decision FROM contribution_decisions d WHERE d.contribution = c.id ORDER BY d.id DESC LIMIT 1) \
            = '\(decision.rawValue)'
            """
    }

    func stored(status: ContributionStatus, inConflict: Bool, created: PlaceTarget?) throws -> StoredContribution {
        let photo: PhotoReference? =
            if let photoSHA256, let photoFile, let k = photoKind.flatMap(PhotoKind.init(rawValue:)) {
                PhotoReference(sha256: photoSHA256, kind: k, file: photoFile)
            } else { nil }
        let target: PlaceTarget? = targetDataset.flatMap { ds in targetID.map { PlaceTarget(dataset: ds, sourceID: $0) } }
        return StoredContribution(
            id: id ?? 0, kind: ContributionKind(rawValue: kind) ?? .edit, target: target,
            report: report.flatMap(ReportReason.init(rawValue:)),
            proposed: try ContributionRow.decode(ProposedValues.self, proposed), photo: photo, note: note,
            contact: contact, clientHash: clientHash, receivedAt: receivedAt, status: status, inConflict: inConflict,
            created: created, fromPhoto: fromPhoto)
    }
}

/// A row of `contribution_decisions` (append-only).
struct DecisionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "contribution_decisions"

    var id: Int64?
    var contribution: Int64
    var decision: String
    var reviewer: String
    var reason: String?
    var decidedAt: String
    var run: Int64?
    var createdDataset: String?
    var createdID: String?

    enum CodingKeys: String, CodingKey {
        case id, contribution, decision, reviewer, reason, decidedAt = "decided_at", run
        case createdDataset = "created_dataset", createdID = "created_id"
    }

    /// The public form.
    var publicForm: ContributionDecision {
        ContributionDecision(
            decision: DecisionKind(rawValue: decision) ?? .supersede, reviewer: reviewer, reason: reason,
            decidedAt: decidedAt, run: run.map(Int.init))
    }
}
