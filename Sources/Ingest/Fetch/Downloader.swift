import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads an http(s) source to a temporary file (the ingest then reads it like a local
/// file), with a timeout and a clear error naming the URL.
enum Downloader {
    static let timeoutSeconds: TimeInterval = 60

    static func fetch(_ url: String) throws -> String {
        guard let u = URL(string: url) else { throw IngestError.unreadable(path: url, reason: "not a valid URL") }
        var request = URLRequest(url: u, timeoutInterval: timeoutSeconds)
        request.setValue("locate/0.1 (+https://github.com/locate)", forHTTPHeaderField: "User-Agent")
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("locate-\(UUID().uuidString).json")
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.downloadTask(with: request) { file, response, error in
            defer { done.signal() }
            if let error {
                box.set(.failure(IngestError.unreadable(path: url, reason: error.localizedDescription.lowercased())))
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                box.set(.failure(IngestError.unreadable(path: url, reason: "HTTP status \(http.statusCode)")))
                return
            }
            guard let file else {
                box.set(.failure(IngestError.unreadable(path: url, reason: "no body")))
                return
            }
            do {
                try FileManager.default.moveItem(at: file, to: target)
                box.set(.success(target.path))
            } catch {
                box.set(.failure(IngestError.unreadable(path: url, reason: "cannot save download: \(error)")))
            }
        }
        task.resume()
        done.wait()
        return try box.get().get()
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<String, IngestError> = .failure(.unreadable(path: "", reason: "not finished"))
        func set(_ v: Result<String, IngestError>) { lock.withLock { value = v } }
        func get() -> Result<String, IngestError> { lock.withLock { value } }
    }
}
