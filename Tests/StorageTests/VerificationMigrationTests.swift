import Contract
import Contributions
import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import Testing

@testable import Storage

/// `v15-verification` upgrades a database of the previous release: the columns appear, the
/// two new OSM dates are read from the stored tags, every active record is judged from what
/// it holds (an approved contribution is evidence at once), release days wait for the next
/// ingest, and the contributions table takes the confirmations, keeping every row, decision
/// and its append-only triggers.
@Suite struct VerificationMigrationTests {
    static let added = [
        "source_released", "verified_at", "verified_by", "hours_verified_at", "hours_verified_by", "survey_date",
        "check_date_opening_hours",
    ]

    /// The database as the previous release left it.
    func downgrade(_ path: String) throws {
        for suffix in [".toilets.kdt"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DROP VIEW toilets_active")
            for c in Self.added { try db.execute(sql: "ALTER TABLE toilets DROP COLUMN \(c)") }
            try db.execute(
                sql: ToiletFieldMigration.activeView(
                    attributes: ToiletAttribute.ordered.filter { $0.addedIn != "v15-verification" }))
            let create = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'contributions'") ?? ""
            let narrow = create.replacingOccurrences(
                of: "report IN (\(ReportReason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))",
                with: "report IN ('gone', 'closed_for_good', 'wrong_position', 'wrong_hours')"
            ).replacingOccurrences(of: "CREATE TABLE \"contributions\" (", with: "CREATE TABLE old (")
            try #require(narrow.hasPrefix("CREATE TABLE old ("), "\(create)")
            try db.execute(sql: narrow)
            try db.execute(
                sql: """
                    INSERT INTO old SELECT * FROM contributions;
                    DROP TABLE contributions;
                    ALTER TABLE old RENAME TO contributions;
                    CREATE INDEX contributions_client ON contributions(client_hash, received_at);
                    CREATE INDEX contributions_target ON contributions(target_dataset, target_id);
                    CREATE TRIGGER contributions_no_update BEFORE UPDATE ON contributions
                      BEGIN SELECT RAISE(ABORT, 'contributions are append-only'); END;
                    CREATE TRIGGER contributions_no_delete BEFORE DELETE ON contributions
                      BEGIN SELECT RAISE(ABORT, 'contributions are append-only'); END;
                    DELETE FROM grdb_migrations WHERE identifier = 'v15-verification';
                    """)
        }
        try queue.close()
    }

    @Test func anOlderDatabaseIsUpgradedAndJudgedAtOnce() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("old.sqlite").path
        var surveyed = testToilet("t2", name: "Park", lat: 50.09, lon: 14.43)
        surveyed = ToiletRecord(
            sourceID: "t2", toilet: surveyed.toilet,
            propertiesJSON: #"{"survey:date":" 2026-10-05 ","check_date:opening_hours":"","id":"t2"}"#,
            propertiesFingerprint: "t2")
        var checked = testToilet("t3", name: "Nádraží", lat: 50.1, lon: 14.44)
        checked = ToiletRecord(
            sourceID: "t3", toilet: checked.toilet, propertiesJSON: #"{"check_date:opening_hours":"2026-10-20"}"#,
            propertiesFingerprint: "t3")
        do {
            let store = try LocateStore(path: path)
            // A run that stated its release: the previous release kept no release day per record.
            let start = IngestRunStart(
                pipeline: "test", dataset: "city", source: "test.geojson", licence: nil, attribution: nil,
                startedAt: reviewDay, released: "2026-11-01")
            _ = try store.ingest(.toilets, start: start, clock: { reviewDay }) { stager in
                for (i, r) in [testToilet("t1", name: "Náměstí"), surveyed, checked].enumerated() {
                    _ = try stager.stage(r, index: i, matchKey: nil)
                }
                return StagingTotals(
                    read: 3, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                    sourceSHA256: String(repeating: "a", count: 64))
            }
            let edit = try store.submit(
                NewContribution(
                    kind: .edit, target: city1, proposed: ProposedValues(name: "Náměstí Míru"),
                    receivedAt: reviewDay.addingTimeInterval(60)))
            _ = try store.approve(id: edit, reviewer: "eva", at: reviewDay.addingTimeInterval(120))
        }
        try downgrade(path)
        let store = try LocateStore(path: path)
        let rows = try store.testRows(
            sql: """
                SELECT source_id, survey_date, check_date_opening_hours, source_released, verified_at, verified_by,
                  hours_verified_by FROM toilets ORDER BY source_id
                """)
        #expect(
            rows.map {
                [
                    $0["source_id"], $0["survey_date"], $0["check_date_opening_hours"], $0["source_released"],
                    $0["verified_at"], $0["verified_by"], $0["hours_verified_by"],
                ] as [String?]
            }
                == [
                    ["t1", nil, nil, nil, "2026-11-22T10:01:00Z", "contribution", nil],
                    ["t2", "2026-10-05", nil, nil, "2026-10-04T22:00:00Z", "survey_date", nil],
                    [
                        "t3", nil, "2026-10-20", nil, "2026-10-19T22:00:00Z", "check_date_opening_hours",
                        "check_date_opening_hours",
                    ],
                ])
        // Every contribution and decision is kept; the table takes a confirmation and stays append-only.
        #expect(try store.testRows(sql: "SELECT count(*) AS n FROM contribution_decisions").first?["n"] == 1)
        let here = try store.submit(
            NewContribution(
                kind: .report, target: city2, report: .stillThere, receivedAt: reviewDay.addingTimeInterval(3600)))
        _ = try store.approve(id: here, reviewer: "eva", at: reviewDay.addingTimeInterval(7200))
        #expect(
            try store.testRows(sql: "SELECT verified_by FROM toilets WHERE source_id = 't2'").first?["verified_by"]
                == "confirmation")
        let queue = try DatabaseQueue(path: path)
        #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: "DELETE FROM contributions") } }
        #expect(
            try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'contributions'") }
                .sorted() == [
                    "contributions", "contributions_client", "contributions_no_delete", "contributions_no_update",
                    "contributions_target",
                ])
    }
}
