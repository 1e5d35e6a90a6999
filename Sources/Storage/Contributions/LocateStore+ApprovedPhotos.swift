public import Contributions
import Foundation
internal import GRDB

extension LocateStore {
    /// The approved photos of every toilet at once, oldest first, by the toilet's global id
    /// (`dataset/source_id`): one query for a map's popups (`photos(of:)` answers one toilet).
    public func approvedPhotosByToilet() throws -> [String: [ToiletPhoto]] {
        try read { db in
            let rows = try ContributionRow.fetchStored(
                db, where: "c.kind = 'photo' AND c.target_dataset IS NOT NULL AND " + ContributionRow.statusCondition(.approved),
                [])
            var out: [String: [ToiletPhoto]] = [:]
            for c in rows {
                guard let photo = c.photo, let target = c.target else { continue }
                let at = try String.fetchOne(
                    db,
                    sql: "SELECT decided_at FROM contribution_decisions WHERE contribution = ? ORDER BY id DESC LIMIT 1",
                    arguments: [c.id])
                out[target.dataset + "/" + target.sourceID, default: []].append(
                    ToiletPhoto(contribution: c.id, photo: photo, approvedAt: at ?? c.receivedAt))
            }
            return out
        }
    }
}
