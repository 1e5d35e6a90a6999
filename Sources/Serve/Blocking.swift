import Foundation

/// Runs blocking work (SQLite reads, the nearest search) on a Dispatch thread, off Swift's
/// cooperative pool and NIO's event loops. Work that outlives `timeout` seconds answers
/// `ServeError.timedOut` at that moment, and a cancelled caller gets `CancellationError`
/// at once; the work itself finishes unseen.
enum Blocking {
    static func run<T: Sendable>(timeout: Double, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let once = Once<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                once.set(continuation)
                DispatchQueue.global().async { once.resume(Result { try body() }) }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                    once.resume(.failure(ServeError.timedOut(seconds: timeout)))
                }
            }
        } onCancel: {
            once.resume(.failure(CancellationError()))
        }
    }

    /// Resumes a continuation exactly once, whichever of the work and the cancellation
    /// comes first (a result before the continuation is set waits for it).
    private final class Once<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var pending: Result<T, any Error>?
        private var done = false

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
            c.resume(with: result)
        }
    }
}
