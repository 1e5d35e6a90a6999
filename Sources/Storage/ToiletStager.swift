internal import CSpatial
import Foundation
import GRDB
import Geo

/// Receives the records of one ingest (inside its transaction): straight into `toilets`
/// when the dataset is empty, otherwise into a temporary staging table for the merge.
/// Owned by one ingest; not `Sendable`.
public final class ToiletStager {
    private let db: Database
    private let insert: Statement
    private let findIndex: Statement
    private let direct: (dataset: String, run: Int64)?
    /// How many records were accepted.
    public private(set) var stagedCount = 0

    /// Columns written for every record besides dataset, source id, status and runs.
    static let copiedColumns = [
        "source_index", "match_key", "name", "address", "hours_text", "price_text", "price_amount", "price_currency",
        "is_free", "wheelchair", "kind", "location_detail", "timezone", "properties", "lon", "lat", "content_hash", "geom",
        "hours_osm", "hours_status", "country",
    ]

    init(db: Database, direct: (dataset: String, run: Int64)?) throws {
        self.db = db
        self.direct = direct
        let columns = ToiletStager.copiedColumns.joined(separator: ", ")
        let marks = Array(repeating: "?", count: ToiletStager.copiedColumns.count).joined(separator: ", ")
        if direct != nil {
            insert = try db.makeStatement(
                sql: """
                    INSERT INTO toilets (dataset, source_id, \(columns), status, first_run, changed_run)
                    VALUES (?, ?, \(marks), 'active', ?, ?)
                    """)
            findIndex = try db.makeStatement(sql: "SELECT source_index FROM toilets WHERE dataset = ? AND source_id = ?")
        } else {
            try db.execute(
                sql: """
                    CREATE TEMP TABLE staging (
                        source_id TEXT NOT NULL UNIQUE, source_index INTEGER NOT NULL, match_key TEXT,
                        name TEXT, address TEXT, hours_text TEXT, price_text TEXT, price_amount REAL,
                        price_currency TEXT, is_free INTEGER, wheelchair TEXT NOT NULL, kind TEXT,
                        location_detail TEXT, timezone TEXT NOT NULL, properties TEXT NOT NULL,
                        lon REAL NOT NULL, lat REAL NOT NULL, content_hash TEXT NOT NULL, geom BLOB NOT NULL,
                        hours_osm TEXT, hours_status TEXT NOT NULL, country TEXT)
                    """)
            insert = try db.makeStatement(sql: "INSERT INTO staging (source_id, \(columns)) VALUES (?, \(marks))")
            findIndex = try db.makeStatement(sql: "SELECT source_index FROM staging WHERE source_id = ?")
        }
    }

    /// Stages one record. Returns nil when accepted, or the index of the earlier record with
    /// the same id (the record is then not stored: ids are unique within one input).
    /// `matchKey` is set for derived ids: see `LocateStore.derivedIDMatchMeters`.
    public func stage(_ r: ToiletRecord, index: Int, matchKey: String?) throws -> Int? {
        let s = insert.sqliteStatement
        sqlite3_reset(s)
        var i: Int32 = 1
        if let direct {
            bind(s, i, direct.dataset)
            i += 1
        }
        bind(s, i, r.sourceID)
        sqlite3_bind_int64(s, i + 1, Int64(index))
        bind(s, i + 2, matchKey)
        bind(s, i + 3, r.name)
        bind(s, i + 4, r.address)
        bind(s, i + 5, r.hoursText)
        bind(s, i + 6, r.priceText)
        if let a = r.priceAmount { sqlite3_bind_double(s, i + 7, a) } else { sqlite3_bind_null(s, i + 7) }
        bind(s, i + 8, r.priceCurrency)
        if let f = r.isFree { sqlite3_bind_int(s, i + 9, f ? 1 : 0) } else { sqlite3_bind_null(s, i + 9) }
        bind(s, i + 10, r.wheelchair.rawValue)
        bind(s, i + 11, r.kind)
        bind(s, i + 12, r.locationDetail)
        bind(s, i + 13, r.timeZone)
        bind(s, i + 14, r.propertiesJSON)
        sqlite3_bind_double(s, i + 15, r.coordinate.longitude)
        sqlite3_bind_double(s, i + 16, r.coordinate.latitude)
        bind(s, i + 17, r.contentHash)
        let blob = SpatiaLiteBlob.point(r.coordinate, srid: 4326)
        blob.withUnsafeBytes { _ = sqlite3_bind_blob(s, i + 18, $0.baseAddress, Int32($0.count), ToiletStager.transient) }
        bind(s, i + 19, r.hoursOSM)
        bind(s, i + 20, r.hoursStatus)
        bind(s, i + 21, r.country)
        if let direct {
            sqlite3_bind_int64(s, i + 22, direct.run)
            sqlite3_bind_int64(s, i + 23, direct.run)
        }
        let rc = sqlite3_step(s)
        if rc == SQLITE_DONE {
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

    private func bind(_ s: OpaquePointer?, _ i: Int32, _ text: String?) {
        guard let text else {
            sqlite3_bind_null(s, i)
            return
        }
        var t = text
        t.withUTF8 { buf in
            if let base = buf.baseAddress, buf.count > 0 {
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(s, i, chars, Int32(buf.count), ToiletStager.transient)
            } else {
                _ = sqlite3_bind_text(s, i, "", 0, ToiletStager.transient)
            }
        }
    }

    /// SQLite's SQLITE_TRANSIENT: copy the bound bytes.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// SpatiaLite's internal BLOB geometry format (SpatiaLite "BLOB-Geometry" docs):
/// 0x00, byte order 0x01 (little-endian), SRID, MBR (4 doubles), 0x7C, class, coordinates, 0xFE.
enum SpatiaLiteBlob {
    static func point(_ c: Coordinate, srid: Int32) -> [UInt8] {
        var out: [UInt8] = [0x00, 0x01]
        out.reserveCapacity(60)
        func put<T>(_ v: T) { withUnsafeBytes(of: v) { out += $0 } }
        put(srid.littleEndian)
        for v in [c.longitude, c.latitude, c.longitude, c.latitude] { put(v.bitPattern.littleEndian) }
        out.append(0x7C)
        put(Int32(1).littleEndian)  // POINT, XY
        put(c.longitude.bitPattern.littleEndian)
        put(c.latitude.bitPattern.littleEndian)
        out.append(0xFE)
        return out
    }
}
