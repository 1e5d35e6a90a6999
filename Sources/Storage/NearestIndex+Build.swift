internal import CSpatial
import Foundation
internal import GRDB
import SpatialIndex

extension NearestIndex {
    /// Serialises the index of the active places of `kind`.
    static func build(_ store: LocateStore, kind: PlaceKind, stamp: String) throws -> [UInt8] {
        serialize(try store.read { db in try points(db, kind: kind) }, stamp: stamp)
    }

    /// Reads the active places of `kind` (inside whatever transaction `db` is in).
    static func points(_ db: Database, kind: PlaceKind) throws -> NearestPoints {
        var p = NearestPoints()
        let active = PlaceStatus.isActive()
        let expected = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(kind.table) WHERE \(active)") ?? 0
        p.latLon.reserveCapacity(expected * 2)
        p.ids.reserveCapacity(expected)
        p.flags.reserveCapacity(expected)
        let flagList = kind.flagExpressions.map { ", \($0)" }.joined()
        let statement = try db.makeStatement(sql: "SELECT id, lat, lon\(flagList) FROM \(kind.table) WHERE \(active)")
        let rows = try Row.fetchCursor(statement)
        let flagCount = kind.flagExpressions.count
        // Columns by position: a million rows read by name cost twice as much as the whole
        // tree build.
        while try rows.next() != nil {
            p.append(statement.sqliteStatement, id: 0, lat: 1, lon: 2, flags: 3, flagCount: flagCount)
        }
        return p
    }
}

/// A nearest index serialised on a thread of its own while the first load that read its
/// points finishes (geometry check, R*Tree), in the same write transaction: its stamp is set
/// when the write knows the new data nonce (`DerivedFiles`). A write that rolls back drops it.
// Safe: every stored property is a `let`; `bytes` is a `BackgroundResult`, safe on its own.
final class PendingNearestIndex: @unchecked Sendable {
    // Immutable after init, used by the one thread that runs the write (`DerivedFiles`).
    /// The place kind indexed.
    let kind: PlaceKind
    /// How many places are indexed.
    let count: Int
    /// The load's keeping of its inserts, whose rows section the toilets' file takes
    /// instead of a scan (`FirstLoadCapture`).
    let capture: FirstLoadCapture?
    private let bytes: BackgroundResult<[UInt8]>

    /// Starts serialising `points` at once.
    init(kind: PlaceKind, points: NearestPoints, capture: FirstLoadCapture?) {
        self.kind = kind
        self.count = points.ids.count
        self.capture = capture
        bytes = BackgroundResult { NearestIndex.serialize(points, stamp: "") }
    }

    /// The index file's bytes (stamped with nothing yet), waiting for the thread when it is
    /// not done yet.
    func wait() -> [UInt8] { bytes.wait() }
}

/// The pending nearest indexes of one store, by kind, behind a lock.
// Safe: `byKind` is read and written only while `lock` is held (`withLock`).
final class PendingIndexes: @unchecked Sendable {
    private let lock = NSLock()
    private var byKind: [PlaceKind: PendingNearestIndex] = [:]

    /// Runs `body` with the indexes while holding the lock.
    func withLock<T>(_ body: (inout [PlaceKind: PendingNearestIndex]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&byKind)
    }
}

extension NearestPoints {
    /// Adds the place of the current row of `statement`: its row id, latitude and longitude
    /// in columns `id`, `lat` and `lon`, and its `PointFlags` (`PlaceKind.flagExpressions`,
    /// each true when not 0) in the `flagCount` columns from `flags` on.
    mutating func append(_ statement: OpaquePointer, id: Int32, lat: Int32, lon: Int32, flags: Int32, flagCount: Int) {
        latLon.append(sqlite3_column_double(statement, lat))
        latLon.append(sqlite3_column_double(statement, lon))
        ids.append(sqlite3_column_int64(statement, id))
        var bits: UInt8 = 0
        for b in 0..<flagCount where sqlite3_column_int64(statement, flags + Int32(b)) != 0 { bits |= 1 << UInt8(b) }
        self.flags.append(bits)
    }
}
