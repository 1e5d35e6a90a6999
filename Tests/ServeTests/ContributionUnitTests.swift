import Foundation
import LocateTestSupport
import Testing

@testable import Serve

/// The contribution endpoints' parts that need no process: the submission limit, the photo
/// decode gate and the salt file.
@Suite struct ContributionUnitTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func reservingIsOneStepSoParallelClientsGetExactlyTheLimit() {
        let limiter = SubmissionLimiter(perHour: 5)
        let admitted = Statuses()
        DispatchQueue.concurrentPerform(iterations: 40) { _ in
            let slot = try? limiter.reserve(client: "a", at: t0) { 0 }
            admitted.append(slot == nil ? 0 : 1)
        }
        #expect(admitted.sorted.reduce(0, +) == 5)
    }

    @Test func aSlotNotStoredIsGivenBack() throws {
        let limiter = SubmissionLimiter(perHour: 1)
        let slot = try limiter.reserve(client: "a", at: t0) { 0 }
        #expect(throws: ServeError.rateLimited(retryAfterSeconds: 3600)) { try limiter.reserve(client: "a", at: t0) { 0 } }
        limiter.release(slot)
        _ = try limiter.reserve(client: "a", at: t0) { 0 }
        // Another client is counted apart.
        _ = try limiter.reserve(client: "b", at: t0) { 0 }
    }

    @Test func aClientFirstSeenIsSeededFromTheDatabaseOnce() throws {
        let limiter = SubmissionLimiter(perHour: 3)
        let asked = Statuses()
        let stored: () throws -> Int = {
            asked.append(1)
            return 2
        }
        _ = try limiter.reserve(client: "a", at: t0, stored: stored)
        #expect(throws: ServeError.rateLimited(retryAfterSeconds: 3590)) {
            try limiter.reserve(client: "a", at: t0.addingTimeInterval(10), stored: stored)
        }
        #expect(asked.sorted == [1])
        _ = try limiter.reserve(client: "a", at: t0.addingTimeInterval(3600), stored: stored)
    }

    @Test func photoDecodesWaitForOneOfTwoTurnsThenAnswerBusy() throws {
        let gate = DecodeGate(width: 2, waitSeconds: 0.2)
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                _ = try? gate.run {
                    entered.signal()
                    release.wait()
                }
            }
        }
        entered.wait()
        entered.wait()
        #expect(throws: DecodeGate.Busy(retryAfterSeconds: 10)) { try gate.run { 1 } }
        release.signal()
        release.signal()
        group.wait()
        #expect(try gate.run { 1 } == 1)
    }

    @Test func theSaltFileIsMadeWholeAndPrivateOnce() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("x.sqlite").path
        let first = try ClientHasher(database: db)
        let attributes = try FileManager.default.attributesOfItem(atPath: db + ".salt")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOfFile: db + ".salt", encoding: .utf8)
        #expect(text.count == 65 && text.hasSuffix("\n"))
        // A second maker loses (the file exists) and leaves it as it was; nothing else is left.
        #expect(!ClientHasher.create(db + ".salt", contents: "other\n"))
        #expect(try String(contentsOfFile: db + ".salt", encoding: .utf8) == text)
        #expect(try ClientHasher(database: db).hash("10.0.0.1") == first.hash("10.0.0.1"))
        let folder = (db as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["x.sqlite.salt"])
    }
}
