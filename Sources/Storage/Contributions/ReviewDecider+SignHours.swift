import Contributions
import Foundation
internal import GRDB

extension ReviewDecider {
    /// Approves photo `id` of an hours sign and makes `hours` an edit of the toilet's hours of
    /// its own (naming the photo, with the note "hours from the sign on photo #ID"), approved
    /// at once by the same reviewer: two runs, the photo's and the edit's. The hours must read
    /// as opening hours.
    static func approve(_ db: Database, _ id: ContributionID, reviewer: String, at: Date, hours: HoursFromSign) throws
        -> ReviewOutcome
    {
        let c = try decidable(db, id)
        guard c.kind == .photo, c.photo?.kind == .hoursSign, let target = c.target, c.status == .pending else {
            throw StorageError.invalidContribution(
                field: "hours", reason: "only a pending photo of an hours sign gives hours (#\(id) is not one)")
        }
        let text: String
        switch hours {
        case .accept:
            guard let suggestion = try SignReadingRow.of(db, id)?.suggestion else {
                throw StorageError.invalidContribution(
                    field: "hours", reason: "photo #\(id) has no suggested hours: give the hours read from it")
            }
            text = suggestion
        case .edit(let given):
            text = given.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let proposed = ProposedHours(reading: text)
        guard proposed.osm != nil else {
            throw StorageError.invalidContribution(
                field: "hours", reason: "'\(text)' does not read as opening hours (write them as opening_hours)")
        }
        var outcome = try approve(db, id, reviewer: reviewer, at: at)
        let edit = NewContribution(
            kind: .edit, target: target, proposed: ProposedValues(hours: proposed), fromPhoto: id,
            note: "hours from the sign on photo #\(id)", receivedAt: at)
        try ContributionRules.check(edit)
        try ContributionRow(edit).insert(db)
        let editID = db.lastInsertedRowID
        let applied = try approve(db, editID, reviewer: reviewer, at: at)
        outcome.run = applied.run
        outcome.applied = applied.applied
        outcome.superseded = applied.superseded
        outcome.hoursEdit = editID
        return outcome
    }
}
