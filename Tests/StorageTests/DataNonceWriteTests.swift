import Contributions
import Foundation
import Geo
import LocateTestSupport
import Places
import SpatialIndex
import Testing

@testable import Storage

/// Which writes renew the toilets' data nonce (`DataNonce`): every write that changes
/// toilets does, in its own transaction, and writes the row file of its state; a submission,
/// a token change, a rejection of a pending contribution or an air ingest changes none, so
/// the row file stays trusted through a burst of them. An edit by another program (the
/// sqlite3 shell) renews it through the triggers.
@Suite struct DataNonceWriteTests {
    /// A store of three toilets with its row file (written by the ingest); its nonce.
    func storeWithRowFile() throws -> (LocateStore, Int64) {
        let store = try storeWithToilets()
        let nonce = try store.dataNonce()
        let file = try #require(ToiletRowFile(currentFor: store.path, nonce: nonce))
        #expect(file.nonce == nonce)
        return (store, nonce)
    }

    func edit(_ name: String) -> NewContribution {
        NewContribution(kind: .edit, target: city1, proposed: ProposedValues(name: name), receivedAt: reviewDay)
    }

    /// The nonce is `nonce` still and the row file of that state is trusted.
    func expectKept(_ store: LocateStore, _ nonce: Int64) throws {
        #expect(DataNonce.current(path: store.path) == nonce)
        #expect(try store.dataNonce() == nonce)
        #expect(ToiletRowFile(currentFor: store.path, nonce: nonce)?.rowCount == 3)
    }

    /// The nonce is no longer `nonce` (nor 0), and the write put the files of the new state
    /// in place (`rows` active toilets).
    func expectRenewed(_ store: LocateStore, from nonce: Int64, rows: Int = 3) throws -> Int64 {
        let now = try #require(DataNonce.current(path: store.path))
        #expect(now != nonce)
        let file = ToiletRowFile(currentFor: store.path, nonce: now)
        #expect(file?.rowCount == rows)
        #expect(NearestIndex.existing(database: store.path, stamp: "toilets/\(now)")?.count == rows)
        return now
    }

    @Test func submissionsKeepTheNonceAndTheRowFile() throws {
        let (store, nonce) = try storeWithRowFile()
        for i in 0..<5 { _ = try store.submit(edit("Name \(i)")) }
        try expectKept(store, nonce)
    }

    @Test func tokenChangesKeepTheNonceAndTheRowFile() throws {
        let (store, nonce) = try storeWithRowFile()
        _ = try store.createToken(name: "eva", at: reviewDay)
        try expectKept(store, nonce)
        try store.revokeToken(name: "eva", at: reviewDay)
        try expectKept(store, nonce)
    }

    @Test func anApprovalRenewsTheNonceARejectionOfAPendingOneKeepsIt() throws {
        let (store, nonce) = try storeWithRowFile()
        let approved = try store.submit(edit("Nové"))
        _ = try store.approve(id: approved, reviewer: "eva", at: reviewDay.addingTimeInterval(60))
        let afterApprove = try expectRenewed(store, from: nonce)
        let file = try #require(ToiletRowFile(currentFor: store.path, nonce: afterApprove))
        #expect(try (0..<3).compactMap { try file.toilet(at: $0)?.name }.contains("Nové"))
        let rejected = try store.submit(edit("Jiné"))
        _ = try store.reject(id: rejected, reviewer: "eva", reason: "no", at: reviewDay.addingTimeInterval(120))
        try expectKept(store, afterApprove)
    }

    @Test func toiletIngestsRenewTheNonceAirIngestsKeepIt() throws {
        let (store, nonce) = try storeWithRowFile()
        try ingestToilets(threeToilets + [testToilet("t4", name: "Nový")], into: store, minutes: 5)
        let afterToilets = try expectRenewed(store, from: nonce, rows: 4)
        let start = IngestRunStart(
            pipeline: "test", dataset: "air", source: "air.json", licence: "CC-BY-4.0", attribution: "Air",
            startedAt: reviewDay)
        _ = try store.ingestAir(start: start, clock: { reviewDay }) { _ in
            StagingTotals(
                read: 0, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "b", count: 64))
        }
        #expect(DataNonce.current(path: store.path) == afterToilets)
        #expect(ToiletRowFile(currentFor: store.path, nonce: afterToilets)?.rowCount == 4)
    }

    @Test func aFailedWriteKeepsTheNonce() throws {
        let (store, nonce) = try storeWithRowFile()
        #expect(throws: StorageError.self) {
            try store.approve(id: 999, reviewer: "eva", at: reviewDay)
        }
        try expectKept(store, nonce)
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
    func anEditByAnotherProgramRenewsTheNonce() throws {
        let (store, nonce) = try storeWithRowFile()
        let stations = DataNonce.current(path: store.path, kind: .stations)
        var seen = [nonce]
        for sql in [
            "UPDATE toilets SET name = 'x' WHERE id = 1", "UPDATE toilets SET lat = lat + 0.001 WHERE id = 2",
            "DELETE FROM toilets WHERE id = 3",
        ] {
            let r = try Fixtures.run("/usr/bin/env", ["sqlite3", "-batch", store.path, sql])
            try #require(r.status == 0, "\(r.stderr)")
            let now = try #require(DataNonce.current(path: store.path))
            #expect(!seen.contains(now), "\(sql)")
            #expect(ToiletRowFile(currentFor: store.path, nonce: now) == nil, "\(sql)")
            seen.append(now)
        }
        // Only the toilets' nonce: the stations' files stay trusted.
        #expect(DataNonce.current(path: store.path, kind: .stations) == stations)
        // A reader builds the files of the edited state (nothing deleted by hand).
        let reader = try LocateStore(readingAt: store.path)
        #expect(try NearestIndex.open(for: reader).count == 2)
        #expect(try ToiletRowFile.make(for: reader)?.toilet(1)?.name == "x")
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
    func aMigrationRenewsTheNonce() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("m.sqlite").path
        try LocateStore(path: path).close()
        let before = try #require(DataNonce.current(path: path))
        // The database as the step before v9 left it: no nonces.
        let triggers = PlaceKind.allCases.flatMap { kind in
            ["insert", "update", "delete"].map { "DROP TRIGGER \(DataNonce.triggerPrefix)\(kind.table)_\($0);" }
        }
        let r = try Fixtures.shell(
            "sqlite3 '\(path)' \"\(triggers.joined(separator: " ")) DROP TABLE locate_state; "
                + "DELETE FROM grdb_migrations WHERE identifier = 'v9-edit-stamp'\"")
        try #require(r.status == 0, "\(r.stderr)")
        #expect(DataNonce.current(path: path) == nil)
        let store = try LocateStore(path: path)
        let now = try #require(DataNonce.current(path: path))
        #expect(now != before)
        #expect(try store.dataNonce() == now)
    }
}
