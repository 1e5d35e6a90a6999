import Foundation

/// The submission rate limit: at most `perHour` submissions per client (by salted address
/// hash) in any hour. A submission reserves its slot before it is stored (check and count
/// are one step under the lock, so parallel requests cannot all pass) and gives it back when
/// it is not stored (refused, 409, a failed write). A client first seen by this process is
/// seeded from the database (`LocateStore.recentContributions`): a restart does not reset
/// the count; those stored submissions are counted as if received at the seeding time, so
/// after a restart `Retry-After` may be later than needed, never earlier.
// Safe: `slots` and `next` are read and written only while `lock` is held.
final class SubmissionLimiter: @unchecked Sendable {
    /// A reserved slot, to give back with `release`.
    struct Slot: Equatable, Sendable {
        let client: String
        let number: UInt64
    }

    private let perHour: Int
    private let lock = NSLock()
    private var slots: [String: [(number: UInt64, at: Date)]] = [:]
    private var next: UInt64 = 0

    init(perHour: Int) { self.perHour = max(1, perHour) }

    /// Reserves a slot of `client` at `now`, or throws 429 with the whole seconds until one
    /// is free. `stored` counts the client's submissions in the database since an hour
    /// before `now`; it is called only for a client this process has not seen (outside the
    /// lock).
    func reserve(client: String, at now: Date, stored: () throws -> Int) throws -> Slot {
        lock.lock()
        let seen = slots[client] != nil
        lock.unlock()
        let seed = seen ? 0 : try stored()
        lock.lock()
        defer { lock.unlock() }
        if slots[client] == nil {
            slots[client] = (0..<seed).map { _ in (number: take(), at: now) }
        }
        let recent = (slots[client] ?? []).filter { now.timeIntervalSince($0.at) < 3600 }
        if recent.count >= perHour, let oldest = recent.map(\.at).min() {
            slots[client] = recent
            throw ServeError.rateLimited(retryAfterSeconds: max(1, Int((3600 - now.timeIntervalSince(oldest)).rounded(.up))))
        }
        if slots.count > 10_000 {
            slots = slots.filter { $0.value.contains { now.timeIntervalSince($0.at) < 3600 } }
        }
        let slot = Slot(client: client, number: take())
        slots[client] = recent + [(number: slot.number, at: now)]
        return slot
    }

    /// Gives back a slot whose submission was not stored.
    func release(_ slot: Slot) {
        lock.lock()
        defer { lock.unlock() }
        slots[slot.client]?.removeAll { $0.number == slot.number }
    }

    /// A fresh slot number (under the lock).
    private func take() -> UInt64 {
        next += 1
        return next
    }
}
