import Foundation
import Synchronization

/// Work that takes a lot of one thing (memory to decode a photo, a core to read a sign) done
/// `width` at a time, with at most `queue` more waiting their turn. A request past those is
/// refused at once with 503 and `Retry-After` (`Busy`) instead of holding a thread, a
/// submission slot and its body while it waits: however many uploads arrive together, the
/// work in hand and the threads it blocks stay bounded.
final class TurnGate: Sendable {
    let width: Int
    let queue: Int
    /// What a refused request is told, before ": retry after N s".
    let busyMessage: String
    let retryAfterSeconds: Int
    /// The requests admitted: at work or waiting for a turn.
    private let admittedCount = Mutex(0)
    private let turns: Turns

    // Safe: a DispatchSemaphore is thread-safe; it is the only state.
    private final class Turns: @unchecked Sendable {
        let semaphore: DispatchSemaphore
        init(_ width: Int) { semaphore = DispatchSemaphore(value: width) }
    }

    init(width: Int, queue: Int, busyMessage: String, retryAfterSeconds: Int) {
        self.width = max(1, width)
        self.queue = max(0, queue)
        self.busyMessage = busyMessage
        self.retryAfterSeconds = max(1, retryAfterSeconds)
        turns = Turns(self.width)
    }

    /// Photo decodes: two at once (a 40-megapixel photo takes about 120 MB while it is
    /// decoded), four waiting.
    static func photoDecodes() -> TurnGate {
        TurnGate(width: 2, queue: 4, busyMessage: "photo: other photos are being decoded", retryAfterSeconds: 10)
    }

    /// How long an admitted photo decode waits for its turn.
    static let decodeWaitSeconds = 20.0

    /// No room: 503 with `Retry-After`.
    struct Busy: Error, Equatable {
        let message: String
        let retryAfterSeconds: Int
    }

    /// `body`, admitted when fewer than `width + queue` are; else `Busy` at once. Inside,
    /// `turn(until:_:)` waits for one of the `width` turns.
    func admitted<T>(_ body: () throws -> T) throws -> T {
        let room = width + queue
        let admitted = admittedCount.withLock { count in
            guard count < room else { return false }
            count += 1
            return true
        }
        guard admitted else { throw busy }
        defer { admittedCount.withLock { $0 -= 1 } }
        return try body()
    }

    /// `body` in a turn, or nil when none was free by `deadline`. Call it inside `admitted`.
    func turn<T>(until deadline: DispatchTime, _ body: () throws -> T) rethrows -> T? {
        guard turns.semaphore.wait(timeout: deadline) == .success else { return nil }
        defer { turns.semaphore.signal() }
        return try body()
    }

    /// `body` admitted and in a turn, or `Busy` when there is no room or no turn within
    /// `waitSeconds`.
    func run<T>(waitSeconds: Double, _ body: () throws -> T) throws -> T {
        try admitted {
            guard let result = try turn(until: .now() + waitSeconds, body) else { throw busy }
            return result
        }
    }

    private var busy: Busy {
        Busy(message: "\(busyMessage): retry after \(retryAfterSeconds) s", retryAfterSeconds: retryAfterSeconds)
    }
}
