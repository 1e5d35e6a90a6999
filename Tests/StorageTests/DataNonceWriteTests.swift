import Foundation
import Geo
import LocateTestSupport
import Testing

@testable import Storage

/// Which writes renew the data nonce (`DataNonce`): every write that can change what a place
/// answer shows does, in its own transaction; a submission or a token change does not, so
/// the row file (`ToiletRowFile`) stays trusted through a burst of them.
@Suite struct DataNonceWriteTests {
    /// A store of three toilets with its row file written; its nonce.
    func storeWithRowFile() throws -> (LocateStore, Int64) {
        let store = try storeWithToilets()
        let file = try #require(try ToiletRowFile.make(for: store))
        #expect(file.nonce == (try store.dataNonce()))
        return (store, file.nonce)
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

    /// The nonce is no longer `nonce` (nor 0).
    func expectRenewed(_ store: LocateStore, from nonce: Int64) throws -> Int64 {
        let now = try #require(DataNonce.current(path: store.path))
        #expect(now != nonce)
        #expect(ToiletRowFile(currentFor: store.path, nonce: now) == nil)
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

    @Test func approveAndRejectRenewTheNonce() throws {
        let (store, nonce) = try storeWithRowFile()
        let approved = try store.submit(edit("Nové"))
        _ = try store.approve(id: approved, reviewer: "eva", at: reviewDay.addingTimeInterval(60))
        let afterApprove = try expectRenewed(store, from: nonce)
        let rejected = try store.submit(edit("Jiné"))
        _ = try store.reject(id: rejected, reviewer: "eva", reason: "no", at: reviewDay.addingTimeInterval(120))
        _ = try expectRenewed(store, from: afterApprove)
    }

    @Test func toiletAndAirIngestsRenewTheNonce() throws {
        let (store, nonce) = try storeWithRowFile()
        try ingestToilets(threeToilets + [testToilet("t4", name: "Nový")], into: store, minutes: 5)
        let afterToilets = try expectRenewed(store, from: nonce)
        let start = IngestRunStart(
            pipeline: "test", dataset: "air", source: "air.json", licence: "CC-BY-4.0", attribution: "Air",
            startedAt: reviewDay)
        _ = try store.ingestAir(start: start, clock: { reviewDay }) { _ in
            StagingTotals(
                read: 0, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "b", count: 64))
        }
        _ = try expectRenewed(store, from: afterToilets)
    }

    @Test func aFailedWriteKeepsTheNonce() throws {
        let (store, nonce) = try storeWithRowFile()
        #expect(throws: StorageError.self) {
            try store.approve(id: 999, reviewer: "eva", at: reviewDay)
        }
        try expectKept(store, nonce)
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
    func aMigrationRenewsTheNonce() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("m.sqlite").path
        try LocateStore(path: path).close()
        // The database as the step before v7 left it, with a nonce of its own.
        let r = try Fixtures.shell(
            "sqlite3 '\(path)' \"DROP TABLE review_tokens; DROP TABLE overrides; DROP TABLE contribution_decisions; "
                + "DROP TABLE contributions; ALTER TABLE ingest_runs DROP COLUMN conflicts; DELETE FROM grdb_migrations WHERE identifier = 'v7-contributions'; "
                + "PRAGMA user_version = 7\"")
        try #require(r.status == 0, "\(r.stderr)")
        #expect(DataNonce.current(path: path) == 7)
        let store = try LocateStore(path: path)
        let now = try #require(DataNonce.current(path: path))
        #expect(now != 7)
        #expect(try store.dataNonce() == now)
    }
}
