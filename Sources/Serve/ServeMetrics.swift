import Foundation

/// What `/metrics` counts (Prometheus text format, `PrometheusText`): requests by route and
/// status, their durations as a histogram by route, and the requests refused by the rate
/// limit with how many distinct clients they came from. Shared by every request; a lock
/// guards the counts (a handful of dictionary updates per request).
// Safe: every count is read and written only while `lock` is held.
final class ServeMetrics: @unchecked Sendable {
    /// The histogram's upper bounds in seconds (`le`), as Prometheus' default buckets.
    static let bucketBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// At most this many distinct rate-limited clients are remembered (the count stops there).
    static let maxLimitedClients = 10_000

    /// One route's durations.
    struct Histogram {
        var buckets = [Int](repeating: 0, count: ServeMetrics.bucketBounds.count)
        var count = 0
        var sum = 0.0
    }

    private let lock = NSLock()
    private var requests: [RouteStatus: Int] = [:]
    private var durations: [String: Histogram] = [:]
    private var limitedRequests = 0
    private var limitedClients: Set<String> = []

    /// A route (`/v1/toilets/nearest`, `unmatched`) and a status code.
    struct RouteStatus: Hashable, Comparable {
        var route: String
        var status: Int
        static func < (a: RouteStatus, b: RouteStatus) -> Bool { (a.route, a.status) < (b.route, b.status) }
    }

    /// Counts one answered request of `route` with `status` that took `seconds`; a 429 also
    /// counts its `client`.
    func record(route: String, status: Int, seconds: Double, client: String) {
        lock.lock()
        defer { lock.unlock() }
        requests[RouteStatus(route: route, status: status), default: 0] += 1
        var h = durations[route] ?? Histogram()
        for (i, bound) in ServeMetrics.bucketBounds.enumerated() where seconds <= bound { h.buckets[i] += 1 }
        h.count += 1
        h.sum += max(0, seconds)
        durations[route] = h
        if status == 429 {
            limitedRequests += 1
            if limitedClients.count < ServeMetrics.maxLimitedClients { limitedClients.insert(client) }
        }
    }

    /// A copy of the counts, for one scrape.
    struct Snapshot {
        var requests: [(RouteStatus, Int)]
        var durations: [(String, Histogram)]
        var limitedRequests: Int
        var limitedClients: Int
    }

    /// The counts now, sorted by route (and status).
    func snapshot() -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(
            requests: requests.sorted { $0.key < $1.key }, durations: durations.sorted { $0.key < $1.key },
            limitedRequests: limitedRequests, limitedClients: limitedClients.count)
    }
}
