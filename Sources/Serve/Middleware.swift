import Contract
import Foundation
import Hummingbird
import Ingest
import Logging

/// Turns every failure into one JSON shape (`http-error/1`), logs one line per request
/// (method, path, status, duration), refuses methods other than GET, HEAD and OPTIONS (no
/// write endpoint), refuses query values with control characters (400), adds CORS headers,
/// and applies the rate limit and the request timeout.
struct FrontMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let configuration: ServeConfiguration
    let limiter: RateLimiter
    /// Whose `X-Forwarded-For` names the client.
    let proxies: TrustedProxies
    let logger: Logger
    /// Monotonic seconds (injected): durations and the token buckets.
    let ticks: @Sendable () -> Double

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let start = ticks()
        let client = proxies.client(
            peer: context.peer, forwardedFor: request.headers.filter { $0.name.canonicalName == "x-forwarded-for" }.map(\.value))
        var response: Response
        do {
            response = try await answer(request, client: client, context: context, next: next)
        } catch {
            response = FrontMiddleware.errorResponse(error)
        }
        addCORS(to: &response, request: request)
        let tenths = Int(((ticks() - start) * 10_000).rounded())
        // The path as the client sent it, escaped for the terminal the log may reach (`TextEscape`).
        logger.info(
            "\(request.method) \(TextEscape.quoted(request.uri.path)) \(response.status.code) \(tenths / 10).\(tenths % 10)ms \(client)"
        )
        return response
    }

    private func answer(
        _ request: Request, client: String, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        // The contribution routes (nil for the read API) take POST or GET, each its own.
        let allowed = ContributionRoutes.allowed(request.uri.path)
        let postOnly = allowed == "POST"
        switch request.method {
        case .get where !postOnly, .head where !postOnly: break
        case .post where postOnly: break
        case .options where !configuration.corsOrigins.isEmpty:
            var headers = HTTPFields()
            headers[.accessControlAllowMethods] = allowed.map { $0 + ", OPTIONS" } ?? "GET, HEAD, OPTIONS"
            headers[.accessControlAllowHeaders] =
                "If-None-Match, If-Modified-Since" + (allowed == nil ? "" : ", Content-Type, Authorization")
            headers[.accessControlMaxAge] = "86400"
            return Response(status: .noContent, headers: headers)
        default:
            let message =
                allowed.map { "\(request.method) is not allowed here (\($0))" }
                ?? "\(request.method) is not allowed here: this path only reads (GET, HEAD); contributions are POSTed to "
                + "/v1/toilets and /v1/toilets/{dataset}/{id}/edits, /reports or /photos"
            var response = FrontMiddleware.errorResponse(status: 405, message: message, parameter: nil)
            response.headers[.allow] = allowed ?? "GET, HEAD"
            return response
        }
        // Query values reach SQLite and C too (where a NUL ends the text): plain text only.
        for (name, value) in request.uri.queryParameters {
            _ = try ServeContext.plainText(String(value), parameter: String(name))
        }
        if let wait = limiter.take(client: client, at: ticks()) {
            throw ServeError.rateLimited(retryAfterSeconds: wait)
        }
        var context = context
        context.client = client
        return try await next(request, context)
    }

    private func addCORS(to response: inout Response, request: Request) {
        guard !configuration.corsOrigins.isEmpty else { return }
        if configuration.corsOrigins.contains("*") {
            response.headers[.accessControlAllowOrigin] = "*"
        } else if let origin = request.headers[.origin], configuration.corsOrigins.contains(origin) {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.vary] = "Origin"
        } else {
            return
        }
        response.headers[.accessControlExposeHeaders] = "ETag, Last-Modified, Retry-After"
    }

    /// The JSON error answer for any failure.
    static func errorResponse(_ error: any Error) -> Response {
        switch error {
        case let e as ServeError:
            var parameter: String?
            if case .badParameter(let name, _) = e { parameter = name }
            if case .refused(_, _, let field) = e { parameter = field }
            var response = errorResponse(status: e.status, message: e.description, parameter: parameter)
            if case .rateLimited(let seconds) = e { response.headers[.retryAfter] = String(seconds) }
            return response
        case let e as HTTPError where e.status == .notFound:
            return errorResponse(status: 404, message: "no such endpoint (see /v1/openapi.yaml)", parameter: nil)
        case let e as HTTPError:
            return errorResponse(status: e.status.code, message: e.body ?? e.status.reasonPhrase, parameter: nil)
        default:
            return errorResponse(status: 500, message: "\(error)", parameter: nil)
        }
    }

    static func errorResponse(status: Int, message: String, parameter: String?) -> Response {
        let document = HTTPErrorDocument(
            status: status, message: ServerPaths.withoutServerPaths(message), parameter: parameter)
        let body = ((try? ContractJSON.encode(document)) ?? Array("{\"schema\":\"http-error/1\"}".utf8)) + [UInt8(ascii: "\n")]
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// A token bucket per client: `burst` requests at once, refilled at `rate` per second.
/// Buckets of clients quiet long enough to be full again are dropped.
// Safe: `buckets` is read and written only while `lock` is held.
final class RateLimiter: @unchecked Sendable {
    private let rate: Double
    private let burst: Double
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    init(rate: Double, burst: Int) {
        self.rate = rate
        self.burst = Double(burst)
    }

    /// Takes a token for `client` at monotonic time `now`: nil when allowed, else the whole
    /// seconds until a token is there (`Retry-After`).
    func take(client: String, at now: Double) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if buckets.count > 10_000 {
            buckets = buckets.filter { ($0.value.tokens + (now - $0.value.at) * rate) < burst }
        }
        let old = buckets[client] ?? (burst, now)
        let tokens = min(burst, old.tokens + max(0, now - old.at) * rate)
        guard tokens >= 1 else {
            buckets[client] = (tokens, now)
            return max(1, Int(((1 - tokens) / rate).rounded(.up)))
        }
        buckets[client] = (tokens - 1, now)
        return nil
    }
}
