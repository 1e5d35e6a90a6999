import Foundation
import Places
import Routing
import Testing

@testable import Serve

/// Issue 36: a request's work stops with its answer. The timeout raises the work's
/// `SearchCancellation`; work that looks at it stops there, and a wait for a reader gives up.
@Suite struct SearchCancellationTests {
    /// Work that only ends when cancelled: the timeout answers, then the work sees the flag
    /// and stops (it would otherwise run until the test's 600 s bound).
    @Test func theTimeoutCancelsTheWork() async throws {
        let stopped = DispatchSemaphore(value: 0)
        await #expect(throws: ServeError.timedOut(seconds: 0.05)) {
            try await Blocking(timeout: 0.05).cancellable { cancellation in
                for _ in 0..<60_000 {
                    if cancellation.isCancelled {
                        stopped.signal()
                        throw CancellationError()
                    }
                    usleep(10_000)
                }
                return 1
            }
        }
        #expect(stopped.wait(timeout: .now() + 600) == .success)
        #expect(try await Blocking(timeout: 5).cancellable { c in c.isCancelled } == false)
    }

    @Test func aRaisedFlagThrowsCancellationError() {
        let c = SearchCancellation()
        #expect(!c.isCancelled)
        #expect(throws: Never.self) { try c.check() }
        c.cancel()
        #expect(c.isCancelled)
        #expect(throws: CancellationError.self) { try c.check() }
    }

    /// The readers of a state are all busy: a request whose flag is raised stops waiting.
    @Test func aWaitForAReaderStopsWhenCancelled() throws {
        let state = DataState(version: "v", lastModified: nil, readers: [])
        let c = SearchCancellation()
        c.cancel()
        #expect(throws: CancellationError.self) { try state.withReader(cancellation: c) { _ in 1 } }
    }
}
