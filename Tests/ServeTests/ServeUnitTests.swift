import Foundation
import Geo
import Places
import Testing

@testable import Serve

/// The server's parts that need no process: the token bucket, the timeout, HTTP dates.
@Suite struct ServeUnitTests {
    @Test func tokenBucketRefillsAtItsRate() {
        let limiter = RateLimiter(rate: 2, burst: 3)
        #expect((0..<3).map { _ in limiter.take(client: "a", at: 10) } == [nil, nil, nil])
        #expect(limiter.take(client: "a", at: 10) == 1)  // empty: 0.5 s to the next token, said as 1
        #expect(limiter.take(client: "b", at: 10) == nil)  // buckets are per client
        #expect(limiter.take(client: "a", at: 10.5) == nil)
        #expect(limiter.take(client: "a", at: 10.5) == 1)
        #expect(limiter.take(client: "a", at: 100) == nil)  // refilled, never above the burst
        #expect(limiter.take(client: "a", at: 100) == nil)
        #expect(limiter.take(client: "a", at: 100) == nil)
        #expect(limiter.take(client: "a", at: 100) == 1)
        let slow = RateLimiter(rate: 0.1, burst: 1)
        #expect(slow.take(client: "c", at: 0) == nil)
        #expect(slow.take(client: "c", at: 0) == 10)
    }

    /// The server's tasks run on NIO's event loops (`EventLoopTaskExecutor`), children too, and
    /// a request's task comes back to its loop after the blocking work ran on a Dispatch
    /// thread. (Release builds link Swift's runtime statically, where NIO's global-executor
    /// hook was silently not installed: every task ran on Dispatch's threads.)
    @Test func serverTasksRunOnTheEventLoopsAndComeBackToTheirLoop() async throws {
        #expect(EventLoopTaskExecutor.currentLoopID == nil)
        let seen = try await withTaskExecutorPreference(EventLoopTaskExecutor.shared) {
            let first = EventLoopTaskExecutor.currentLoopID
            let worker = try await Blocking(timeout: 5).run(resumingOn: EventLoopTaskExecutor.currentLoop) {
                EventLoopTaskExecutor.currentLoopID
            }
            let after = EventLoopTaskExecutor.currentLoopID
            async let child = EventLoopTaskExecutor.currentLoopID
            return [first, worker, after, await child]
        }
        #expect(seen[0] != nil)
        #expect(seen[1] == nil)  // the work ran off the loops
        #expect(seen[2] == seen[0])
        #expect(seen[3] != nil)
    }

    /// The timeout answers while the work still runs (the work waits for the test to let it
    /// end, so the order does not depend on the machine's load).
    @Test func workThatOutlivesTheTimeoutAnswers503WhileItRuns() async throws {
        let release = DispatchSemaphore(value: 0)
        let ended = Flag()
        await #expect(throws: ServeError.timedOut(seconds: 0.05)) {
            try await Blocking(timeout: 0.05).run {
                // Long: under the whole suite the test's own task may wait a minute for a thread.
                _ = release.wait(timeout: .now() + 600)
                ended.set()
                return 1
            }
        }
        #expect(!ended.isSet)
        release.signal()
        #expect(ServeError.timedOut(seconds: 0.05).status == 503)
        #expect(ServeError.timedOut(seconds: 10).description == "the answer took longer than the server's 10 s request timeout")
        let blocking = Blocking(timeout: 5)
        #expect(try await blocking.run { 42 } == 42)
        // The deadlines share one queue: each expires after its own timeout, in order.
        let shared = Blocking(timeout: 0.05)
        let slow = DispatchSemaphore(value: 0)
        let first = Task {
            try await shared.run {
                _ = slow.wait(timeout: .now() + 600)
                return 1
            }
        }
        let second = Task {
            try await shared.run {
                _ = slow.wait(timeout: .now() + 600)
                return 2
            }
        }
        await #expect(throws: ServeError.timedOut(seconds: 0.05)) { try await first.value }
        await #expect(throws: ServeError.timedOut(seconds: 0.05)) { try await second.value }
        slow.signal()
        slow.signal()
        #expect(try await shared.run { 3 } == 3)
    }

    @Test func httpDatesAreIMFFixdate() {
        let date = Date(timeIntervalSince1970: 1_795_381_200)  // 2026-11-22T21:00:00Z, a Sunday
        #expect(Caching.httpDate(date) == "Sun, 22 Nov 2026 21:00:00 GMT")
        #expect(Caching.httpDate(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(Caching.parseHTTPDate("Sun, 22 Nov 2026 21:00:00 GMT") == date)
        #expect(Caching.parseHTTPDate("Sunday, 22-Nov-26 21:00:00 GMT") == nil)
    }

    @Test func parametersAreCheckedAsTheCLIChecksItsOptions() throws {
        let q = try Parameters(
            [("lat", "50.1"), ("lon", "14.4"), ("fresh_within", "3650d")], allowed: ["lat", "lon", "fresh_within"])
        #expect(try q.point().latitude == 50.1)
        #expect(try q.age("fresh_within") == 3650 * 86400)
        #expect(throws: ServeError.badParameter(name: "lat", reason: "given more than once")) {
            try Parameters([("lat", "1"), ("lat", "2")], allowed: ["lat"])
        }
        let old = try Parameters([("fresh_within", "3651d")], allowed: ["fresh_within"])
        #expect(
            throws: ServeError.badParameter(
                name: "fresh_within", reason: "'3651d' is not an age such as 90m, 3h or 2d (at most 3650d)")
        ) {
            try old.age("fresh_within")
        }
    }
}
