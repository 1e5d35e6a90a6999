import Contributions
import Foundation
import Hummingbird
import NIOCore
import Photos
import Storage

/// The contribution routes (docs/guide.md, "Contributions over HTTP"): submitting, the maintainer
/// endpoints and photos, registered on the server's router with one call.
enum ContributionRoutes {
    /// Every route, as `docs/openapi.yaml` lists it.
    static let paths = [
        "/v1/toilets", "/v1/toilets/{dataset}/{id}/edits", "/v1/toilets/{dataset}/{id}/reports",
        "/v1/toilets/{dataset}/{id}/photos", "/v1/contributions", "/v1/contributions/{id}",
        "/v1/contributions/{id}/approve", "/v1/contributions/{id}/reject", "/v1/photos/{hash}",
        "/v1/photos/{hash}/thumbnail",
    ]

    /// The methods a path of these routes takes (`POST`, or `GET, HEAD`), or nil for any
    /// other path: the front middleware lets only those through, names them in 405 answers'
    /// `Allow`, and allows them with their headers in CORS preflights.
    static func allowed(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.first == "v1" else { return nil }
        let rest = Array(parts.dropFirst())
        switch (rest.first, rest.count) {
        case ("toilets"?, 1): return "POST"
        // Not a contribution, but POSTed too: the nearest toilets to many points (NearestBatchRoute).
        case ("toilets"?, 2) where rest[1] == "nearest:batch": return "POST"
        case ("toilets"?, 4) where ["edits", "reports", "photos"].contains(rest[3]): return "POST"
        case ("contributions"?, 1), ("contributions"?, 2): return "GET, HEAD"
        case ("contributions"?, 3) where ["approve", "reject"].contains(rest[2]): return "POST"
        case ("photos"?, 2): return "GET, HEAD"
        case ("photos"?, 3) where rest[2] == "thumbnail": return "GET, HEAD"
        default: return nil
        }
    }

    /// Adds the routes to `router`.
    static func register(
        on router: Router<ServeContext>, data: DataSource, configuration: ServeConfiguration, now: @escaping @Sendable () -> Date
    ) {
        let settings = configuration.contributions
        let path = configuration.databasePath
        let folder =
            settings.photosFolder.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: LocateStore.photoFolder(forDatabase: path))
        let photos = PhotoStore(folder: folder)
        var processor = PhotoProcessor()
        processor.maxBytes = settings.maxPhotoBytes
        let submissions = Submissions(
            databasePath: path, settings: settings, data: data,
            limiter: SubmissionLimiter(perHour: settings.submissionsPerHour), decodes: TurnGate.photoDecodes(), photos: photos,
            processor: processor, signs: SignReaderProcess(path: settings.signReaderPath, deadlineSeconds: settings.signSeconds),
            now: now)
        let maintainers = Maintainers(databasePath: path, data: data, now: now)
        let serving = PhotoServing(
            databasePath: path, photos: photos, approved: ApprovedPhotos(databasePath: path, data: data),
            maintainers: maintainers)
        let timeout = configuration.requestTimeoutSeconds

        /// Adds a route answered by `body` (see `answer`).
        func route(
            _ method: HTTPRequest.Method, _ routePath: String, query allowed: Set<String>, limit: Int?,
            json: Bool = true, bearer: Bool = false,
            _ body: @escaping @Sendable (Request, ServeContext, Parameters, Data) throws -> Reply
        ) {
            // Writes (every POST) run without the request timeout: a 503 must never be followed
            // by a commit (a retry would store the contribution twice, an approval would be
            // applied after "failed"). They are bounded by the write lock's wait instead.
            let bound = method == .post ? nil : timeout
            router.on(RouterPath(routePath), method: method) { request, context -> Response in
                await answer(
                    request, context, query: allowed, limit: limit, json: json, bearer: bearer, timeout: bound, body)
            }
        }
        let jsonLimit = settings.maxJSONBytes
        route(.post, "/v1/toilets", query: [], limit: jsonLimit) { _, c, _, b in try submissions.newToilet(b, client: c.client) }
        route(.post, "/v1/toilets/{dataset}/{id}/edits", query: [], limit: jsonLimit) { _, c, _, b in
            try submissions.edit(target(c), b, client: c.client)
        }
        route(.post, "/v1/toilets/{dataset}/{id}/reports", query: [], limit: jsonLimit) { _, c, _, b in
            try submissions.report(target(c), b, client: c.client)
        }
        route(.post, "/v1/toilets/{dataset}/{id}/photos", query: ["kind"], limit: settings.maxPhotoBytes, json: false) {
            r, c, q, b in
            try submissions.photo(
                target(c), b, contentType: r.headers[.contentType], kind: q.string("kind"), client: c.client)
        }
        route(.get, "/v1/contributions", query: ["status", "kind", "limit", "offset"], limit: nil, bearer: true) {
            r, _, q, _ in
            _ = try maintainers.reviewer(r.headers[.authorization])
            var reply = try maintainers.list(
                status: q.string("status"), kind: q.string("kind"), limit: q.string("limit"), offset: q.string("offset"))
            reply.link = reply.nextOffset.map { Caching.nextLink(path: r.uri.path, query: r.uri.query, offset: $0) }
            return reply
        }
        route(.get, "/v1/contributions/{id}", query: [], limit: nil, bearer: true) { r, c, _, _ in
            _ = try maintainers.reviewer(r.headers[.authorization])
            return try maintainers.show(c.pathParameter("id"))
        }
        route(
            .post, "/v1/contributions/{id}/approve", query: ["accept_hours", "hours_text"], limit: nil, json: false,
            bearer: true
        ) { r, c, q, _ in
            let reviewer = try maintainers.reviewer(r.headers[.authorization])
            return try maintainers.approve(
                c.pathParameter("id"), reviewer: reviewer, acceptHours: q.string("accept_hours"),
                hoursText: q.string("hours_text"))
        }
        route(.post, "/v1/contributions/{id}/reject", query: [], limit: jsonLimit, bearer: true) { r, c, _, b in
            let reviewer = try maintainers.reviewer(r.headers[.authorization])
            return try maintainers.reject(c.pathParameter("id"), body: b, reviewer: reviewer)
        }
        for (suffix, size) in [("", PhotoStore.Size.full), ("/thumbnail", .thumbnail)] {
            route(.get, "/v1/photos/{hash}" + suffix, query: [], limit: nil) { r, c, _, _ in
                try serving.photo(
                    c.pathParameter("hash"), size: size, authorization: r.headers[.authorization],
                    ifNoneMatch: r.headers[.ifNoneMatch])
            }
        }
    }

    /// Runs `body` off the event loop with the request's query, body (at most `limit` bytes,
    /// JSON unless `json` is false) and client (a `Bearer` header checked first where
    /// `bearer`), answering 503 after `timeout` seconds (nil: writes, which finish whatever
    /// the client does); errors become the one error shape (a 401 with
    /// `WWW-Authenticate: Bearer`).
    static func answer(
        _ request: Request, _ context: ServeContext, query allowed: Set<String>, limit: Int?, json: Bool, bearer: Bool,
        timeout: Double?, _ body: @escaping @Sendable (Request, ServeContext, Parameters, Data) throws -> Reply
    ) async -> Response {
        do {
            // A maintainer endpoint answers 401 before looking at the request's body.
            if bearer { _ = try Maintainers.bearerToken(request.headers[.authorization]) }
            var pairs: [(String, String)] = []
            for (key, value) in request.uri.queryParameters {
                pairs.append((String(key).removingPercentEncoding ?? String(key), String(value)))
            }
            let parameters = try Parameters(pairs, allowed: allowed)
            var bytes = Data()
            if let limit {
                if json { try checkJSON(request.headers[.contentType]) }
                bytes = try await read(request, limit: limit)
            }
            let data = bytes
            let work: @Sendable () throws -> Reply = { try body(request, context, parameters, data) }
            let reply: Reply
            if let timeout { reply = try await Blocking.run(timeout: timeout, work) } else { reply = try await untimed(work) }
            return reply.response
        } catch let busy as TurnGate.Busy {
            var response = ErrorAnswer.response(status: 503, message: busy.message, parameter: nil)
            response.headers[.retryAfter] = String(busy.retryAfterSeconds)
            return response
        } catch {
            var response = ErrorAnswer.response(error)
            if let e = error as? ServeError, e.status == 401 {
                response.headers[.wwwAuthenticate] = "Bearer realm=\"locate\""
            }
            return response
        }
    }

    /// `body` off the event loop, without a timeout: it always runs to its end (a write that
    /// committed is answered as committed).
    static func untimed(_ body: @escaping @Sendable () throws -> Reply) async throws -> Reply {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reply, any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The toilet a route's `{dataset}` and `{id}` name.
    static func target(_ c: ServeContext) throws -> PlaceTarget {
        try PlaceTarget(dataset: c.pathParameter("dataset"), sourceID: c.pathParameter("id"))
    }

    /// Nothing for `application/json` (case aside) without a charset or with `charset=utf-8`
    /// (RFC 8259 §8.1: JSON between systems is UTF-8); else a 415 naming what was sent.
    static func checkJSON(_ contentType: String?) throws {
        let parts = (contentType ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "application/json" else {
            throw ServeError.refused(
                status: 415, message: "Content-Type '\(contentType ?? "")' is not application/json", field: nil)
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.first?.lowercased() == "charset", pair.count == 2 else { continue }
            let charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            guard charset == "utf-8" || charset == "utf8" else {
                throw ServeError.refused(
                    status: 415, message: "Content-Type charset '\(pair[1])' is not supported: send JSON as UTF-8", field: nil)
            }
        }
    }

    /// The request body, refused with 413 past `limit` bytes (by its Content-Length at once).
    static func read(_ request: Request, limit: Int) async throws -> Data {
        let tooLarge = ServeError.refused(
            status: 413, message: "the body is larger than \(limit) bytes, the most this endpoint accepts", field: nil)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
    }
}
