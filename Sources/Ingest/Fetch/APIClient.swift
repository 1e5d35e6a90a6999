import FetchContract
import Foundation
import Hours
import Storage

/// Where API responses come from: the live API (with retries, saving every response when
/// asked), a folder of saved responses (`--replay`), or a folder of answer files in the
/// API's path layout (`FolderSource`). Keyed by the request URL.
protocol ResponseSource: Sendable {
    /// The body of `url`, or a thrown `IngestError` after the last try.
    func get(_ url: String) async throws -> [UInt8]
}

/// The HTTP client a public API deserves: a user agent, hard limits on every request
/// (`HTTPLimits`: size, total deadline, stall, redirects), retries with exponential backoff
/// on 5xx, 429 and transport errors, honouring `Retry-After`, and a clear error naming the
/// URL after the last try. Each request runs in `locate-fetch`, which streams the body to a
/// file. Every response body is saved with its URL and fetch time in `record` (when
/// given), so the run can be replayed offline.
struct HTTPSource: ResponseSource {
    var limits = HTTPLimits()
    var attempts = 4
    var backoffSeconds: TimeInterval = 0.5
    var record: ResponseRecorder?
    let clock: @Sendable () -> Date
    /// Counts the answers received (`locate ingest`'s progress on a terminal).
    var meter: FetchMeter? = nil
    /// A header that must stay secret (`X-API-Key: …`): handed to `locate-fetch` in its
    /// environment, never on its command line (which every user of the machine can read).
    var secretHeader: String? = nil
    /// Said after `HTTP status 401`/`403` (`the API refused the key in OPENAQ_API_KEY`).
    var refusalHint: String? = nil

    static let userAgent = "locate/0.1 (open-data locator; +https://github.com/locate/locate)"

    func get(_ url: String) async throws -> [UInt8] {
        let path = HTTPSource.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await download(url, into: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError.unreadable(path: url, reason: "the downloaded answer vanished from \(path)")
        }
        let body = [UInt8](data)
        try await record?.save(url: url, body: body, at: clock())
        return body
    }

    /// Fetches `url` into the file `path` (replaced), retrying what a retry can change.
    /// Throws an `IngestError` naming the URL when no usable answer came.
    func download(_ url: String, into path: String) async throws {
        guard let u = URL(string: url), ["http", "https"].contains(u.scheme?.lowercased() ?? ""), u.host != nil else {
            throw IngestError.unreadable(path: url, reason: "not a valid http(s) URL")
        }
        var last = "no attempt"
        for attempt in 1...attempts {
            try? FileManager.default.removeItem(atPath: path)
            var wait = backoffSeconds * pow(2, Double(attempt - 1))
            let result = try await FetchProcess.get(
                url, into: path, limits: limits,
                headers: ["User-Agent: \(HTTPSource.userAgent)", "Accept: application/json"], secret: secretHeader)
            if let failure = result.error {
                last = failure.message
                // Limits are answers too: the same request would break them again.
                if [.tooLarge, .redirects, .output, .deadline].contains(failure.kind) {
                    throw IngestError.unreadable(path: url, reason: failure.message)
                }
            } else if let status = result.status {
                if (200..<300).contains(status) {
                    try HTTPSource.checkNotHTML(result, at: path)
                    meter?.received(bytes: result.bytes)
                    return
                }
                last = "HTTP status \(status)"
                // A 4xx with the API's error object is an answer (a manual sensor, say), not a failure.
                if (400..<500).contains(status), status != 429, HTTPSource.isAPIError(at: path) {
                    meter?.received(bytes: result.bytes)
                    return
                }
                // Other 4xx answers are final: retrying cannot change them.
                if status == 401 || status == 403, let refusalHint {
                    throw IngestError.unreadable(path: url, reason: "\(last): \(refusalHint)")
                }
                guard status == 429 || status >= 500 else { throw IngestError.unreadable(path: url, reason: last) }
                if let after = result.retryAfter.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), after >= 0 {
                    guard after <= limits.maxRetryAfterSeconds else {
                        throw IngestError.unreadable(
                            path: url,
                            reason:
                                "\(last): the server asks to retry after \(Int(min(after, 1e9))) s, more than the \(Int(limits.maxRetryAfterSeconds)) s this run waits"
                        )
                    }
                    wait = after
                }
            }
            if attempt < attempts { try await Task.sleep(nanoseconds: UInt64(max(0, min(wait, 1e6)) * 1_000_000_000)) }
        }
        throw IngestError.unreadable(path: url, reason: "\(last) after \(attempts) tries")
    }

    /// An HTML page (a portal's error or login page, a captive portal) where data was
    /// expected: said as such instead of a JSON syntax error at its first `<`.
    private static func checkNotHTML(_ result: FetchResult, at path: String) throws {
        let type = (result.contentType ?? "").lowercased()
        let head = FileHandle(forReadingAtPath: path).map { h in
            defer { try? h.close() }
            return h.readData(ofLength: 512)
        }
        let first = head?.first { !(" \t\r\n" as String).utf8.contains($0) }
        if type.hasPrefix("text/html") || first == UInt8(ascii: "<") {
            throw IngestError.unreadable(
                path: result.url,
                reason: "the server answered with an HTML page (content type \(result.contentType ?? "none")), not data")
        }
    }

    /// Whether the answer at `path` is the API's error object (`"error_code"` in a small body).
    private static func isAPIError(at path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        return String(decoding: h.readData(ofLength: 64 * 1024), as: UTF8.self).contains("\"error_code\"")
    }

    /// A fresh path in the temporary folder for one answer.
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("locate-\(UUID().uuidString).body").path
    }
}
