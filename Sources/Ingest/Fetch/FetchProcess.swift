import FetchContract
import Foundation

/// Bounds on every HTTP request of an ingest. The defaults suit the public APIs this tool
/// reads (GIOŚ answers are kilobytes; an Overpass answer for a large city tens of megabytes).
public struct HTTPLimits: Sendable, Equatable {
    /// A body larger than this is refused (a clear error, nothing stored).
    public var maxBytes = 512 * 1024 * 1024
    /// One request, redirects and body included, ends within this many seconds.
    public var deadlineSeconds: Double = 300
    /// A request with no byte for this many seconds is given up (and retried).
    public var stallSeconds: Double = 30
    /// Redirects followed before giving up.
    public var maxRedirects = 5
    /// The longest `Retry-After` honoured; a server asking for more ends the run at once.
    public var maxRetryAfterSeconds: Double = 120

    /// The default limits.
    public init() {}
}

/// Runs `locate-fetch` (the small executable beside `locate` that owns URLSession) for one
/// request, streaming the body to a file. The child enforces the limits itself; the parent
/// kills it when it outlives its deadline by 10 s, or when the calling task is cancelled.
enum FetchProcess {
    /// The helper: `$LOCATE_FETCH`, else `locate-fetch` beside the running executable.
    static func helperPath() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LOCATE_FETCH"], !path.isEmpty { return path }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        let path = (exe as NSString).deletingLastPathComponent + "/locate-fetch"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw IngestError.unsupported(
                path: path,
                reason: "locate-fetch, which makes the HTTP requests, is missing: build it (`swift build`) or set LOCATE_FETCH")
        }
        return path
    }

    /// The environment variable that hands `locate-fetch` a secret header (`NAME: VALUE`).
    static let secretHeaderVariable = "LOCATE_FETCH_SECRET_HEADER"

    /// One GET of `url` into the new file `path`: what happened, as the child reports it.
    /// `secret` (`X-API-Key: …`) goes to the child in its environment, not its arguments.
    static func get(_ url: String, into path: String, limits: HTTPLimits, headers: [String], secret: String? = nil)
        async throws -> FetchResult
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try helperPath())
        var environment = ProcessInfo.processInfo.environment
        environment[secretHeaderVariable] = secret
        process.environment = environment
        process.arguments =
            [
                url, "--out", path, "--max-bytes", String(limits.maxBytes), "--deadline", String(limits.deadlineSeconds),
                "--stall", String(limits.stallSeconds), "--max-redirects", String(limits.maxRedirects),
            ] + headers.flatMap { ["--header", $0] }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncExit()
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw IngestError.unreadable(path: url, reason: "cannot run locate-fetch: \(error.localizedDescription)")
        }
        // Both pipes are read while the child runs: a child that writes more than a pipe
        // holds must never block until the deadline kill.
        let stdout = PipeDrain(out.fileHandleForReading, keep: 64 * 1024, until: exited)
        let stderr = PipeDrain(err.fileHandleForReading, keep: 4096, until: exited)
        let pid = process.processIdentifier
        let grace = UInt64((min(limits.deadlineSeconds, 1e6) + 10) * 1_000_000_000)
        let killer = Task {
            try await Task.sleep(nanoseconds: grace)
            exited.kill(pid, because: "did not end within its \(Int(min(limits.deadlineSeconds, 1e6))) s deadline")
        }
        await withTaskCancellationHandler {
            await exited.wait()
        } onCancel: {
            exited.kill(pid, because: "the run was cancelled")
        }
        killer.cancel()
        let line = String(decoding: await stdout.data(), as: UTF8.self)
        let text = String(decoding: await stderr.data(), as: UTF8.self)
        guard let result = try? JSONDecoder().decode(FetchResult.self, from: Data(line.utf8)) else {
            if let why = exited.killedBecause {
                throw IngestError.unreadable(path: url, reason: "locate-fetch was stopped: it \(why)")
            }
            if process.terminationReason == .uncaughtSignal {
                throw IngestError.unreadable(path: url, reason: "locate-fetch crashed (signal \(process.terminationStatus))")
            }
            let said = text.split(separator: "\n").first.map { ": \($0.prefix(300))" } ?? ""
            throw IngestError.unreadable(
                path: url, reason: "locate-fetch failed (exit \(process.terminationStatus))\(said)")
        }
        return result
    }
}

/// A one-shot signal a `Process` termination handler (any thread) gives an async waiter,
/// and the one place that kills the child: never after it has ended (its pid may be reused),
/// and remembering why.
// Safe: `done`, `reason` and `waiter` are read and written only while `lock` is held.
private final class AsyncExit: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var reason: String?
    private var waiter: CheckedContinuation<Void, Never>?

    func signal() {
        let w: CheckedContinuation<Void, Never>? = lock.withLock {
            done = true
            defer { waiter = nil }
            return waiter
        }
        w?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if done { return true }
                waiter = c
                return false
            }
            if now { c.resume() }
        }
    }

    /// Sends SIGKILL to `pid` unless it has already ended; `why` completes "it …".
    func kill(_ pid: Int32, because why: String) {
        lock.withLock {
            guard !done, reason == nil else { return }
            reason = why
            _ = Foundation.kill(pid, SIGKILL)
        }
    }

    /// Why this side killed the child, if it did.
    var killedBecause: String? { lock.withLock { reason } }

    /// Whether the child has ended.
    var ended: Bool { lock.withLock { done } }
}

/// Reads a pipe on a thread of its own, keeping the first `keep` bytes, until its end or,
/// once the child has ended, until it is empty: another child started meanwhile may have
/// inherited the pipe's write end and keep it open long after ours is gone.
// Safe: `kept`, `finished` and `waiter` are read and written only while `lock` is held.
private final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var kept = Data()
    private var finished = false
    private var waiter: CheckedContinuation<Data, Never>?

    init(_ handle: FileHandle, keep: Int, until child: AsyncExit) {
        Thread.detachNewThread { [self] in
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&p, 1, 100)
                if ready < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if ready == 0 {
                    if child.ended { break }  // nothing left and nothing more to come
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                lock.withLock { if kept.count < keep { kept.append(contentsOf: buffer[0..<min(n, keep - kept.count)]) } }
            }
            let w: CheckedContinuation<Data, Never>? = lock.withLock {
                finished = true
                defer { waiter = nil }
                return waiter
            }
            w?.resume(returning: lock.withLock { kept })
        }
    }

    /// The kept bytes, once the pipe has ended.
    func data() async -> Data {
        await withCheckedContinuation { (c: CheckedContinuation<Data, Never>) in
            let now: Data? = lock.withLock {
                if finished { return kept }
                waiter = c
                return nil
            }
            if let now { c.resume(returning: now) }
        }
    }
}
