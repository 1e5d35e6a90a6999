import Foundation
internal import GRDB
public import Places

/// A place's identity in its table and the runs that added and last changed it (what the
/// HTTP API's one-place answers and `updates` report).
public struct PlaceReference: Sendable, Equatable {
    /// The row id (`toilets(rowIDs:)`, `stations(rowIDs:)`).
    public var rowID: Int64
    /// The dataset.
    public var dataset: String
    /// The id within its dataset.
    public var sourceID: String
    /// Whether the place is active (retired places are never answered).
    public var isActive: Bool
    /// The run that first added it.
    public var firstRun: Int
    /// The run that last changed it (added, updated, retired or brought back).
    public var changedRun: Int
}

/// How a place changed after an instant (`updates?since=`).
public enum PlaceChange: String, Sendable, Equatable, CaseIterable {
    /// First added after the instant, and still active.
    case added
    /// Added before, changed after the instant, and active.
    case updated
    /// Retired after the instant.
    case retired
}

extension LocateStore {
    /// Whether every active place of `kind` is of one dataset (or there is none): then no two
    /// records are one place (`SamePlace`). Two index lookups (the first and the last
    /// dataset by the `(dataset, source_id)` index), not a scan.
    public func activePlacesAreOfOneDataset(_ kind: PlaceKind) throws -> Bool {
        try read { db in
            let first = "SELECT dataset FROM \(kind.table) WHERE \(PlaceStatus.isActive()) ORDER BY dataset"
            return try Bool.fetchOne(db, sql: "SELECT (\(first) LIMIT 1) IS (\(first) DESC LIMIT 1)") ?? true
        }
    }

    /// The data version: the store's id, its newest run and its data nonces (`DataNonce`).
    /// Any ingest and any change of places (also by another program) changes it, and a
    /// database made anew has another id.
    public func dataVersion() throws -> String { try read { db in try LocateStore.dataVersion(db) } }

    /// The places of `kind` whose source id is `sourceID` (in `dataset` when given), by
    /// dataset: active and retired alike.
    public func placeReferences(_ kind: PlaceKind, dataset: String?, sourceID: String) throws -> [PlaceReference] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, dataset, source_id, status, first_run, changed_run FROM \(kind.table)
                    WHERE source_id = ? AND (? IS NULL OR dataset = ?) ORDER BY dataset
                    """,
                arguments: [sourceID, dataset, dataset])
            return rows.map { r in
                PlaceReference(
                    rowID: r["id"], dataset: r["dataset"], sourceID: r["source_id"], isActive: r["status"] == "active",
                    firstRun: r["first_run"], changedRun: r["changed_run"])
            }
        }
    }

    /// The places of `kind` changed by runs that finished after `utc` (RFC 3339 in UTC,
    /// `2026-11-21T10:00:00Z`, the form runs are stored in), by dataset then source id.
    public func changes(_ kind: PlaceKind, finishedAfter utc: String) throws -> [(
        dataset: String, sourceID: String, change: PlaceChange
    )] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH recent AS (SELECT id FROM ingest_runs WHERE finished_at > ?)
                    SELECT dataset, source_id, status, first_run IN recent AS fresh FROM \(kind.table)
                    WHERE changed_run IN recent ORDER BY dataset, source_id
                    """,
                arguments: [utc])
            return rows.map { r in
                let change: PlaceChange =
                    r["status"] == "retired" ? .retired : (r["fresh"] as Bool) ? .added : .updated
                return (r["dataset"], r["source_id"], change)
            }
        }
    }
}

// Safe: `rows`, `order` and `oldest` are read and written only while `lock` is held.
/// Toilets already read, by row id, for the readers of one committed state to share (the
/// HTTP server keeps one per data version, so a new version starts empty): the nearest
/// search reads the same rows again and again. At most `capacity` rows are kept; past it the
/// oldest kept row makes room (first in, first out). Thread-safe.
public final class ToiletRowCache: @unchecked Sendable {
    /// The most rows kept.
    public let capacity: Int
    private let lock = NSLock()
    private var rows: [Int64: StoredToilet] = [:]
    private var order: [Int64] = []
    private var oldest = 0

    /// An empty cache keeping at most `capacity` rows (0: none).
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Rows kept now.
    public var count: Int { lock.withLock { rows.count } }

    /// The toilet with row id `id`: kept, or read with `read` (then kept).
    public func toilet(_ id: Int64, reading read: (Int64) throws -> StoredToilet?) rethrows -> StoredToilet? {
        if let hit = lock.withLock({ rows[id] }) { return hit }
        guard let t = try read(id) else { return nil }
        guard capacity > 0 else { return t }
        lock.withLock {
            guard rows[id] == nil else { return }
            if order.count < capacity {
                order.append(id)
            } else {
                rows[order[oldest]] = nil
                order[oldest] = id
                oldest = (oldest + 1) % capacity
            }
            rows[id] = t
        }
        return t
    }
}
