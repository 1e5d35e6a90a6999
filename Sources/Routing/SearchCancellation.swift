import Synchronization

/// A flag the caller of a long search raises when its answer is no longer wanted (the HTTP
/// server, when a request's timeout passes): the searches that take one (the route search,
/// the nearest and open searches of `Query`, a wait for a reader) check it as they go and
/// throw `CancellationError` once it is raised, so no request's work outlives its answer.
/// Libraries never read the clock: the caller decides when, and raises it from any thread.
public final class SearchCancellation: Sendable {
    private let raised = Atomic<Bool>(false)

    /// A flag not raised yet.
    public init() {}

    /// Raises the flag: searches that check it stop at their next check.
    public func cancel() { raised.store(true, ordering: .relaxed) }

    /// Whether the flag is raised.
    public var isCancelled: Bool { raised.load(ordering: .relaxed) }

    /// Throws `CancellationError` once the flag is raised.
    public func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
