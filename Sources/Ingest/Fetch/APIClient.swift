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

/// Saves responses as numbered files plus `index.tsv` (url, file, fetch time in UTC): the
/// folder `--replay` reads. An actor: parallel fetches save one at a time.
actor ResponseRecorder {
    let folder: String
    private var count = 0

    init(folder: String) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw IngestError.unreadable(path: folder, reason: "cannot create the response folder")
        }
        // A folder used before keeps its answers: number on after them.
        if let index = FileManager.default.contents(atPath: folder + "/index.tsv") {
            count = index.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        }
    }

    /// Saves `body` as the next numbered file and adds its line to `index.tsv`.
    func save(url: String, body: [UInt8], at: Date) throws {
        count += 1
        let file = String(format: "%05d.json", count)
        guard FileManager.default.createFile(atPath: folder + "/" + file, contents: Data(body)) else {
            throw IngestError.unreadable(path: folder, reason: "cannot save \(file)")
        }
        let line = "\(url)\t\(file)\t\(InstantText.utc(at))\n"
        let index = folder + "/index.tsv"
        if let h = FileHandle(forWritingAtPath: index) {
            h.seekToEndOfFile()
            h.write(Data(line.utf8))
            try? h.close()
        } else if !FileManager.default.createFile(atPath: index, contents: Data(line.utf8)) {
            throw IngestError.unreadable(path: folder, reason: "cannot save index.tsv")
        }
    }
}

/// Responses saved by a previous run (`index.tsv` + files): a run replayed offline.
struct ReplaySource: ResponseSource {
    let folder: String
    let files: [String: String]

    init(folder: String) throws {
        self.folder = folder
        guard let data = FileManager.default.contents(atPath: folder + "/index.tsv") else {
            throw IngestError.fileNotFound(path: folder + "/index.tsv")
        }
        var files: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count >= 2 { files[String(parts[0])] = String(parts[1]) }
        }
        self.files = files
    }

    func get(_ url: String) async throws -> [UInt8] {
        guard let file = files[url], let data = FileManager.default.contents(atPath: folder + "/" + file) else {
            throw IngestError.unreadable(path: url, reason: "not in the replay folder \(folder)")
        }
        return [UInt8](data)
    }
}

/// API answers kept as files in the API's own path layout below a folder (an air pipeline
/// whose `source.path` is a folder): `<folder>/aqindex/getIndex/552.json`, and for page
/// N > 0 of a paged list `<folder>/data/getData/3764.page1.json`.
struct FolderSource: ResponseSource {
    let folder: String

    init(folder: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) else {
            throw IngestError.fileNotFound(path: folder)
        }
        guard isDir.boolValue else {
            throw IngestError.unsupported(
                path: folder, reason: "air pipelines read a folder of API answers, an API URL or --replay")
        }
        // The client drops a trailing slash from its base; so does the folder.
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    func get(_ url: String) async throws -> [UInt8] {
        var rest = Substring(url.hasPrefix(folder) ? String(url.dropFirst(folder.count)) : url)
        var page = 0
        if let q = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: q)...].split(separator: "&") where pair.hasPrefix("page=") {
                page = Int(pair.dropFirst(5)) ?? 0
            }
            rest = rest[..<q]
        }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        let file = folder + "/" + rest + (page > 0 ? ".page\(page)" : "") + ".json"
        guard let data = FileManager.default.contents(atPath: file) else { throw IngestError.fileNotFound(path: file) }
        return [UInt8](data)
    }
}
