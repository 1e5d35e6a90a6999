import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// swift-log's `StreamLogHandler` line format (`2026-11-22T22:04:11+0000 info locate-serve:
/// [Serve] GET …`), written to stderr by a background thread: a request only appends its
/// line to a buffer, and the thread writes what has gathered every 50 ms (or sooner when
/// 64 KB are waiting). `StreamLogHandler` makes a `stat` of `/etc/localtime`, a `write` and
/// an `fflush` per line under a lock, on the request's thread.
struct BufferedLogHandler: LogHandler {
    let label: String
    let sink: LogSink
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let pretty = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        sink.append { stamp in "\(stamp) \(event.level) \(label):\(pretty) [\(event.source)] \(event.message)\n" }
    }
}

/// The buffer the handlers append to and the thread that writes it to a file descriptor.
/// At most 4 MB wait: when the reader of stderr falls that far behind, lines are dropped
/// and counted (a note says how many), so requests never wait for the log.
// Safe: `pending`, `dropped` and the stamp are used only under `condition`; writes to the file only under `writeLock`.
final class LogSink: @unchecked Sendable {
    private let condition = NSCondition()
    private let writeLock = NSLock()
    private var pending: [UInt8] = []
    private var dropped = 0
    private var second = -1
    private var stamp = ""
    private let descriptor: Int32
    private static let wakeBytes = 64 * 1024
    private static let maximumBytes = 4 * 1024 * 1024

    /// A sink writing to `descriptor` (2: stderr), with its writer thread started.
    init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
        let thread = Thread { [self] in self.writeForever() }
        thread.name = "locate-serve log"
        thread.start()
    }

    /// Appends the line `make` builds from the current second's timestamp (local time,
    /// `%Y-%m-%dT%H:%M:%S%z`, computed once per second).
    func append(_ make: (String) -> String) {
        condition.lock()
        let now = time(nil)
        if now != second {
            second = now
            stamp = LogSink.format(now)
        }
        let line = make(stamp)
        if pending.count + line.utf8.count > LogSink.maximumBytes {
            dropped += 1
        } else {
            pending.append(contentsOf: line.utf8)
            if pending.count >= LogSink.wakeBytes { condition.signal() }
        }
        condition.unlock()
    }

    /// Writes everything appended so far before it returns (at exit).
    func flush() {
        writeLock.lock()
        defer { writeLock.unlock() }
        condition.lock()
        let bytes = taken()
        condition.unlock()
        write(bytes)
    }

    private func writeForever() {
        while true {
            condition.lock()
            if pending.count < LogSink.wakeBytes { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
            condition.unlock()
            flush()
        }
    }

    /// The waiting bytes and the drop note, leaving the buffer empty (under `condition`).
    private func taken() -> [UInt8] {
        var bytes: [UInt8] = []
        swap(&bytes, &pending)
        if dropped > 0 {
            bytes.append(
                contentsOf:
                    "\(stamp) warning locate-serve: [LocateServe] \(dropped) log lines dropped: stderr is read too slowly\n".utf8)
            dropped = 0
        }
        return bytes
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    private static func format(_ t: Int) -> String {
        var seconds = time_t(t)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
