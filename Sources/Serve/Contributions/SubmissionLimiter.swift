import Foundation

/// The submission rate limit: at most `perHour` accepted submissions per client (by salted
/// address hash) in any hour, counted by the running server (a sliding window of the
/// accepted ones' times). Stricter than the read limit, which still applies too.
final class SubmissionLimiter: @unchecked Sendable {
    private let perHour: Int
    private let lock = NSLock()
    private var accepted: [String: [Date]] = [:]

    init(perHour: Int) { self.perHour = max(1, perHour) }

    /// Nil when `client` may submit at `now`, else the whole seconds until it may.
    func wait(client: String, at now: Date) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let recent = (accepted[client] ?? []).filter { now.timeIntervalSince($0) < 3600 }
        accepted[client] = recent
        guard recent.count >= perHour, let oldest = recent.first else { return nil }
        return max(1, Int((3600 - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    /// Counts an accepted submission of `client` at `now`.
    func record(client: String, at now: Date) {
        lock.lock()
        defer { lock.unlock() }
        if accepted.count > 10_000 {
            accepted = accepted.filter { $0.value.contains { now.timeIntervalSince($0) < 3600 } }
        }
        accepted[client, default: []].append(now)
    }
}
