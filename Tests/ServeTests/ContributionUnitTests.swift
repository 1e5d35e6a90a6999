import Digests
import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Serve

/// The contribution endpoints' parts that need no server: the submission limit, the gates of
/// photo decodes and sign readings, the sign reader's child process and the salt file.
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

    /// A full gate refuses at once: `width` at work, `queue` waiting, the next one `Busy`
    /// without waiting (it would otherwise hold a thread, a submission slot and its body).
    @Test(arguments: [(1, 2), (2, 4), (1, 0)])
    func aFullGateRefusesAtOnce(width: Int, queue: Int) throws {
        let gate = TurnGate(width: width, queue: queue, busyMessage: "busy", retryAfterSeconds: 7)
        let admitted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<(width + queue) {
            DispatchQueue.global().async(group: group) {
                _ = try? gate.admitted {
                    admitted.signal()
                    return gate.turn(until: .distantFuture) { release.wait() }
                }
            }
        }
        for _ in 0..<(width + queue) { admitted.wait() }
        // Asked from another thread so that a gate that waited would fail here, not hang.
        let refused = Statuses()
        let asked = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                try gate.admitted { refused.append(0) }
            } catch let busy as TurnGate.Busy {
                refused.append(busy == TurnGate.Busy(message: "busy: retry after 7 s", retryAfterSeconds: 7) ? 1 : 2)
            } catch {
                refused.append(3)
            }
            asked.signal()
        }
        #expect(asked.wait(timeout: .now() + 30) == .success)
        #expect(refused.sorted == [1])
        for _ in 0..<(width + queue) { release.signal() }
        group.wait()
        #expect(try gate.run(waitSeconds: 1) { 5 } == 5)
    }

    /// An admitted request that gets no turn in time is refused as well.
    @Test func photoDecodesWaitForOneOfTwoTurnsThenAnswerBusy() throws {
        let gate = TurnGate.photoDecodes()
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                _ = try? gate.run(waitSeconds: 60) {
                    entered.signal()
                    release.wait()
                }
            }
        }
        entered.wait()
        entered.wait()
        let busy = TurnGate.Busy(message: "photo: other photos are being decoded: retry after 10 s", retryAfterSeconds: 10)
        #expect(throws: busy) { try gate.run(waitSeconds: 0.2) { 1 } }
        release.signal()
        release.signal()
        group.wait()
        #expect(try gate.run(waitSeconds: 1) { 1 } == 1)
    }

    /// The sign reader's runner: every way a child can end, told apart; the child gets
    /// `/dev/null` for input and no descriptor of ours past 2.
    @Test(arguments: [
        ("echo out; echo err >&2", ChildProcess.End.exited(0), "out\n", "err\n"),
        ("exit 3", .exited(3), "", ""),
        ("kill -SEGV $$", .signalled(11), "", ""),
        ("exec sleep 30", .timedOut, "", ""),
        ("echo early; exec yes", .tooLarge, "", ""),
        ("cat; echo read", .exited(0), "read\n", ""),
        ("exec ls /proc/self/fd", .exited(0), "0\n1\n2\n3\n", ""),
    ])
    func aChildEndsOneWayOrAnother(script: String, end: ChildProcess.End, output: String, errors: String) {
        let ran = ChildProcess.run(
            "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], deadline: .now() + 2,
            maxBytes: 4096)
        #expect(ran.end == end)
        if end != .tooLarge {
            #expect(String(decoding: ran.output, as: UTF8.self) == output)
            #expect(String(decoding: ran.errors, as: UTF8.self) == errors)
        }
        #expect(ran.output.count <= 4096)
    }

    @Test func aChildThatCannotStartSaysWhy() {
        let ran = ChildProcess.run(
            "/nonexistent/locate-read", arguments: [], environment: [:], deadline: .now() + 2, maxBytes: 10)
        #expect(ran.end == .notStarted("No such file or directory"))
    }

    /// A grandchild dies with the child, whether the child ends by itself or is stopped.
    @Test(arguments: [("sleep 30 & echo $!", ChildProcess.End.exited(0)), ("sleep 30 & echo $!; exec sleep 31", .timedOut)])
    func theChildsGroupDiesWithIt(script: String, end: ChildProcess.End) throws {
        let ran = ChildProcess.run(
            "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], deadline: .now() + 1,
            maxBytes: 4096)
        #expect(ran.end == end)
        let pid = try #require(Int32(String(decoding: ran.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ended(pid))
    }

    /// Whether `pid` is gone or a zombie, waiting up to 10 s for a killed process to die.
    static func ended(_ pid: Int32) -> Bool {
        for _ in 0..<1000 {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // The state follows the command's closing parenthesis.
            guard let close = stat.lastIndex(of: ")") else { return true }
            if stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(10_000)
        }
        return false
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
