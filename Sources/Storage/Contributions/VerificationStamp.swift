import Contract
import Contributions
import Foundation
internal import GRDB
import Places

/// The verification columns of `toilets` (`verified_at`, `verified_by`, `hours_verified_at`,
/// `hours_verified_by`): derived from the evidence (`Verification.judge`) by the writes that
/// bring it, inside their transaction, so every reader (the derived files, the contract, the
/// `toilets_active` view) has it. A first load stamps each record from its own evidence as it
/// is staged (`ToiletRecord.stamped`); a merge re-judges every record it staged (a release
/// re-states the unchanged ones too) with the approved contributions on it; a review decision
/// re-judges its toilet. Evidence is never stored beside the database: the release day per
/// record (`source_released`), the OSM dates (attributes) and the contributions are all rows.
enum VerificationStamp {
    /// The columns a judgement writes, in `judged`'s order.
    static let columns = [
        ToiletColumn.verifiedAt, .verifiedBy, .hoursVerifiedAt, .hoursVerifiedBy,
    ].map(\.rawValue)

    /// The four column values of a judgement: the instants in UTC, the sources' words.
    static func judged(_ v: Verification) -> [String?] {
        [
            v.place.map { InstantText.utc($0.at) }, v.place?.by.rawValue, v.hours.map { InstantText.utc($0.at) },
            v.hours?.by.rawValue,
        ]
    }

    /// After a merge: every active record the staging held takes its staged release day
    /// (unchanged records were not copied; a run that states no release leaves an unchanged
    /// record the release that carried it, a changed one none), then is judged anew.
    /// `notAfter` is the run's start.
    static func afterMerge(_ db: Database, dataset: String, notAfter: Date) throws {
        try db.execute(
            sql: """
                UPDATE toilets SET source_released = s.source_released FROM staging AS s
                WHERE toilets.dataset = ? AND toilets.source_id = s.source_id
                  AND s.source_released IS NOT NULL AND toilets.source_released IS NOT s.source_released
                """, arguments: [dataset])
        try refresh(
            db, where: "t.dataset = ? AND t.status = 'active' AND t.source_id IN (SELECT source_id FROM temp.staging)",
            [dataset], dataset: dataset, notAfter: notAfter)
    }

    /// After a review decision on `target`: it is judged anew, its source's dates bounded by
    /// the start of the dataset's newest ingest, as that run bounded them.
    static func afterDecision(_ db: Database, _ target: PlaceTarget) throws {
        try refresh(
            db, where: "t.dataset = ? AND t.source_id = ?", [target.dataset, target.sourceID], dataset: target.dataset,
            only: target.sourceID, notAfter: try newestIngest(db, dataset: target.dataset))
    }

    /// The start of `dataset`'s newest ingest run (not a review's), or the distant past when
    /// there is none (the community dataset's toilets have no source dates).
    static func newestIngest(_ db: Database, dataset: String) throws -> Date {
        let newest = try String.fetchOne(
            db, sql: "SELECT max(started_at) FROM ingest_runs WHERE kind = 'toilets' AND dataset = ? AND pipeline <> 'review'",
            arguments: [dataset])
        return newest.flatMap(InstantText.instant) ?? .distantPast
    }

    /// The migration that adds the columns: the two new OSM dates are read from each record's
    /// stored tags (`survey:date`, `check_date:opening_hours`: the `osm` profile's), then every
    /// active record is judged from what it holds (its OSM dates, the contributions on it),
    /// bounded by its dataset's newest ingest. Release days are not guessed: each dataset's
    /// come with its next ingest.
    static func migrate(_ db: Database) throws {
        for a in [ToiletAttribute.surveyDate, .checkDateOpeningHours] {
            guard let tag = a.osmTag else { continue }
            try db.execute(
                sql: """
                    UPDATE toilets SET \(a.key) = nullif(trim(json_extract(properties, ?)), '')
                    WHERE json_valid(properties) AND json_type(properties, ?) = 'text'
                    """, arguments: ["$.\"\(tag)\"", "$.\"\(tag)\""])
        }
        for dataset in try String.fetchAll(db, sql: "SELECT DISTINCT dataset FROM toilets WHERE status = 'active'") {
            try refresh(
                db, where: "t.dataset = ? AND t.status = 'active'", [dataset], dataset: dataset,
                notAfter: try newestIngest(db, dataset: dataset))
        }
    }

    /// Judges the toilets `condition` selects (alias `t`, all of `dataset`; with `only`, that
    /// one toilet) and writes the judgements that differ from the stored ones. The evidence is
    /// read for the dataset, or with `only` for that toilet alone (a decision's).
    private static func refresh(
        _ db: Database, where condition: String, _ arguments: [(any DatabaseValueConvertible)?], dataset: String,
        only: String? = nil, notAfter: Date
    ) throws {
        let community = try evidence(db, dataset: dataset, only: only)
        let replacedHours = Set(
            try String.fetchAll(
                db,
                sql: """
                    SELECT source_id FROM overrides WHERE dataset = ? AND field = 'hours' AND conflict_run IS NULL
                      AND (? IS NULL OR source_id = ?)
                    """, arguments: [dataset, only, only]))
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT t.id, t.source_id, t.source_released, t.\(ToiletAttribute.checkDate.key) AS check_date,
                  t.\(ToiletAttribute.surveyDate.key) AS survey_date,
                  t.\(ToiletAttribute.checkDateOpeningHours.key) AS hours_check_date, t.timezone, t.hours_text,
                  t.hours_osm, \(columns.map { "t.\($0)" }.joined(separator: ", "))
                FROM toilets t WHERE \(condition)
                """, arguments: StatementArguments(arguments))
        // Judged while the cursor reads; written after it (a statement may not change the
        // table under an open cursor's feet): only the rows whose judgement changed are kept.
        var changed: [(Int64, [String?])] = []
        let days = VerificationDays()
        while let row = try rows.next() {
            let id: String = row["source_id"]
            let hoursText: String? = row["hours_text"]
            let hoursOSM: String? = row["hours_osm"]
            let named = (community[id] ?? []).map { c in
                CommunityEvidence(
                    at: c.at, by: c.by,
                    vouchesForHours: c.hours.map { $0.text == (hoursText ?? hoursOSM) && $0.osm == hoursOSM } ?? false)
            }
            let verification = Verification.judge(
                sourceReleased: row["source_released"], checkDate: row["check_date"], surveyDate: row["survey_date"],
                hoursCheckDate: row["hours_check_date"], timeZone: row["timezone"],
                hasHours: hoursText != nil || hoursOSM != nil, hoursAreTheSource: !replacedHours.contains(id),
                community: named, notAfter: notAfter, days: days)
            let values = judged(verification)
            let stored: [String?] = columns.map { row[$0] }
            if values != stored { changed.append((row["id"], values)) }
        }
        let update = try db.makeStatement(
            sql: "UPDATE toilets SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?")
        for (id, values) in changed { try update.execute(arguments: StatementArguments(values + [id])) }
    }

    /// A contribution as evidence: when it was received, what it is, the hours it named.
    private struct Named {
        var at: Date
        var by: VerificationSource
        var hours: (text: String, osm: String?)?
    }

    /// The evidence of the approved (or since superseded) contributions on `dataset`'s
    /// toilets, by source id: every kind but a report that the toilet is gone or closed, and
    /// never one pending or rejected. A new toilet's contribution is evidence for the toilet it
    /// became.
    private static func evidence(_ db: Database, dataset: String, only: String?) throws -> [String: [Named]] {
        let decided = "(\(ContributionRow.statusCondition(.approved)) OR \(ContributionRow.statusCondition(.superseded)))"
        let retiring = ReportReason.allCases.filter(\.retires).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        var condition = "c.target_dataset = ? AND (? IS NULL OR c.target_id = ?)"
        var arguments: [(any DatabaseValueConvertible)?] = [dataset, only, only]
        // A community toilet's own contribution is the `new` one that made it, which its
        // approval names.
        if dataset == LocateStore.communityDataset {
            condition = """
                ((\(condition)) OR (c.kind = 'new' AND (? IS NULL OR EXISTS (SELECT 1 FROM contribution_decisions d
                  WHERE d.contribution = c.id AND d.created_dataset = ? AND d.created_id = ?))))
                """
            arguments += [only, dataset, only]
        }
        let found = try ContributionRow.fetchStored(
            db, where: "\(condition) AND \(decided) AND (c.report IS NULL OR c.report NOT IN (\(retiring)))", arguments)
        var out: [String: [Named]] = [:]
        for c in found {
            guard let place = c.target ?? c.created, place.dataset == dataset, only.map({ $0 == place.sourceID }) ?? true,
                let at = InstantText.instant(c.receivedAt)
            else { continue }
            let by: VerificationSource = c.report?.confirms == true ? .confirmation : .contribution
            out[place.sourceID, default: []].append(
                Named(at: at, by: by, hours: c.proposed.hours.map { ($0.text, $0.osm) }))
        }
        return out
    }
}
