internal import CSpatial
import Foundation
internal import GRDB
import Geo
import Places

/// Receives the records of one ingest (inside its transaction): straight into the kind's
/// table when the dataset is empty there, otherwise into a temporary staging table for the
/// merge. Owned by one ingest; not `Sendable`.
public final class PlaceStager {
    let db: Database
    private let kind: PlaceKind
    private let insert: Statement
    private let findIndex: Statement
    private let direct: (dataset: String, run: Int64)?
    /// A first load's keeping of its inserts (`FirstLoadCapture`), when the table was empty.
    let capture: FirstLoadCapture?
    /// The values the insert binds, kept for the capture (toilets: `BoundValues`).
    private let bound: BoundValues?
    /// For each parameter of the insert (from 1), its column's position in
    /// `ToiletRow.selection`, or -1 (with `bound` only).
    private let selected: [Int]
    /// The dataset being ingested (set by `LocateStore.ingest`).
    public internal(set) var dataset = ""
    /// The id of the run being recorded (set by `LocateStore.ingest`).
    public internal(set) var run: Int64 = 0
    /// The run's source release day and start (set by `LocateStore.ingest`): every record is
    /// stamped with them (`PlaceRecord.stamped`).
    var release: (day: String?, start: Date) = (nil, .distantFuture)
    /// The days the run's records name, read once each.
    private let days = VerificationDays()
    /// How many records were accepted.
    public private(set) var stagedCount = 0

    init(db: Database, kind: PlaceKind, direct: (dataset: String, run: Int64)?, capture: FirstLoadCapture? = nil) throws {
        self.db = db
        self.kind = kind
        self.direct = direct
        self.capture = direct == nil ? nil : capture
        bound = self.capture?.bound
        let selection = ToiletRow.selection.components(separatedBy: ", ")
        let read = ToiletRowColumns<BoundValues>.encodedPositions
        selected =
            bound == nil
            ? []
            : [-1]
                + (["dataset", "source_id"] + kind.copiedColumns).map { name in
                    selection.firstIndex(of: name).flatMap { read.contains($0) ? $0 : nil } ?? -1
                }
        let columns = kind.copiedColumns.joined(separator: ", ")
        let marks = Array(repeating: "?", count: kind.copiedColumns.count).joined(separator: ", ")
        if direct != nil {
            insert = try db.makeStatement(
                sql: """
                    INSERT INTO \(kind.table) (dataset, source_id, \(columns), status, first_run, changed_run)
                    VALUES (?, ?, \(marks), \(PlaceStatus.active.sql), ?, ?)
                    """)
            findIndex = try db.makeStatement(sql: "SELECT source_index FROM \(kind.table) WHERE dataset = ? AND source_id = ?")
        } else {
            let common = CommonColumn.ordered.map { "\($0.rawValue) \($0.stagingType)" }
            let own = kind.columns.map { "\($0.name) \($0.type)" }
            let declared = (common + own).joined(separator: ", ")
            try db.execute(sql: "CREATE TEMP TABLE staging (source_id TEXT NOT NULL UNIQUE, \(declared))")
            insert = try db.makeStatement(sql: "INSERT INTO staging (source_id, \(columns)) VALUES (?, \(marks))")
            findIndex = try db.makeStatement(sql: "SELECT source_index FROM staging WHERE source_id = ?")
        }
    }

    /// Partial staging (a run of replication diffs, `keepUnstaged`): records of the dataset
    /// not staged are kept as they are, except the ones named then.
    public private(set) var partial = false

    /// Makes this staging partial: a record of the dataset that is not staged is kept as it
    /// is (and counts as unchanged), unless its source id is in `sourceIDs`: then it is
    /// retired as by a full staging. Into an empty dataset (nothing to keep) it does nothing.
    public func keepUnstaged(retiringUnlessStaged sourceIDs: [String]) throws {
        guard direct == nil, !partial else { return }
        try db.execute(sql: "CREATE TEMP TABLE staging_retire (source_id TEXT PRIMARY KEY)")
        let add = try db.makeStatement(sql: "INSERT OR IGNORE INTO staging_retire (source_id) VALUES (?)")
        for id in sourceIDs { try add.execute(arguments: [id]) }
        partial = true
    }

    /// Stages one record. Returns nil when accepted, or the index of the earlier record with
    /// the same id (the record is then not stored: ids are unique within one input).
    /// `matchKey` is set for derived ids: see `LocateStore.derivedIDMatchMeters`.
    public func stage(_ record: some PlaceRecord, index: Int, matchKey: String?) throws -> Int? {
        let r = record.stamped(released: release.day, notAfter: release.start, days: days)
        precondition(type(of: r).placeKind == kind, "a \(type(of: r).placeKind) record staged for \(kind)")
        let s = insert.sqliteStatement
        sqlite3_reset(s)
        bound?.reset()
        var i: Int32 = 1
        if let direct {
            bind(s, i, direct.dataset)
            i += 1
        }
        bind(s, i, r.sourceID)
        var at = i + 1
        for column in CommonColumn.ordered {
            switch column {
            case .sourceIndex: bind(s, at, int64: Int64(index))
            case .matchKey: bind(s, at, matchKey)
            case .properties: bind(s, at, r.propertiesJSON)
            case .lon: bind(s, at, double: r.coordinate.longitude)
            case .lat: bind(s, at, double: r.coordinate.latitude)
            case .contentHash: bind(s, at, r.contentHash)
            case .geom:
                SpatiaLiteBlob.withPoint(r.coordinate, srid: 4326) {
                    _ = sqlite3_bind_blob(s, at, $0.baseAddress, Int32($0.count), PlaceStager.transient)
                }
            }
            at += 1
        }
        r.forEachValue { v in
            switch v {
            case .text(let t): bind(s, at, t)
            case .real(let d?): bind(s, at, double: d)
            case .integer(let n?): bind(s, at, int64: n)
            case .real(nil), .integer(nil): sqlite3_bind_null(s, at)
            }
            at += 1
        }
        if let direct {
            sqlite3_bind_int64(s, at, direct.run)
            sqlite3_bind_int64(s, at + 1, direct.run)
        }
        let rc = sqlite3_step(s)
        if rc == SQLITE_DONE {
            capture?.take(id: sqlite3_last_insert_rowid(db.sqliteConnection), coordinate: r.coordinate)
            stagedCount += 1
            return nil
        }
        let extended = sqlite3_extended_errcode(db.sqliteConnection)
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        sqlite3_reset(s)
        guard extended == 2067 /* SQLITE_CONSTRAINT_UNIQUE */ else {
            throw StorageError.sqlFailed(sql: "INSERT record \(index)", reason: message)
        }
        let arguments: StatementArguments = direct.map { [$0.dataset, r.sourceID] } ?? [r.sourceID]
        return try Int.fetchOne(findIndex, arguments: arguments) ?? -1
    }

    private func bind(_ s: OpaquePointer?, _ i: Int32, double v: Double) {
        sqlite3_bind_double(s, i, v)
        if let bound, selected[Int(i)] >= 0 { bound.set(selected[Int(i)], double: v) }
    }

    private func bind(_ s: OpaquePointer?, _ i: Int32, int64 v: Int64) {
        sqlite3_bind_int64(s, i, v)
        if let bound, selected[Int(i)] >= 0 { bound.set(selected[Int(i)], int64: v) }
    }

    /// Binds a text (NULL for nil); with a capture, keeps it too.
    private func bind(_ s: OpaquePointer?, _ i: Int32, _ text: String?) {
        guard let text else {
            sqlite3_bind_null(s, i)
            return
        }
        var t = text
        t.withUTF8 { buf in
            if let bound, selected[Int(i)] >= 0 { bound.set(selected[Int(i)], text: UnsafeRawBufferPointer(buf)) }
            if let base = buf.baseAddress, buf.count > 0 {
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(s, i, chars, Int32(buf.count), PlaceStager.transient)
            } else {
                _ = sqlite3_bind_text(s, i, "", 0, PlaceStager.transient)
            }
        }
    }

    /// SQLite's SQLITE_TRANSIENT: copy the bound bytes.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
