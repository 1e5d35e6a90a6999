import Foundation
import Storage

/// Computes the SHA-256 of a byte stream on a thread of its own: the parser hands over each
/// chunk it read (the same bytes it parses) and asks for the digest at the end.
final class DigestWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var closed = false
    private var digest: String? = nil

    init() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Queues a chunk (at most 16 wait, so memory stays bounded).
    func add(_ chunk: [UInt8]) {
        condition.lock()
        while chunks.count >= 16 { condition.wait() }
        chunks.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the stream without waiting (idempotent); the thread then exits.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for every queued chunk and returns the digest (lower-case hex).
    func finish() -> String {
        condition.lock()
        closed = true
        condition.broadcast()
        while digest == nil { condition.wait() }
        let d = digest ?? ""
        condition.unlock()
        return d
    }

    private func run() {
        var hasher = SHA256Hasher()
        while true {
            condition.lock()
            while chunks.isEmpty && !closed { condition.wait() }
            if chunks.isEmpty && closed {
                digest = hasher.finalize().hexString
                condition.broadcast()
                condition.unlock()
                return
            }
            let chunk = chunks.removeFirst()
            condition.broadcast()
            condition.unlock()
            hasher.update(chunk)
        }
    }
}
