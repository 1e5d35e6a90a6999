public import Foundation
public import Hours

// Safe: `spans` is read and written only while `lock` is held.
/// Toilets' open states already evaluated, by row id, for the finders of one committed
/// state to share (the HTTP server keeps one per data version, beside its row cache, so a
/// new version starts empty). A state evaluated at instant `t` with next change `n` holds
/// for every instant in `[t, n)`: a later question inside that span is answered without
/// evaluating the hours again; one outside it (the clock passed `n`, or an earlier `at=`)
/// evaluates again and replaces the span. The evaluator's next change counts both passes of
/// the repeated autumn hour, so a span holds across clock changes too
/// (`OpenStateCacheClockChangeTests`). A state with no next change is never kept (the
/// evaluator only looks so far ahead). At most `capacity` rows are kept; past it the cache
/// starts again empty.
public final class OpenStateCache: @unchecked Sendable {
    /// The most rows kept.
    public let capacity: Int
    private let lock = NSLock()
    private var spans: [Int64: Span] = [:]

    /// A state and the instants it holds for: from `from` (included) to `until` (excluded),
    /// its next change.
    public struct Span: Sendable, Equatable {
        /// The state.
        public var state: HoursState
        /// The instant it was evaluated at.
        public var from: Date
        /// The end of the instants it holds for.
        public var until: Date
        /// Its next change, as the evaluator answered it.
        public var nextChange: Date
    }

    /// An empty cache keeping at most `capacity` rows (0: none).
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Rows kept now.
    public var count: Int { lock.withLock { spans.count } }

    /// The state of row `id` at `instant` and its next change: from a kept span that holds
    /// `instant`, or `evaluate`d (then kept until its next change, when it has one).
    public func state(
        _ id: Int64, at instant: Date, evaluate: () -> (state: HoursState, nextChange: Date?)
    ) -> (state: HoursState, nextChange: Date?) {
        if let span = kept(id, at: instant) { return (span.state, span.nextChange) }
        let answer = evaluate()
        guard capacity > 0, let next = answer.nextChange, next > instant else { return answer }
        lock.withLock {
            if spans.count >= capacity, spans[id] == nil { spans.removeAll(keepingCapacity: true) }
            spans[id] = Span(state: answer.state, from: instant, until: next, nextChange: next)
        }
        return answer
    }

    /// The kept state of row `id` at `instant`, or nil when no kept span holds it.
    public func kept(_ id: Int64, at instant: Date) -> Span? {
        guard let span = lock.withLock({ spans[id] }), span.from <= instant, instant < span.until else { return nil }
        return span
    }
}
