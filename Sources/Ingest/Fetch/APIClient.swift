import Foundation
import Hours
import Storage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where API responses come from: the live API (with retries, saving every response when
/// asked), a folder of saved responses (`--replay`), or a folder of answer files in the
/// API's path layout (`FolderSource`). Keyed by the request URL.
protocol ResponseSource: Sendable {
    /// The body of `url`, or a thrown `IngestError` after the last try.
    func get(_ url: String) async throws -> [UInt8]
}

/// The HTTP client a public API deserves: a user agent, a timeout per request, retries with
/// exponential backoff on 5xx, 429 and network errors, honouring `Retry-After`, and a clear
/// error after the last try. Every response body is saved with its URL and fetch time in
/// `record` (when given), so the run can be replayed offline.
struct HTTPSource: ResponseSource {
    var timeoutSeconds: TimeInterval = 30
    var attempts = 4
    var backoffSeconds: TimeInterval = 0.5
    var record: ResponseRecorder?
    let clock: @Sendable () -> Date

    static let userAgent = "locate/0.1 (open-data locator; +https://github.com/locate/locate)"

    func get(_ url: String) async throws -> [UInt8] {
        guard let u = URL(string: url) else { throw IngestError.unreadable(path: url, reason: "not a valid URL") }
        var last = "no attempt"
        for attempt in 1...attempts {
            var request = URLRequest(url: u, timeoutInterval: timeoutSeconds)
            request.setValue(HTTPSource.userAgent, forHTTPHeaderField: "User-Agent")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            var wait = backoffSeconds * pow(2, Double(attempt - 1))
            switch await HTTPSource.send(request) {
            case .failure(let error):
                last = error.localizedDescription.lowercased()
            case .success(let (data, response)):
                guard let http = response as? HTTPURLResponse else { break }
                if (200..<300).contains(http.statusCode) {
                    let body = [UInt8](data)
                    try await record?.save(url: url, body: body, at: clock())
                    return body
                }
                last = "HTTP status \(http.statusCode)"
                // A 4xx with the API's error object is an answer (a manual sensor, say), not a failure.
                if (400..<500).contains(http.statusCode), http.statusCode != 429,
                    String(decoding: data, as: UTF8.self).contains("\"error_code\"")
                {
                    try await record?.save(url: url, body: [UInt8](data), at: clock())
                    return [UInt8](data)
                }
                // Other 4xx answers are final: retrying cannot change them.
                guard http.statusCode == 429 || http.statusCode >= 500 else {
                    throw IngestError.unreadable(path: url, reason: last)
                }
                if let after = http.value(forHTTPHeaderField: "Retry-After").flatMap(Double.init) {
                    wait = max(0, min(after, 120))
                }
            }
            if attempt < attempts { try await Task.sleep(nanoseconds: UInt64(max(0, wait) * 1_000_000_000)) }
        }
        throw IngestError.unreadable(path: url, reason: "\(last) after \(attempts) tries")
    }

    /// One request; a transport error (no answer, timeout) is a value, so the caller can retry.
    private static func send(_ request: URLRequest) async -> Result<(Data, URLResponse), any Error> {
        do {
            return .success(try await URLSession.shared.data(for: request))
        } catch {
            return .failure(error)
        }
    }
}
