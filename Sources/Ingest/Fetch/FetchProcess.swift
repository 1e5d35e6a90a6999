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

    /// One GET of `url` into the new file `path`: what happened, as the child reports it.
    static func get(_ url: String, into path: String, limits: HTTPLimits, headers: [String]) async throws -> FetchResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try helperPath())
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
        let pid = process.processIdentifier
        let grace = UInt64((min(limits.deadlineSeconds, 1e6) + 10) * 1_000_000_000)
        let killer = Task {
            try await Task.sleep(nanoseconds: grace)
            kill(pid, SIGKILL)
        }
        await withTaskCancellationHandler {
            await exited.wait()
        } onCancel: {
            kill(pid, SIGKILL)
        }
        killer.cancel()
        let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile().prefix(64 * 1024), as: UTF8.self)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile().prefix(4096), as: UTF8.self)
        guard let result = try? JSONDecoder().decode(FetchResult.self, from: Data(line.utf8)) else {
            if process.terminationReason == .uncaughtSignal {
                throw IngestError.unreadable(
                    path: url, reason: "locate-fetch was stopped by signal \(process.terminationStatus) (deadline or cancel)")
            }
            let said = text.split(separator: "\n").first.map { ": \($0)" } ?? ""
            throw IngestError.unreadable(
                path: url, reason: "locate-fetch failed (exit \(process.terminationStatus))\(said)")
        }
        return result
    }
}

/// A one-shot signal a `Process` termination handler (any thread) gives an async waiter.
private final class AsyncExit: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
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
}
