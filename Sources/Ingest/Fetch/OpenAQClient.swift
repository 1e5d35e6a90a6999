import Contract
import Digests
import Foundation
import Geo

/// Reads the OpenAQ API v3 through a response source: lists page by `page` (1, 2, …) until a
/// page holds fewer results than asked for, at most `source.max_pages` pages a list (a list
/// with more fails the run: a cut list would retire the stations it left out), and at most
/// `source.max_requests` requests a run, counted before each is sent.
struct OpenAQClient {
    /// The API base (`https://api.openaq.org/v3`) or a folder of answers.
    let base: String
    let source: any ResponseSource
    let options: OpenAQOptions
    /// SHA-256 over every response body, in request order: the run's input digest.
    private(set) var hasher = SHA256Hasher()
    /// Requests made so far.
    private(set) var requests = 0

    init(base: String, source: any ResponseSource, options: OpenAQOptions) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.source = source
        self.options = options
    }

    /// Every result of the list at `path` with `query`, page after page.
    mutating func list(_ path: String, query: [(String, String)] = []) async throws -> [JSONValue] {
        let limit = OpenAQOptions.pageLimit
        var items: [JSONValue] = []
        var page = 1
        while true {
            // Page 1 is the API's default: its URL names no page, so a folder of answers
            // keeps it as `<path>.json` and page N as `<path>.pageN.json`.
            let pairs = query + [("limit", String(limit))] + (page > 1 ? [("page", String(page))] : [])
            let url = "\(base)/\(path)?" + pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            guard page <= options.maxPages else {
                throw IngestError.tooManyPages(path: url, limit: options.maxPages)
            }
            let doc = try await document(url)
            let results: [JSONValue]
            switch OpenAQReader.results(doc, limit: limit) {
            case .success(let r): results = r
            case .failure(let p): throw IngestError.openAQAnswer(path: url, reason: p.reason)
            }
            items += results
            if results.count < limit { return items }
            page += 1
        }
    }

    private mutating func document(_ url: String) async throws -> JSONValue {
        requests += 1
        guard requests <= options.maxRequests else {
            throw IngestError.requestBudget(path: url, limit: options.maxRequests)
        }
        let body = try await source.get(url)
        hasher.update(body)
        return try JSONValue.parse(body, path: url)
    }

    /// The query of the location list: the region as `bbox` (unless it is the whole world),
    /// `iso` and `providers_id` from `source.select`.
    static func locationQuery(_ spec: PipelineSpec) -> [(String, String)] {
        var q: [(String, String)] = []
        let r = spec.region
        if r.minLongitude > -180 || r.minLatitude > -90 || r.maxLongitude < 180 || r.maxLatitude < 90 {
            let box = [r.minLongitude, r.minLatitude, r.maxLongitude, r.maxLatitude].map(JSONText.number)
            q.append(("bbox", box.joined(separator: ",")))
        }
        if let c = spec.openAQ.country { q.append(("iso", c)) }
        if let p = spec.openAQ.providers { q.append(("providers_id", p.map(String.init).joined(separator: ","))) }
        return q
    }
}

/// A live source at a steady pace: every request after the first waits `interval` seconds
/// first (requests of a run are made one after another), so a run keeps within the API's
/// rate without reading a clock.
actor PacedSource: ResponseSource {
    let inner: any ResponseSource
    let interval: TimeInterval
    private var first = true

    init(_ inner: any ResponseSource, requestsPerMinute: Double) {
        self.inner = inner
        interval = 60 / max(requestsPerMinute, 0.001)
    }

    func get(_ url: String) async throws -> [UInt8] {
        if first {
            first = false
        } else {
            try await Task.sleep(nanoseconds: UInt64(min(interval, 3600) * 1_000_000_000))
        }
        return try await inner.get(url)
    }
}
