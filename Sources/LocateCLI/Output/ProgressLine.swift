import Foundation
import Ingest
import Synchronization

/// The progress line `locate ingest` keeps on a terminal's stderr (never when piped).
enum ProgressLine {
    /// When the last line was written (monotonic seconds).
    private static let last = Mutex<Double>(-1)

    /// `12/207 stations, 340 answers, 4.1 MB`: written over the previous line, at most ten
    /// times a second (and always when the units are all done).
    @Sendable static func fetch(_ p: FetchProgress) {
        let now = ProcessInfo.processInfo.systemUptime
        let finished = p.total != nil && p.done == p.total
        let due = last.withLock { t in
            guard finished || now - t >= 0.1 else { return false }
            t = now
            return true
        }
        guard due else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text(p)).utf8))
    }

    /// The words of `p`: `12/207 stations, 340 answers, 4.1 MB`.
    static func text(_ p: FetchProgress) -> String {
        var parts: [String] = []
        if let done = p.done, let total = p.total, let unit = p.unit { parts.append("\(done)/\(total) \(unit)") }
        parts.append("\(p.requests) \(p.requests == 1 ? "answer" : "answers")")
        parts.append(bytes(p.bytes))
        return parts.joined(separator: ", ")
    }

    /// `812 B`, `4.1 kB`, `4.1 MB` (decimal units).
    static func bytes(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        if n < 1_000_000 { return String(format: "%.1f kB", Double(n) / 1000) }
        return String(format: "%.1f MB", Double(n) / 1_000_000)
    }
}
