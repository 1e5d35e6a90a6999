import Contract
public import Contributions
public import Foundation
internal import GRDB
public import Geo
import Hours
public import Places

extension LocateStore {
    /// The dataset approved new toilets join, with its own ids (`c1`, `c2`, …).
    public static let communityDataset = "community"
    /// The community dataset's licence (SPDX id), carried by every run that changes data from
    /// a contribution.
    public static let communityLicence = "ODbL-1.0"
    /// The attribution the community licence requires.
    public static let communityAttribution = "© locate contributors"

    /// The folder stored photos live in: beside the database, `<db>.photos`.
    public static func photoFolder(forDatabase path: String) -> String { path + ".photos" }

    /// Stores a contribution as received (status `pending`) and returns its number. Checks
    /// what the store can check: the kind's required parts and that the target toilet
    /// exists (retired targets are refused too). An `hours_right` report names the toilet's
    /// hours now, the hours it confirms (`Verification`): hours given with it (those the person
    /// saw) must be those; a toilet without hours has none to confirm.
    public func submit(_ c: NewContribution) throws -> ContributionID {
        try ContributionRules.check(c)
        return try write { db in
            if let t = c.target { try ContributionRules.requireActive(db, t) }
            var c = c
            if c.report == .hoursRight, let t = c.target {
                let now = try OverrideStore.values(db, t, columns: ["hours_text", "hours_osm", "hours_status"])
                func text(_ column: String) -> String? {
                    if case .text(let s)? = now[column] { return s }
                    return nil
                }
                guard let hours = text("hours_text") ?? text("hours_osm") else {
                    throw ContributionRules.invalid("reason", "toilet \(t.globalID) has no opening hours to confirm")
                }
                // The hours the person saw, when given, must be the toilet's now.
                if let seen = c.proposed.hours?.text, seen != hours {
                    throw ContributionRules.invalid(
                        "hours_text", "the toilet's hours are now '\(hours)', not '\(seen)': look at them again")
                }
                c.proposed.hours = ProposedHours(
                    text: hours, osm: text("hours_osm"),
                    status: text("hours_status").flatMap(HoursStatus.init(rawValue:)) ?? .unknown)
            }
            let row = try ContributionRow(c)
            try row.insert(db)
            let id = db.lastInsertedRowID
            if let reading = c.signReading { try SignReadingRow(reading, contribution: id).insert(db) }
            return id
        }
    }

    /// How many contributions a client (by its salted hash) sent since `since`.
    public func recentContributions(clientHash: String, since: Date) throws -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM contributions WHERE client_hash = ? AND received_at >= ?",
                arguments: [clientHash, InstantText.utc(since)]) ?? 0
        }
    }

    /// Contributions, oldest first, filtered by status and kind, at most `limit`.
    public func contributions(
        status: ContributionStatus? = nil, kind: ContributionKind? = nil, limit: Int? = nil, offset: Int = 0
    ) throws -> [StoredContribution] {
        try read { db in
            let condition = "(? IS NULL OR c.kind = ?)" + (status.map { " AND " + ContributionRow.statusCondition($0) } ?? "")
            return try ContributionRow.fetchStored(
                db, where: condition, [kind?.rawValue, kind?.rawValue], limit: limit, offset: offset)
        }
    }

    /// One contribution with its decisions, its target's current values for the fields it
    /// proposes, its overrides and its photo's path (in `photoFolder`, by default
    /// `photoFolder(forDatabase:)`); nil when there is none.
    public func contribution(id: ContributionID, photoFolder: String? = nil) throws -> ContributionDetail? {
        try read { db in
            guard let c = try ContributionRow.fetchStored(db, where: "c.id = ?", [id]).first else { return nil }
            let decisions = try DecisionRow.fetchAll(
                db, sql: "SELECT * FROM contribution_decisions WHERE contribution = ? ORDER BY id", arguments: [id])
            var current: [ToiletField: [String: FieldValue]] = [:]
            var active: Bool?
            if let t = c.target, let status = try OverrideStore.status(db, t) {
                active = status == PlaceStatus.active.rawValue
                for field in ContributionRules.shownFields(of: c) {
                    current[field] = try OverrideStore.values(db, t, columns: field.columns)
                }
            }
            let overrides = try OverrideStore.overrides(db, contribution: id)
            let photoPath = c.photo.map { (photoFolder ?? LocateStore.photoFolder(forDatabase: path)) + "/" + $0.file }
            return ContributionDetail(
                contribution: c, decisions: decisions.map(\.publicForm), current: current, targetActive: active,
                overrides: overrides, photoPath: photoPath, signReading: try SignReadingRow.of(db, c.fromPhoto ?? c.id))
        }
    }

    /// The approved edits a re-ingest found changed at the source: the source's new value is
    /// in the data; a maintainer approves the edit again or rejects it (drops it).
    public func conflicts() throws -> [AppliedOverride] {
        try read { db in try OverrideStore.conflicts(db) }
    }

    /// The approved photos of a toilet, oldest first.
    public func photos(of target: PlaceTarget) throws -> [ToiletPhoto] {
        try read { db in
            let rows = try ContributionRow.fetchStored(
                db,
                where: "c.kind = 'photo' AND c.target_dataset = ? AND c.target_id = ? AND "
                    + ContributionRow.statusCondition(.approved), [target.dataset, target.sourceID])
            return try rows.compactMap { c in
                guard let photo = c.photo else { return nil }
                let at = try String.fetchOne(
                    db,
                    sql: "SELECT decided_at FROM contribution_decisions WHERE contribution = ? ORDER BY id DESC LIMIT 1",
                    arguments: [c.id])
                return ToiletPhoto(contribution: c.id, photo: photo, approvedAt: at ?? c.receivedAt)
            }
        }
    }

    /// Active toilets within `radiusMeters` (geodesic) of `point`, nearest first: the
    /// duplicate check before a new toilet is accepted.
    public func activeToilets(within radiusMeters: Double, of point: Coordinate) throws -> [(
        toilet: StoredToilet, distanceMeters: Double
    )] {
        let (dLat, dLon) = LocateStore.searchBox(around: point, radiusMeters: radiusMeters)
        let ids = try read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT t.id FROM toilets t WHERE \(PlaceStatus.isActive("t")) AND t.id IN
                      (SELECT pkid FROM idx_toilets_geom WHERE xmin <= ? AND xmax >= ? AND ymin <= ? AND ymax >= ?)
                    """,
                arguments: [point.longitude + dLon, point.longitude - dLon, point.latitude + dLat, point.latitude - dLat])
        }
        let geodesic = Geodesic()
        return try toilets(rowIDs: ids).map { ($0, geodesic.distance(from: point, to: $0.coordinate)) }
            .filter { $0.1 <= radiusMeters }
            .sorted { ($0.1, $0.0.globalID) < ($1.1, $1.0.globalID) }
    }

    /// The nearest active toilet of any dataset within `radiusMeters` (geodesic) of
    /// `point`: its dataset and distance, or nil when there is none that close (nor any at
    /// all: see `hasActiveToilets`). The contribution area check: new positions must lie
    /// near existing data.
    public func nearestActiveToilet(to point: Coordinate, within radiusMeters: Double) throws -> (
        dataset: String, distanceMeters: Double
    )? {
        let (dLat, dLon) = LocateStore.searchBox(around: point, radiusMeters: radiusMeters)
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.dataset, t.lon, t.lat FROM toilets t WHERE \(PlaceStatus.isActive("t")) AND t.id IN
                      (SELECT pkid FROM idx_toilets_geom WHERE xmin <= ? AND xmax >= ? AND ymin <= ? AND ymax >= ?)
                    """,
                arguments: [point.longitude + dLon, point.longitude - dLon, point.latitude + dLat, point.latitude - dLat])
        }
        let geodesic = Geodesic()
        return
            rows
            .map { r -> (dataset: String, distanceMeters: Double) in
                (r["dataset"], geodesic.distance(from: point, to: Coordinate(latitude: r["lat"], longitude: r["lon"])))
            }
            .filter { $0.distanceMeters <= radiusMeters }
            .min { ($0.distanceMeters, $0.dataset) < ($1.distanceMeters, $1.dataset) }
    }

    /// Whether any toilet is active.
    public func hasActiveToilets() throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM toilets WHERE \(PlaceStatus.isActive()))") ?? false
        }
    }

    /// Half the height and width, in degrees, of an R*Tree search box that holds every point
    /// within `radiusMeters` (geodesic) of `point`, with a margin. A box that would cross ±180°
    /// or reach a pole takes every longitude (the geodesic filter after it keeps the right
    /// points), so a toilet 1 km across the antimeridian is found.
    static func searchBox(around point: Coordinate, radiusMeters: Double) -> (dLat: Double, dLon: Double) {
        let dLat = radiusMeters / 111_000 * 1.1 + 1e-7
        let dLon = dLat / max(cos(min(90, abs(point.latitude) + dLat) * .pi / 180), 1e-9)
        if point.longitude - dLon < -180 || point.longitude + dLon > 180 || abs(point.latitude) + dLat >= 90 {
            return (dLat, 360)
        }
        return (dLat, dLon)
    }
}
