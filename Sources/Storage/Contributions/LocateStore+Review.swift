import Contract
public import Contributions
import Digests
public import Foundation
internal import GRDB
import Geo
import Hours
import Places

extension LocateStore {
    /// Approves a pending contribution, or approves again an approved one in conflict (its
    /// edit then replaces the source's new value, which becomes the value it replaced), and
    /// applies it in one transaction: an edit or report overrides the stored fields (keeping
    /// the source values they replace), a `gone` / `closed_for_good` report retires the
    /// record, a new toilet becomes a row of the `community` dataset, a photo is listed on the
    /// toilet. Every change is a run of its own (pipeline `review`, dataset `community`, the
    /// community licence), so the data version, caches and `updates` follow.
    ///
    /// With `hours`, a photo of an hours sign is approved and the hours (its suggestion, or
    /// the maintainer's own) become an edit of the toilet's hours of their own, naming the
    /// photo (`fromPhoto`) and approved at once: `ReviewOutcome.hoursEdit`.
    public func approve(id: ContributionID, reviewer: String, at: Date, hours: HoursFromSign? = nil) throws
        -> ReviewOutcome
    {
        try write { db in
            guard let hours else { return try ReviewDecider.approve(db, id, reviewer: reviewer, at: at) }
            return try ReviewDecider.approve(db, id, reviewer: reviewer, at: at, hours: hours)
        }
    }

    /// Rejects a pending contribution (nothing of it was applied), or drops an approved one
    /// in conflict: the source's new values stay, and fields of it that were not in conflict
    /// go back to the source values they replaced (a run of its own). `reason` is required.
    public func reject(id: ContributionID, reviewer: String, reason: String, at: Date) throws -> ReviewOutcome {
        guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StorageError.invalidContribution(field: "reason", reason: "a rejection needs a reason")
        }
        return try write { db in
            let c = try ReviewDecider.decidable(db, id)
            var run: Int64?
            let overrides = try OverrideRow.fetchAll(
                db, sql: "SELECT * FROM overrides WHERE contribution = ? ORDER BY id", arguments: [id])
            var reverted: [ToiletField] = []
            if !overrides.isEmpty {
                var runRow: IngestRunRow?
                for o in overrides {
                    if o.conflictRun == nil {
                        if runRow == nil { runRow = try ReviewDecider.startRun(db, c, at: at) }
                        let replaced = try ContributionRow.decode([String: FieldValue].self, o.replaced)
                        if o.field == ToiletField.status.rawValue {
                            try ReviewDecider.setStatus(db, o.target, .active, run: runRow?.id ?? 0)
                        } else {
                            try OverrideStore.write(db, o.target, replaced, run: runRow?.id ?? 0)
                        }
                        reverted.append(ToiletField(rawValue: o.field) ?? .status)
                    }
                    try o.delete(db)
                }
                if var r = runRow {
                    try ReviewDecider.finishRun(
                        db, &r, counts: MergeCounts(added: 0, updated: 1, unchanged: 0, retired: 0), at: at)
                    run = r.id
                }
            }
            try DecisionRow(
                id: nil, contribution: id, decision: DecisionKind.reject.rawValue, reviewer: reviewer, reason: reason,
                decidedAt: InstantText.utc(at), run: run, createdDataset: nil, createdID: nil
            ).insert(db)
            if let t = c.target { try VerificationStamp.afterDecision(db, t) }
            return ReviewOutcome(
                id: id, status: .rejected, run: run.map(Int.init), applied: reverted, place: c.target, superseded: [])
        }
    }
}

/// The steps of approving and rejecting, inside the caller's transaction.
enum ReviewDecider {
    /// Approves contribution `id` and applies it (`LocateStore.approve`).
    static func approve(_ db: Database, _ id: ContributionID, reviewer: String, at: Date) throws -> ReviewOutcome {
        let c = try ReviewDecider.decidable(db, id)
        if let t = c.target { try ContributionRules.requireActive(db, t) }
        var runRow = try ReviewDecider.startRun(db, c, at: at)
        let run = runRow.id ?? 0
        var counts = MergeCounts(added: 0, updated: 0, unchanged: 0, retired: 0)
        var applied: [ToiletField] = []
        var superseded: [ContributionID] = []
        var place = c.target
        var created: PlaceTarget?
        switch c.kind {
        case .new:
            created = try ReviewDecider.createCommunityToilet(db, c, run: run)
            place = created
            counts.added = 1
        case .photo:
            if let t = c.target { try OverrideStore.write(db, t, [:], run: run) }
            counts.updated = 1
        case .edit, .report:
            guard let t = c.target else { break }
            // Approved again (a conflict): only the fields it still owns; a field a newer
            // approved contribution took over stays as that one left it.
            let owned = try c.status == .approved ? ReviewDecider.ownedFields(db, c.id) : nil
            for field in ContributionRules.fields(of: c) where owned?.contains(field) ?? true {
                if let old = try ReviewDecider.override(db, c, t, field, run: run, reviewer: reviewer, at: at) {
                    superseded.append(old)
                }
                applied.append(field)
            }
            // A confirmation changes no field: the toilet is marked changed, as for a photo,
            // so its new verification reaches `updates` and the caches.
            if applied.isEmpty { try OverrideStore.write(db, t, [:], run: run) }
            if applied == [.status] { counts.retired = 1 } else { counts.updated = 1 }
        }
        try DecisionRow(
            id: nil, contribution: id, decision: DecisionKind.approve.rawValue, reviewer: reviewer, reason: nil,
            decidedAt: InstantText.utc(at), run: run, createdDataset: created?.dataset, createdID: created?.sourceID
        ).insert(db)
        if let place { try VerificationStamp.afterDecision(db, place) }
        try ReviewDecider.finishRun(db, &runRow, counts: counts, at: at)
        return ReviewOutcome(
            id: id, status: .approved, run: Int(run), applied: applied, place: place, superseded: superseded)
    }

    /// The contribution, when it can be decided now.
    static func decidable(_ db: Database, _ id: ContributionID) throws -> StoredContribution {
        guard let c = try ContributionRow.fetchStored(db, where: "c.id = ?", [id]).first else {
            throw StorageError.noSuchContribution(id: id)
        }
        guard c.status == .pending || (c.status == .approved && c.inConflict) else {
            throw StorageError.cannotDecide(id: id, status: c.status.rawValue)
        }
        return c
    }

    /// The run row of a review change: pipeline `review`, dataset `community`, the
    /// contribution's stored proposal digested as its source.
    static func startRun(_ db: Database, _ c: StoredContribution, at: Date) throws -> IngestRunRow {
        let start = IngestRunStart(
            pipeline: "review", dataset: LocateStore.communityDataset, source: "contribution #\(c.id)",
            licence: LocateStore.communityLicence, attribution: LocateStore.communityAttribution, startedAt: at)
        return try LocateStore.startRun(db, start, kind: PlaceKind.toilets.rawValue, sourceCRS: CRS.wgs84.description)
    }

    static func finishRun(_ db: Database, _ row: inout IngestRunRow, counts: MergeCounts, at: Date) throws {
        var hasher = SHA256Hasher()
        hasher.update(Array("\(row.source) \(row.startedAt) \(counts)".utf8))
        let totals = StagingTotals(
            read: 1, rejected: 0, warnings: 0, sourceCRS: CRS.wgs84, operation: nil,
            sourceSHA256: hasher.finalize().hexString)
        _ = try LocateStore.finishRun(db, &row, totals: totals, accepted: 1, counts: counts, at: at)
    }

    /// The fields whose override belongs to contribution `id`.
    static func ownedFields(_ db: Database, _ id: ContributionID) throws -> Set<ToiletField> {
        Set(
            try String.fetchAll(db, sql: "SELECT field FROM overrides WHERE contribution = ?", arguments: [id])
                .compactMap(ToiletField.init(rawValue:)))
    }

    static func setStatus(_ db: Database, _ t: PlaceTarget, _ status: PlaceStatus, run: Int64) throws {
        try db.execute(
            sql: "UPDATE toilets SET status = ?, changed_run = ? WHERE dataset = ? AND source_id = ?",
            arguments: [status.rawValue, run, t.dataset, t.sourceID])
    }

    /// Applies one field of an approved edit or report and records the override. Returns the
    /// contribution it superseded (an earlier approved one on the same field that has no
    /// other field applied), if any.
    static func override(
        _ db: Database, _ c: StoredContribution, _ t: PlaceTarget, _ field: ToiletField, run: Int64, reviewer: String,
        at: Date
    ) throws -> ContributionID? {
        let current = try OverrideStore.values(db, t, columns: field.columns)
        let existing = try OverrideRow.fetchOne(
            db, sql: "SELECT * FROM overrides WHERE dataset = ? AND source_id = ? AND field = ?",
            arguments: [t.dataset, t.sourceID, field.rawValue])
        // The source value it replaces: the one the field's applied override replaced (the
        // source still agrees with it; also when this contribution is approved again for a
        // conflict in another of its fields), or what is stored now (the source's new value,
        // after a conflict in this field).
        var replaced = current
        var superseded: ContributionID?
        if let existing {
            if existing.conflictRun == nil {
                replaced = try ContributionRow.decode([String: FieldValue].self, existing.replaced)
            }
            try existing.delete(db)
            if existing.contribution != c.id,
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM overrides WHERE contribution = ?", arguments: [existing.contribution])
                    == 0
            {
                try DecisionRow(
                    id: nil, contribution: existing.contribution, decision: DecisionKind.supersede.rawValue,
                    reviewer: reviewer, reason: "replaced by contribution #\(c.id)", decidedAt: InstantText.utc(at), run: run,
                    createdDataset: nil, createdID: nil
                ).insert(db)
                superseded = existing.contribution
            }
        }
        let value = ContributionRules.values(of: c, field, current: current)
        if field == .status {
            try setStatus(db, t, .retired, run: run)
        } else {
            try OverrideStore.write(db, t, value, run: run)
        }
        try OverrideRow(
            id: nil, dataset: t.dataset, sourceID: t.sourceID, field: field.rawValue, value: try ContributionRow.json(value),
            replaced: try ContributionRow.json(replaced), contribution: c.id, conflictRun: nil, sourceValue: nil
        ).insert(db)
        return superseded
    }

    /// Makes an approved new toilet a row of the community dataset (`c1`, `c2`, …), with the
    /// time zone and country of the nearest active toilet (for its hours and holidays).
    static func createCommunityToilet(_ db: Database, _ c: StoredContribution, run: Int64) throws -> PlaceTarget {
        guard let at = c.proposed.coordinate else {
            throw StorageError.invalidContribution(field: "position", reason: "a new toilet needs a position")
        }
        let k = pow(cos(at.latitude * .pi / 180), 2)
        guard
            let near = try Row.fetchOne(
                db,
                sql: """
                    SELECT timezone, country FROM toilets WHERE \(PlaceStatus.isActive())
                    ORDER BY (lat - ?) * (lat - ?) + (lon - ?) * (lon - ?) * ?, id LIMIT 1
                    """, arguments: [at.latitude, at.latitude, at.longitude, at.longitude, k])
        else {
            throw StorageError.invalidContribution(
                field: "position", reason: "no active toilet to take the time zone from (ingest data first)")
        }
        let number =
            (try Int.fetchOne(
                db, sql: "SELECT coalesce(max(CAST(substr(source_id, 2) AS INTEGER)), 0) + 1 FROM toilets WHERE dataset = ?",
                arguments: [LocateStore.communityDataset])) ?? 1
        let p = c.proposed
        let properties = "{\"contribution\":\(c.id)}"
        var fingerprint = ContentHash()
        fingerprint.addText(properties)
        let record = ToiletRecord(
            sourceID: "c\(number)", name: p.name, address: nil, hoursText: p.hours?.text, hoursOSM: p.hours?.osm,
            hoursStatus: p.hours?.status ?? .missing, country: near["country"], priceText: p.price?.text,
            priceAmount: p.price?.amount, priceCurrency: p.price?.currency, isFree: p.price?.isFree,
            wheelchair: p.wheelchair ?? .unknown, kind: nil, locationDetail: nil, timeZone: near["timezone"],
            propertiesJSON: properties, propertiesFingerprint: fingerprint.hex, coordinate: at,
            details: ToiletDetails(access: p.access ?? .unknown))
        let stager = try PlaceStager(db: db, kind: .toilets, direct: (LocateStore.communityDataset, run))
        _ = try stager.stage(record, index: number, matchKey: nil)
        return PlaceTarget(dataset: LocateStore.communityDataset, sourceID: record.sourceID)
    }
}
