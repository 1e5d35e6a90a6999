import Foundation
import NIOCore
import Routing

/// Runs blocking work (SQLite reads, the nearest search) on a Dispatch thread, off Swift's
/// cooperative pool and NIO's event loops. Work that outlives `timeout` seconds answers
/// `ServeError.timedOut` at that moment (give or take 10 ms), and a cancelled caller gets
/// `CancellationError` at once; either way the work's `SearchCancellation` is raised, so
/// work that checks it (every search a request can make long, and the wait for a reader)
/// stops there instead of finishing unseen. The deadlines share one
/// watcher thread: every request has the same timeout, so they expire in the order they
/// were set, and a queue is all it takes (a Dispatch timer per request cost more than the
/// answer).
// Safe: `deadlines`, `first` and `watching` are read and written only while `condition` is held.
final class Blocking: @unchecked Sendable {
    let timeout: Double
    private let condition = NSCondition()
    private var deadlines: [(at: UInt64, expire: @Sendable () -> Void)] = []
    private var first = 0
    private var watching = false

    init(timeout: Double) { self.timeout = timeout }

    /// The one-off form, for the few requests outside the read API's router (the preview
    /// page, contributions): its own watcher, which ends with the request.
    static func run<T: Sendable>(timeout: Double, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await Blocking(timeout: timeout).run(body)
    }

    /// Runs `body` on a Dispatch thread; the caller resumes on `loop` when one is given (the
    /// connection's event loop: its task runs there, see `EventLoopTaskExecutor`), else
    /// where the result comes from.
    func run<T: Sendable>(resumingOn loop: (any EventLoop)? = nil, _ body: @escaping @Sendable () throws -> T)
        async throws -> T
    {
        try await cancellable(resumingOn: loop) { _ in try body() }
    }

    /// `run(resumingOn:_:)` for work that stops when asked: `body` gets the cancellation
    /// raised at the timeout or when the caller is cancelled.
    func cancellable<T: Sendable>(
        resumingOn loop: (any EventLoop)? = nil, _ body: @escaping @Sendable (SearchCancellation) throws -> T
    ) async throws -> T {
        let once = Once<T>(loop: loop)
        let timeout = self.timeout
        let cancellation = SearchCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                once.set(continuation)
                expire(after: timeout) {
                    once.resume(.failure(ServeError.timedOut(seconds: timeout)))
                    cancellation.cancel()
                }
                DispatchQueue.global().async { once.resume(Result { try body(cancellation) }) }
            }
        } onCancel: {
            once.resume(.failure(CancellationError()))
            cancellation.cancel()
        }
    }

    /// Calls `expire` once `seconds` have passed (on the watcher thread).
    private func expire(after seconds: Double, _ expire: @escaping @Sendable () -> Void) {
        let at = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        condition.lock()
        deadlines.append((at, expire))
        let start = !watching
        watching = true
        condition.unlock()
        if start {
            let thread = Thread { [self] in watch() }
            thread.name = "locate-serve deadlines"
            thread.start()
        }
    }

    /// Expires deadlines as they come; ends when none is left (the next one starts it again).
    private func watch() {
        condition.lock()
        while first < deadlines.count {
            let now = DispatchTime.now().uptimeNanoseconds
            let next = deadlines[first].at
            if next > now {
                // 10 ms of slack: one wake-up expires the deadlines of many requests.
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(next - now) / 1e9 + 0.01))
                continue
            }
            var due: [@Sendable () -> Void] = []
            while first < deadlines.count, deadlines[first].at <= now {
                due.append(deadlines[first].expire)
                first += 1
            }
            if first > 1024, first * 2 > deadlines.count {
                deadlines.removeFirst(first)
                first = 0
            }
            condition.unlock()
            due.forEach { $0() }
            condition.lock()
        }
        deadlines.removeAll()
        first = 0
        watching = false
        condition.unlock()
    }

    /// Resumes a continuation exactly once, whichever of the work and the cancellation
    /// comes first (a result before the continuation is set waits for it).
    // Safe: `continuation`, `pending` and `done` are read and written only while `lock` is held; `loop` is immutable.
    private final class Once<T: Sendable>: @unchecked Sendable {
        private let loop: (any EventLoop)?
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var pending: Result<T, any Error>?
        private var done = false

        init(loop: (any EventLoop)?) { self.loop = loop }

        func set(_ c: CheckedContinuation<T, any Error>) {
            lock.lock()
            if let pending, !done {
                done = true
                lock.unlock()
                c.resume(with: pending)
                return
            }
            continuation = c
            lock.unlock()
        }

        func resume(_ result: Result<T, any Error>) {
            lock.lock()
            guard !done else { return lock.unlock() }
            guard let c = continuation else {
                if pending == nil { pending = result }
                return lock.unlock()
            }
            done = true
            continuation = nil
            lock.unlock()
            if let loop, !loop.inEventLoop {
                loop.execute { c.resume(with: result) }
            } else {
                c.resume(with: result)
            }
        }
    }
}
