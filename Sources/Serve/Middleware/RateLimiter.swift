import Synchronization

/// A token bucket per client: `burst` requests at once, refilled at `rate` per second.
/// Buckets of clients quiet long enough to be full again are dropped.
final class RateLimiter: Sendable {
    private let rate: Double
    private let burst: Double
    private let buckets = Mutex<[String: (tokens: Double, at: Double)]>([:])

    init(rate: Double, burst: Int) {
        self.rate = rate
        self.burst = Double(burst)
    }

    /// Takes a token for `client` at monotonic time `now`: nil when allowed, else the whole
    /// seconds until a token is there (`Retry-After`).
    func take(client: String, at now: Double) -> Int? {
        let rate = rate
        let burst = burst
        return buckets.withLock { buckets in
            if buckets.count > 10_000 {
                buckets = buckets.filter { ($0.value.tokens + (now - $0.value.at) * rate) < burst }
            }
            let old = buckets[client] ?? (burst, now)
            let tokens = min(burst, old.tokens + max(0, now - old.at) * rate)
            guard tokens >= 1 else {
                buckets[client] = (tokens, now)
                return max(1, Int(((1 - tokens) / rate).rounded(.up)))
            }
            buckets[client] = (tokens - 1, now)
            return nil
        }
    }
}
