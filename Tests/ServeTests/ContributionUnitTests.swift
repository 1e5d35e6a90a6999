import Foundation
import LocateTestSupport
import Places
import Storage
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

    /// Issue 35: the salt of client hashes lives in the database (a backup of the file holds
    /// it), made once; a `.salt` file an older locate left is moved into it and removed.
    @Test func theSaltLivesInTheDatabaseAndAnOlderSaltFileMovesIntoIt() throws {
        let db = try CLI.sampleDatabase()
        let first = try ClientHasher(database: db)
        let stored = try #require(try LocateStore(readingAt: db).storedClientSalt())
        #expect(stored.count == 64 && stored.allSatisfy(\.isHexDigit))
        #expect(try ClientHasher(database: db).hash("10.0.0.1") == first.hash("10.0.0.1"))
        #expect(!FileManager.default.fileExists(atPath: db + ".salt"))

        let older = try CLI.sampleDatabase()
        let legacy = String(repeating: "ab", count: 32)
        try (legacy + "\n").write(toFile: older + ".salt", atomically: true, encoding: .utf8)
        let moved = try ClientHasher(database: older)
        #expect(try LocateStore(readingAt: older).storedClientSalt() == legacy)
        #expect(!FileManager.default.fileExists(atPath: older + ".salt"))
        var hasher = SHA256Hasher()
        hasher.update(Array((legacy + "\n10.0.0.1").utf8))
        #expect(moved.hash("10.0.0.1") == hasher.finalize().hexString)
    }
}
