import Synchronization

/// How far the requests of a network ingest have come: the answers received and their
/// bytes, and, where the ingest knows it, the units of work done of all (`12` of `207`
/// stations). `locate ingest` shows it on a terminal (and nothing when piped).
public struct FetchProgress: Sendable, Equatable {
    /// Answers received (each request once, after its retries).
    public var requests = 0
    /// Body bytes of those answers.
    public var bytes = 0
    /// Units of work done, of `total`, when the ingest counts them (`unit`: `stations`).
    public var done: Int?
    /// All the units of work, when known.
    public var total: Int?
    /// What the units are, plural (`stations`).
    public var unit: String?

    /// A progress.
    public init(requests: Int = 0, bytes: Int = 0, done: Int? = nil, total: Int? = nil, unit: String? = nil) {
        self.requests = requests
        self.bytes = bytes
        self.done = done
        self.total = total
        self.unit = unit
    }
}

/// Counts a run's answers and tells `report` after each change, from whichever task made it
/// (the ingest's requests run in parallel). The library never prints: the adapter decides
/// what to show and when.
public final class FetchMeter: Sendable {
    private let state = Mutex(FetchProgress())
    private let report: @Sendable (FetchProgress) -> Void

    /// A meter that calls `report` with the progress after each change.
    public init(_ report: @escaping @Sendable (FetchProgress) -> Void) { self.report = report }

    /// The progress so far.
    public var progress: FetchProgress { state.withLock { $0 } }

    /// One more answer of `bytes` bytes.
    func received(bytes: Int) {
        let now = state.withLock { p in
            p.requests += 1
            p.bytes += max(0, bytes)
            return p
        }
        report(now)
    }

    /// `done` units of `total` (`unit`, plural) are done.
    func stage(done: Int, of total: Int, unit: String) {
        let now = state.withLock { p in
            (p.done, p.total, p.unit) = (done, total, unit)
            return p
        }
        report(now)
    }
}
