import Storage

// The maintainer endpoints answer with the documents `locate review … --json` prints
// (docs/schema/review-list, review-show, review-decision): the same keys, with explicit
// nulls. Maintainers' documents carry the contact and the client hash; no other answer does.

/// A contribution in `review-list/1` and `review-show/1`.
struct ContributionObject: Encodable {
    var c: StoredContribution

    init(_ c: StoredContribution) { self.c = c }

    func encode(to encoder: any Encoder) throws {
        var k = encoder.container(keyedBy: Keys.self)
        try k.encode(c.id, forKey: .id)
        try k.encode(c.kind.rawValue, forKey: .kind)
        try k.encode(c.target?.globalID, forKey: .target)
        try k.encode(c.report?.rawValue, forKey: .report)
        try k.encode(c.proposed, forKey: .proposed)
        try k.encode(c.photo, forKey: .photo)
        try k.encode(c.note, forKey: .note)
        try k.encode(c.contact, forKey: .contact)
        try k.encode(c.clientHash, forKey: .clientHash)
        try k.encode(c.receivedAt, forKey: .receivedAt)
        try k.encode(c.status.rawValue, forKey: .status)
        try k.encode(c.inConflict, forKey: .inConflict)
        try k.encode(c.created?.globalID, forKey: .created)
    }

    private enum Keys: String, CodingKey {
        case id, kind, target, report, proposed, photo, note, contact, clientHash = "client_hash"
        case receivedAt = "received_at", status, inConflict = "in_conflict", created
    }
}

/// `review-list/1`.
struct ReviewListDocument: Encodable {
    let schema = "review-list/1"
    var contributions: [ContributionObject]
}

/// `review-show/1`: the contribution, its decisions, the target's current values of the
/// fields it proposes, the overrides it applied and its photo's path.
struct ReviewShowDocument: Encodable {
    var detail: ContributionDetail

    init(_ detail: ContributionDetail) { self.detail = detail }

    func encode(to encoder: any Encoder) throws {
        var k = encoder.container(keyedBy: Keys.self)
        try k.encode("review-show/1", forKey: .schema)
        try k.encode(ContributionObject(detail.contribution), forKey: .contribution)
        try k.encode(detail.decisions.map(Decision.init), forKey: .decisions)
        try k.encode(
            Dictionary(uniqueKeysWithValues: detail.current.map { ($0.key.rawValue, $0.value) }), forKey: .current)
        try k.encode(detail.targetActive, forKey: .targetActive)
        try k.encode(detail.overrides.map(Override.init), forKey: .overrides)
        try k.encode(detail.photoPath, forKey: .photoPath)
    }

    private enum Keys: String, CodingKey {
        case schema, contribution, decisions, current, targetActive = "target_active", overrides, photoPath = "photo_path"
    }

    private struct Decision: Encodable {
        var d: ContributionDecision
        init(_ d: ContributionDecision) { self.d = d }

        func encode(to encoder: any Encoder) throws {
            var k = encoder.container(keyedBy: Keys.self)
            try k.encode(d.decision.rawValue, forKey: .decision)
            try k.encode(d.reviewer, forKey: .reviewer)
            try k.encode(d.reason, forKey: .reason)
            try k.encode(d.decidedAt, forKey: .decidedAt)
            try k.encode(d.run, forKey: .run)
        }

        private enum Keys: String, CodingKey { case decision, reviewer, reason, decidedAt = "decided_at", run }
    }

    private struct Override: Encodable {
        var o: AppliedOverride
        init(_ o: AppliedOverride) { self.o = o }

        func encode(to encoder: any Encoder) throws {
            var k = encoder.container(keyedBy: Keys.self)
            try k.encode(o.contribution, forKey: .contribution)
            try k.encode(o.target.globalID, forKey: .target)
            try k.encode(o.field.rawValue, forKey: .field)
            try k.encode(o.value, forKey: .value)
            try k.encode(o.replaced, forKey: .replaced)
            try k.encode(o.conflictRun, forKey: .conflictRun)
            try k.encode(o.sourceValue, forKey: .sourceValue)
        }

        private enum Keys: String, CodingKey {
            case contribution, target, field, value, replaced, conflictRun = "conflict_run", sourceValue = "source_value"
        }
    }
}

/// `review-decision/1`: what approving or rejecting did.
struct ReviewDecisionDocument: Encodable {
    var o: ReviewOutcome

    init(_ o: ReviewOutcome) { self.o = o }

    func encode(to encoder: any Encoder) throws {
        var k = encoder.container(keyedBy: Keys.self)
        try k.encode("review-decision/1", forKey: .schema)
        try k.encode(o.id, forKey: .id)
        try k.encode(o.status.rawValue, forKey: .status)
        try k.encode(o.run, forKey: .run)
        try k.encode(o.applied.map(\.rawValue), forKey: .applied)
        try k.encode(o.place?.globalID, forKey: .place)
        try k.encode(o.superseded, forKey: .superseded)
    }

    private enum Keys: String, CodingKey { case schema, id, status, run, applied, place, superseded }
}
