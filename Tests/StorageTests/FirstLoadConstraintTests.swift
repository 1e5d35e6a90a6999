import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import Testing

@testable import Storage

/// A first load inserts with `ignore_check_constraints` and checks the table's CHECK
/// constraints once for all new rows: a row that breaks one must still fail the whole run
/// (nothing changes), with SQLite's wording, and later writes check row by row again.
@Suite struct FirstLoadConstraintTests {
    static let start = IngestRunStart(
        pipeline: "p", dataset: "d", source: "s.geojson", licence: nil, attribution: nil,
        startedAt: Date(timeIntervalSince1970: 1_795_000_000))

    /// A toilet at (`lat`, `lon`) (the position is CHECKed by the table, not by the record's type).
    func toilet(_ id: String, lat: Double = 50, lon: Double = 14.4) -> ToiletRecord {
        ToiletRecord(
            sourceID: id, name: nil, address: nil, hoursText: "24/7", hoursOSM: "24/7", hoursStatus: .exact,
            country: "CZ", priceText: nil, priceAmount: nil, priceCurrency: nil, isFree: nil, wheelchair: .unknown,
            kind: nil, locationDetail: nil, timeZone: "Europe/Prague", propertiesJSON: "{}", propertiesFingerprint: id,
            coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    func ingest(_ records: [ToiletRecord], into store: LocateStore) throws {
        _ = try store.ingest(.toilets, start: Self.start, clock: { Date(timeIntervalSince1970: 1_795_000_060) }) { stager in
            for (i, r) in records.enumerated() {
                let duplicateOf = try stager.stage(r, index: i, matchKey: nil)
                #expect(duplicateOf == nil)
            }
            return StagingTotals(
                read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
    }

    func ignoresChecks(_ store: LocateStore) throws -> Int? {
        try store.testRows(sql: "PRAGMA ignore_check_constraints").first?[0]
    }

    @Test func theToiletTablesChecksAreReadFromTheSchema() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        let checks = try store.read { db in try LocateStore.checkConstraints(db, table: "toilets") }
        #expect(
            checks == [
                "is_free IN (0, 1)", "wheelchair IN ('yes', 'limited', 'no', 'unknown')", "lon BETWEEN -180 AND 180",
                "lat BETWEEN -90 AND 90", "status IN ('active', 'retired')",
                "hours_status IN ('exact', 'interpreted', 'unknown', 'missing')",
                "access IN ('public', 'customers', 'restricted', 'unknown')", "changing_table IN (0, 1)",
                "unisex IN (0, 1)", "female IN (0, 1)", "male IN (0, 1)",
                // v10-accessibility, from the field table (ToiletAttribute.columnDefinition).
                "changing_table_location <> ''", "changing_table_all_genders IN (0, 1)", "gender_neutral IN (0, 1)",
                "centralkey IN ('eurokey', 'radar', 'none')", "toilets_wheelchair IN (0, 1)",
            ])
        try store.close()
    }

    @Test func checkTextInQuotesAndWordsIsNotAConstraint() throws {
        let sql = """
            CREATE TABLE t (check_date TEXT, "check" TEXT CHECK ("check" <> ')'), rechecked INT,
              x Check(x IN ('(', 'it''s', "a)b")), [CHECK (no)] TEXT, 'check (no)' TEXT)
            """
        #expect(try LocateStore.checkExpressions(in: sql, table: "t") == [#""check" <> ')'"#, #"x IN ('(', 'it''s', "a)b")"#])
        #expect(throws: StorageError.sqlFailed(sql: "constraint check", reason: "cannot read a CHECK of t")) {
            try LocateStore.checkExpressions(in: "CREATE TABLE t (x CHECK (x > (1)", table: "t")
        }
    }

    @Test func aFirstLoadWithARowBreakingACheckChangesNothing() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        let before = try store.contentDigest()
        let records = [toilet("a"), toilet("b", lat: 100), toilet("c", lat: -91)]
        #expect(
            throws: StorageError.sqlFailed(
                sql: "INSERT record 'b'",
                reason: "CHECK constraint failed: lat BETWEEN -90 AND 90 (2 new rows break a CHECK)")
        ) { try ingest(records, into: store) }
        #expect(try store.contentDigest() == before)
        #expect(try ignoresChecks(store) == 0)
        #expect(
            throws: StorageError.sqlFailed(
                sql: "INSERT record 'a'", reason: "CHECK constraint failed: lon BETWEEN -180 AND 180 (1 new row breaks a CHECK)")
        ) { try ingest([toilet("a", lon: 200)], into: store) }
        #expect(try store.contentDigest() == before)
        try ingest([toilet("a"), toilet("b")], into: store)
        #expect(try ignoresChecks(store) == 0)
        #expect(try store.testRows(sql: "SELECT count(*) FROM toilets").first?[0] == 2)
        try store.close()
    }

    @Test func aLaterMergeChecksRowByRowAgain() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest([toilet("a")], into: store)
        let before = try store.contentDigest()
        // Not a first load of the dataset: staged, then merged by SQLite with its own check.
        #expect(throws: StorageError.self) { try ingest([toilet("a"), toilet("b", lat: 100)], into: store) }
        #expect(try store.contentDigest() == before)
        try store.close()
    }
}
