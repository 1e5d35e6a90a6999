import Contributions
import Foundation
internal import GRDB
import Hours

extension MergeCounts {
    /// These counts with `n` more unchanged records.
    func addingUnchanged(_ n: Int) -> MergeCounts {
        MergeCounts(added: added, updated: updated, unchanged: unchanged + n, retired: retired, reactivated: reactivated)
    }
}

/// What a re-ingest does with approved contributions (inside the ingest's transaction).
enum ContributionMerge {
    /// The reviewer a re-ingest's decisions are recorded under.
    static let reviewer = "locate ingest"

    /// Before the merge: a toilet retired by an approved report stays retired when the input
    /// brings it unchanged (its staged record is dropped from the merge and counted as
    /// unchanged). Returns how many were kept.
    static func keepRetirements(_ db: Database, dataset: String) throws -> Int {
        try db.execute(
            sql: """
                DELETE FROM staging WHERE EXISTS (
                  SELECT 1 FROM toilets t JOIN overrides o ON o.dataset = t.dataset AND o.source_id = t.source_id
                  WHERE t.dataset = ? AND t.source_id = staging.source_id AND o.field = 'status'
                    AND t.status = 'retired' AND t.content_hash = staging.content_hash)
                """, arguments: [dataset])
        return db.changesCount
    }

    /// After the merge, for the toilets `run` changed that carry approved contributions: a
    /// retirement the source undid (it changed the record) is superseded; an edit whose field
    /// the source still holds as it was (or holds again, after a conflict) is applied again;
    /// one whose field the source changed keeps the source's new value and becomes a conflict
    /// (unless the source now says what the edit said); a conflict whose source value changed
    /// again records the new one (and counts again); an edit of a toilet the run retired (the
    /// source dropped it or gave it a new id) becomes a conflict with source value `{}`.
    /// Returns the conflicts this run found.
    static func reconcile(_ db: Database, dataset: String, run: Int64) throws -> Int {
        let at = try String.fetchOne(db, sql: "SELECT started_at FROM ingest_runs WHERE id = ?", arguments: [run]) ?? ""
        var conflicts = 0
        for var o in try changedOverrides(db, dataset: dataset, run: run, status: "retired") where o.field != "status" {
            o.conflictRun = run
            o.sourceValue = "{}"
            try o.update(db)
            conflicts += 1
        }
        for var o in try changedOverrides(db, dataset: dataset, run: run, status: "active") {
            guard let field = ToiletField(rawValue: o.field) else { continue }
            if field == .status {
                try o.delete(db)
                try DecisionRow(
                    id: nil, contribution: o.contribution, decision: DecisionKind.supersede.rawValue, reviewer: reviewer,
                    reason: "the source changed the record in run \(run)", decidedAt: at, run: run, createdDataset: nil,
                    createdID: nil
                ).insert(db)
                continue
            }
            let source = try OverrideStore.values(db, o.target, columns: field.columns)
            let replaced = try ContributionRow.decode([String: FieldValue].self, o.replaced)
            let value = try ContributionRow.decode([String: FieldValue].self, o.value)
            let known = try o.sourceValue.map { try ContributionRow.decode([String: FieldValue].self, $0) }
            func same(_ a: [String: FieldValue], _ b: [String: FieldValue]) -> Bool {
                field.keyColumns.allSatisfy { a[$0] == b[$0] }
            }
            if same(source, replaced) {
                try OverrideStore.write(db, o.target, value, run: run)
                o.conflictRun = nil
                o.sourceValue = nil
            } else if same(source, value) {
                o.replaced = try ContributionRow.json(source)
                o.conflictRun = nil
                o.sourceValue = nil
            } else if o.conflictRun == nil || known.map({ !same(source, $0) }) ?? true {
                o.conflictRun = run
                o.sourceValue = try ContributionRow.json(source)
                conflicts += 1
            }
            try o.update(db)
        }
        return conflicts
    }

    /// The overrides of `dataset`'s toilets that `run` changed and left with `status`.
    static func changedOverrides(_ db: Database, dataset: String, run: Int64, status: String) throws -> [OverrideRow] {
        try OverrideRow.fetchAll(
            db,
            sql: """
                SELECT o.* FROM overrides o JOIN toilets t ON t.dataset = o.dataset AND t.source_id = o.source_id
                WHERE o.dataset = ? AND t.changed_run = ? AND t.status = ?
                ORDER BY o.id
                """, arguments: [dataset, run, status])
    }
}
