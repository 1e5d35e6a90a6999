import Hummingbird

/// Names the request's client once, before anything else runs: the peer, or the address a
/// trusted proxy forwarded for (`TrustedProxies`). Every per-client rule after it (the
/// metrics, the log line, the rate limit, the contribution limits) reads `context.client`.
struct ClientMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    /// Whose `X-Forwarded-For` names the client.
    let proxies: TrustedProxies

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.client = proxies.client(
            peer: context.peer, forwardedFor: request.headers.filter { $0.name.canonicalName == "x-forwarded-for" }.map(\.value))
        return try await next(request, context)
    }
}
