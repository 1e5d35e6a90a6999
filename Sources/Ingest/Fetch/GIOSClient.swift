import Contract
import Digests
import Foundation
import Hours

/// Reads the GIOŚ API through a response source: v1 lists page by `totalPages` (never
/// `links.next`, present even on the last page), legacy lists are one document; error
/// objects (`error_code`) become `APIError`; Europe/Warsaw timestamps become UTC.
struct GIOSClient {
    let base: String
    let source: any ResponseSource
    /// SHA-256 over every response body, in request order: the run's input digest.
    private(set) var hasher = SHA256Hasher()
    /// Bodies read since the client was made (parallel fetches hand them back in order).
    private(set) var bodies: [[UInt8]] = []
    /// Requests in flight at most, for `lists`.
    static let concurrency = 4

    static let pageSize = 500

    /// An API error object, such as `API-ERR-100003` for a manual sensor.
    struct APIError: Error {
        let code: String
        let reason: String
    }

    /// Every item of a list, in the shape its dialect answers with.
    mutating func list(_ path: String, shape: GIOSDialect.ListShape) async throws -> [JSONValue] {
        let key: String
        switch shape {
        case .array:
            let doc = try await document(url(path))
            guard case .array(let items) = doc else {
                throw IngestError.unexpectedAnswer(path: url(path), reason: "expected an array, found \(doc.kindName)")
            }
            return items
        case .member(let member):
            let doc = try await document(url(path))
            guard case .array(let items)? = doc[member] else {
                throw IngestError.unexpectedAnswer(path: url(path), reason: "no \"\(member)\" array")
            }
            return items
        case .paged(let k):
            key = k
        }
        var items: [JSONValue] = []
        var pages = 1
        var page = 0
        while page < pages {
            let first = self.url(path)
            let url = "\(first)\(first.contains("?") ? "&" : "?")page=\(page)&size=\(GIOSClient.pageSize)"
            let doc = try await document(url)
            let total: Int
            switch GIOSClient.pageCount(doc) {
            case .success(let n): total = n
            case .failure(let e): throw IngestError.unexpectedAnswer(path: url, reason: e.reason)
            }
            if page == 0 {
                pages = max(1, total)
            } else if total != pages {
                throw IngestError.unexpectedAnswer(
                    path: url, reason: "the page count changed from \(pages) to \(total) during the run")
            }
            guard case .array(let list)? = doc[key] else {
                throw IngestError.unexpectedAnswer(path: url, reason: "no \"\(key)\" array")
            }
            items += list
            page += 1
        }
        return items
    }

    /// Several paged lists fetched at once, at most `concurrency` requests in flight, each
    /// list's pages in order. Results come back in input order and the bodies are hashed in
    /// input order, so neither the data nor the digest depends on timing.
    mutating func lists(_ paths: [String], shape: GIOSDialect.ListShape) async -> [Result<[JSONValue], any Error>] {
        // The group's body owns its results and returns them: no child task and no nested
        // function captures a mutable local or the group itself (the release build trapped in
        // `Array.subscript.modify` when the body wrote a captured array from a nested function
        // that also captured the group).
        let done = await withTaskGroup(of: GIOSClient.Fetched.self, returning: [Fetched?].self) { group in
            var slots = [Fetched?](repeating: nil, count: paths.count)
            var next = 0
            while next < min(GIOSClient.concurrency, paths.count) {
                group.addTask(operation: fetchTask(index: next, path: paths[next], shape: shape))
                next += 1
            }
            while let fetched = await group.next() {
                slots[fetched.index] = fetched
                if next < paths.count {
                    group.addTask(operation: fetchTask(index: next, path: paths[next], shape: shape))
                    next += 1
                }
            }
            return slots
        }
        var out: [Result<[JSONValue], any Error>] = []
        for slot in done {
            // Every child task answers before the group ends; the fallback only keeps counts aligned.
            let entry =
                slot
                ?? Fetched(index: 0, result: .failure(IngestError.unsupported(path: "", reason: "fetch did not run")), bodies: [])
            for b in entry.bodies {
                hasher.update(b)
                bodies.append(b)
            }
            out.append(entry.result)
        }
        return out
    }

    /// One list's answer from a child task of `lists`: its position, its items or error, and
    /// the bodies it read (hashed later in input order).
    struct Fetched: Sendable {
        let index: Int
        let result: Result<[JSONValue], any Error>
        let bodies: [[UInt8]]
    }

    /// The child task that fetches list `index` with a client of its own (values only: the
    /// base URL and the response source).
    private func fetchTask(index: Int, path: String, shape: GIOSDialect.ListShape) -> @Sendable () async -> Fetched {
        let base = self.base
        let source = self.source
        return {
            var client = GIOSClient(base: base, source: source)
            do {
                let items = try await client.list(path, shape: shape)
                return Fetched(index: index, result: .success(items), bodies: client.bodies)
            } catch {
                return Fetched(index: index, result: .failure(error), bodies: client.bodies)
            }
        }
    }

    /// Most pages a paged list may claim (500 items each: five million items).
    static let maxPages: Int64 = 10_000

    /// Why a page count cannot be used.
    struct PageCountError: Error {
        let reason: String
    }

    /// The `totalPages` of a v1 page: 1 when absent, else a whole number from 0 to
    /// `maxPages` (0, an empty list, reads as 1).
    static func pageCount(_ doc: JSONValue) -> Result<Int, PageCountError> {
        guard let v = doc["totalPages"], v != .null else { return .success(1) }
        guard let n = v.wholeNumber(in: 0...maxPages) else {
            return .failure(
                PageCountError(reason: "totalPages \(v.textValue ?? v.kindName) is not a page count from 0 to \(maxPages)"))
        }
        return .success(max(1, Int(n)))
    }

    /// One object response (the index).
    mutating func object(_ path: String) async throws -> JSONValue { try await document(url(path)) }

    /// The URL of `path` below the base; the empty path is the base itself (a station list URL).
    func url(_ path: String) -> String { path.isEmpty ? base : "\(base)/\(path)" }

    private mutating func document(_ url: String) async throws -> JSONValue {
        let body = try await source.get(url)
        hasher.update(body)
        bodies.append(body)
        let doc = try JSONValue.parse(body, path: url)
        if let code = doc["error_code"]?.textValue {
            throw APIError(
                code: code, reason: doc["error_reason"]?.textValue ?? doc["error_result"]?.textValue ?? "no reason given")
        }
        return doc
    }

    /// `2025-07-04 16:00:00` (Polish wall-clock time) as UTC ISO 8601; a time of the
    /// repeated autumn hour is its first occurrence (see `MeasurementTimes` for lists).
    static func utc(_ local: String, zone: TimeZone) -> String? { instant(local, zone: zone).map(InstantText.utc) }

    /// The instant of a wall-clock time text (`YYYY-MM-DD HH:MM:SS`).
    static func instant(_ local: String, zone: TimeZone) -> Date? {
        WallClock.instant(local.replacingOccurrences(of: " ", with: "T"), in: zone)
    }
}

/// UTC instants for one sensor's list of Polish wall-clock times. In the autumn night the
/// hour from 02:00 happens twice; a list holding such a time twice gets both instants, the
/// newer row (by the list's order, newest first or oldest first) the later one. Any other
/// repeated time is a duplicate, which the caller reports.
struct MeasurementTimes {
    enum Outcome: Equatable {
        case utc(String)
        case invalid
        case duplicate
    }

    private let zone: TimeZone
    private let newestFirst: Bool
    private let counts: [String: Int]
    private var seen: [String: Int] = [:]

    init(locals: [String?], zone: TimeZone) {
        let valid = locals.compactMap { $0 }
        self.zone = zone
        newestFirst = (valid.first ?? "") >= (valid.last ?? "")
        counts = Dictionary(valid.map { ($0, 1) }, uniquingKeysWith: +)
    }

    mutating func utc(_ local: String) -> Outcome {
        guard let early = GIOSClient.instant(local, zone: zone) else { return .invalid }
        let occurrence = seen[local, default: 0]
        seen[local] = occurrence + 1
        let late = early.addingTimeInterval(3600)
        let repeatedHour =
            counts[local] == 2 && WallClock.text(late, in: zone) == WallClock.text(early, in: zone)
        switch (occurrence, repeatedHour) {
        case (0, false): return .utc(InstantText.utc(early))
        case (0, true): return .utc(InstantText.utc(newestFirst ? late : early))
        case (1, true): return .utc(InstantText.utc(newestFirst ? early : late))
        default: return .duplicate
        }
    }
}
