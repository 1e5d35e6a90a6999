import Foundation

/// The UTC offsets of one time zone, learnt from Foundation one span of 2^24 seconds (about
/// 194 days) at a time and kept for the life of the process: each span holds the offset at its
/// start and the zone's transitions inside it, so an offset is a table look-up instead of an
/// ICU call (several per evaluation). One table per zone identifier, shared by every
/// evaluation in that zone (`ZoneOffsets.shared(for:)`); thread-safe.
///
/// A span is trusted only when its transitions account for the offset Foundation gives at its
/// last second; otherwise (a change Foundation does not report as a transition) that span is
/// answered by Foundation directly, so the table never answers differently from it.
// Safe: `spans` and `recent` are read and written only while `lock` is held; `timeZone` is immutable.
final class ZoneOffsets: @unchecked Sendable {
    let timeZone: TimeZone
    private let lock = NSLock()
    private var spans: [Int: Span] = [:]
    /// The span last asked for (evaluations in a row usually need the same one).
    private var recent: Span?

    /// The most spans kept per zone (4,096 spans cover about 2,200 years).
    static let maxSpans = 4096

    /// Spans kept now.
    var spanCount: Int { lock.withLock { spans.count } }

    /// The bits of a span's length in seconds.
    static let spanShift = 24

    /// The offsets inside one span: `first` from `start`, then each change in `changes`
    /// (sorted, all inside the span). Nil `changes` when the span is not trusted.
    struct Span {
        let start: Int
        let end: Int
        let first: Int
        let changes: [(at: Int, offset: Int)]?
        /// The changes that set the clocks back (the offset falls), in order; nil when the
        /// span is not trusted.
        let backward: [Int]?

        init(start: Int, end: Int, first: Int, changes: [(at: Int, offset: Int)]?) {
            self.start = start
            self.end = end
            self.first = first
            self.changes = changes
            backward = changes.map { changes in
                var before = first
                var back: [Int] = []
                for c in changes {
                    if c.offset < before { back.append(c.at) }
                    before = c.offset
                }
                return back
            }
        }

        func contains(_ t: Int) -> Bool { t >= start && t < end }

        /// The offset at `t` (inside the span), or nil when the span is not trusted.
        func offset(at t: Int) -> Int? {
            guard let changes else { return nil }
            var offset = first
            for c in changes {
                if c.at > t { break }
                offset = c.offset
            }
            return offset
        }
    }

    private init(timeZone: TimeZone) { self.timeZone = timeZone }

    private static let registryLock = NSLock()
    // Safe: read and written only while `registryLock` is held (`shared(for:)`).
    nonisolated(unsafe) private static var registry: [String: ZoneOffsets] = [:]

    /// The table of `timeZone`, one per identifier for the process.
    static func shared(for timeZone: TimeZone) -> ZoneOffsets {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let table = registry[timeZone.identifier] { return table }
        let table = ZoneOffsets(timeZone: timeZone)
        registry[timeZone.identifier] = table
        return table
    }

    /// The span holding second `t` (whole seconds since 1970).
    func span(containing t: Int) -> Span {
        let key = t >> ZoneOffsets.spanShift
        lock.lock()
        if let s = recent, s.contains(t) {
            lock.unlock()
            return s
        }
        if let s = spans[key] {
            recent = s
            lock.unlock()
            return s
        }
        lock.unlock()
        let s = learn(key)
        lock.lock()
        // Bounded: instants spread over millennia (a server's `at=`) cannot grow the table
        // without end; past the bound it starts again (spans are relearnt on demand).
        if spans.count >= ZoneOffsets.maxSpans { spans.removeAll(keepingCapacity: true) }
        spans[key] = s
        recent = s
        lock.unlock()
        return s
    }

    /// Asks Foundation for the span numbered `key`.
    private func learn(_ key: Int) -> Span {
        let start = key << ZoneOffsets.spanShift
        let end = (key + 1) << ZoneOffsets.spanShift
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start)))
        var changes: [(at: Int, offset: Int)] = []
        var after = Date(timeIntervalSince1970: Double(start))
        var last = first
        while let next = timeZone.nextDaylightSavingTimeTransition(after: after) {
            let at = Int(next.timeIntervalSince1970.rounded(.down))
            guard at < end, at > Int(after.timeIntervalSince1970.rounded(.down)), changes.count < 64 else { break }
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(at)))
            if offset != last { changes.append((at, offset)) }
            last = offset
            after = Date(timeIntervalSince1970: Double(at))
        }
        let trusted = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(end - 1))) == last
        return Span(start: start, end: end, first: first, changes: trusted ? changes : nil)
    }

    /// The zone's offset at second `t`, as `TimeZone.secondsFromGMT(for:)` gives it.
    func offset(at t: Int) -> Int {
        span(containing: t).offset(at: t)
            ?? timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }
}
