import GRDB
import Geo
internal import CSpatial

/// Receives the records of one ingest into a temporary staging table (inside the ingest's
/// transaction). Owned by one ingest; not `Sendable`.
public final class ToiletStager {
    private let db: Database
    private let insert: Statement
    private let findIndex: Statement
    /// How many records were staged.
    public private(set) var stagedCount = 0

    init(db: Database) throws {
        self.db = db
        try db.execute(
            sql: """
                CREATE TEMP TABLE staging (
                    source_id TEXT NOT NULL UNIQUE, match_key TEXT, record_index INTEGER NOT NULL,
                    name TEXT, address TEXT, hours_text TEXT, price_text TEXT, price_amount REAL,
                    price_currency TEXT, is_free INTEGER, wheelchair TEXT NOT NULL, kind TEXT,
                    location_detail TEXT, timezone TEXT NOT NULL, properties TEXT NOT NULL,
                    lon REAL NOT NULL, lat REAL NOT NULL, content_hash TEXT NOT NULL)
                """)
        insert = try db.makeStatement(
            sql: """
                INSERT OR IGNORE INTO staging VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        findIndex = try db.makeStatement(sql: "SELECT record_index FROM staging WHERE source_id = ?")
    }

    /// Stages one record. Returns nil when staged, or the index of the earlier record with
    /// the same id (the record is then not staged: ids are unique within one input).
    /// `matchKey` is set for derived ids: see `LocateStore.ingestToilets`.
    public func stage(_ r: ToiletRecord, index: Int, matchKey: String?) throws -> Int? {
        let s = insert.sqliteStatement
        sqlite3_reset(s)
        bind(s, 1, r.sourceID)
        bind(s, 2, matchKey)
        sqlite3_bind_int64(s, 3, Int64(index))
        bind(s, 4, r.name)
        bind(s, 5, r.address)
        bind(s, 6, r.hoursText)
        bind(s, 7, r.priceText)
        if let a = r.priceAmount { sqlite3_bind_double(s, 8, a) } else { sqlite3_bind_null(s, 8) }
        bind(s, 9, r.priceCurrency)
        if let f = r.isFree { sqlite3_bind_int(s, 10, f ? 1 : 0) } else { sqlite3_bind_null(s, 10) }
        bind(s, 11, r.wheelchair.rawValue)
        bind(s, 12, r.kind)
        bind(s, 13, r.locationDetail)
        bind(s, 14, r.timeZone)
        bind(s, 15, r.propertiesJSON)
        sqlite3_bind_double(s, 16, r.coordinate.longitude)
        sqlite3_bind_double(s, 17, r.coordinate.latitude)
        bind(s, 18, r.contentHash)
        let rc = sqlite3_step(s)
        guard rc == SQLITE_DONE else {
            throw StorageError.sqlFailed(sql: "INSERT INTO staging", reason: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        if sqlite3_changes(db.sqliteConnection) == 1 {
            stagedCount += 1
            return nil
        }
        return try Int.fetchOne(findIndex, arguments: [r.sourceID]) ?? -1
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
