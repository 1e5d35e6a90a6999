import FetchContract
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET through URLSession with its body streamed to a file: the size cap is checked
/// against `Content-Length` before the first byte and against every chunk after it; the
/// deadline covers the whole request (redirects and body included); the stall bound is
/// URLSession's idle timeout; redirects are counted.
// Safe: `result`, `redirects` and `closed` are read and written only while `lock` is held; the rest is immutable.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Limits {
        var maxBytes: Int
        var deadline: Double
        var stall: Double
        var maxRedirects: Int
    }

    private let limits: Limits
    private let output: Int32
    private let outputPath: String
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var result: FetchResult
    private var redirects = 0
    private var closed = false

    private init(url: String, output: Int32, outputPath: String, limits: Limits) {
        self.result = FetchResult(url: url)
        self.output = output
        self.outputPath = outputPath
        self.limits = limits
    }

    /// Fetches `url` into the new file `out`; never throws: every outcome is a result.
    static func run(url: String, headers: [String], out: String, limits: Limits) -> FetchResult {
        let fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0, let u = URL(string: url) else {
            let reason = String(cString: strerror(errno)).lowercased()
            return FetchResult(url: url, error: FetchFailure(kind: .output, message: "cannot create \(out): \(reason)"))
        }
        let transfer = Transfer(url: url, output: fd, outputPath: out, limits: limits)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.stall
        configuration.timeoutIntervalForResource = limits.deadline + 5  // a backstop: our own deadline fires first
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        var request = URLRequest(url: u, timeoutInterval: limits.stall)
        for h in headers {
            guard let colon = h.firstIndex(of: ":") else { continue }  // validate() refused these
            request.setValue(
                h[h.index(after: colon)...].trimmingCharacters(in: .whitespaces), forHTTPHeaderField: String(h[..<colon]))
        }
        let task = session.dataTask(with: request)
        task.resume()
        if transfer.finished.wait(timeout: .now() + limits.deadline) == .timedOut {
            transfer.fail(.deadline, "no complete answer within the \(seconds(limits.deadline)) deadline")
            task.cancel()
            // URLSession reports the cancellation at once; never wait long for it.
            _ = transfer.finished.wait(timeout: .now() + 2)
        }
        // No `invalidateAndCancel()`: the process ends right after the result line, and
        // URLSession's teardown can wait while a server keeps flooding the connection.
        _ = session
        transfer.lock.withLock { transfer.closed = true }
        if close(fd) != 0 {
            transfer.fail(.output, "cannot write \(out): \(String(cString: strerror(errno)).lowercased())")
        }
        return transfer.lock.withLock { transfer.result }
    }

    /// Records the first failure only: later ones (the cancellation it causes) add nothing.
    private func fail(_ kind: FetchFailure.Kind, _ message: String) {
        lock.withLock {
            if result.error == nil { result.error = FetchFailure(kind: kind, message: message) }
        }
    }

    /// A limit this side decided: the answer is final now. URLSession may take until its
    /// stall timeout to report the cancellation, so the waiter is released at once.
    private func stop(_ task: URLSessionTask, _ kind: FetchFailure.Kind, _ message: String) {
        fail(kind, message)
        task.cancel()
        finished.signal()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.withLock {
            result.status = http?.statusCode
            // Header values are the server's: the result line stays small whatever it sends.
            result.contentType = http?.value(forHTTPHeaderField: "Content-Type").map { Transfer.capped($0) }
            result.retryAfter = http?.value(forHTTPHeaderField: "Retry-After").map { Transfer.capped($0) }
        }
        if response.expectedContentLength > Int64(limits.maxBytes) {
            completionHandler(.cancel)
            stop(
                dataTask, .tooLarge,
                "the answer announces \(response.expectedContentLength) bytes, more than the limit of \(limits.maxBytes)")
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Checked and written under the lock: once the file is closed nothing writes to it.
        let verdict: (FetchFailure.Kind, String)? = lock.withLock {
            guard result.error == nil, !closed else { return nil }
            let total = result.bytes + data.count
            guard total <= limits.maxBytes else {
                return (.tooLarge, "the answer is larger than the limit of \(limits.maxBytes) bytes")
            }
            if let reason = writeAll(data) { return (.output, "cannot write \(outputPath): \(reason)") }
            result.bytes = total
            return nil
        }
        if let (kind, message) = verdict { stop(dataTask, kind, message) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = lock.withLock {
            redirects += 1
            return redirects
        }
        guard count <= limits.maxRedirects else {
            completionHandler(nil)
            stop(
                task, .redirects,
                "more than \(limits.maxRedirects) redirects (the last to \(Transfer.capped(request.url?.absoluteString ?? "?")))"
            )
            return
        }
        completionHandler(Transfer.sameOriginOrBare(request, from: task.originalRequest?.url))
    }

    /// The redirected request as URLSession made it when it goes to the origin (scheme, host,
    /// port) of the first request; otherwise without the caller's headers (`setValue` in
    /// `run`), so an API key is never sent to another host or over plain HTTP.
    static func sameOriginOrBare(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let to = request.url, let from = original else { return request }
        func origin(_ u: URL) -> String { "\(u.scheme?.lowercased() ?? "")://\(u.host?.lowercased() ?? ""):\(u.port ?? -1)" }
        guard origin(to) != origin(from) else { return request }
        var bare = URLRequest(url: to, timeoutInterval: request.timeoutInterval)
        bare.httpMethod = request.httpMethod
        return bare
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut {
                fail(.stalled, "no data for \(Transfer.seconds(limits.stall))")
            } else {
                fail(.transport, Transfer.capped(error.localizedDescription.lowercased()))
            }
        }
        finished.signal()
    }

    /// Writes every byte of `data`, retrying short writes and EINTR; the reason on failure.
    private func writeAll(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            guard var p = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let n = write(output, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno)).lowercased()
                }
                left -= n
                p += n
            }
            return nil
        }
    }

    static func seconds(_ s: Double) -> String { String(format: "%g s", s) }

    /// `text` cut to 1,000 characters (with `…`): what a server sends never grows the line.
    static func capped(_ text: String) -> String { text.count > 1000 ? String(text.prefix(1000)) + "…" : text }
}
