import Hummingbird

/// The rate limit per client (`RateLimiter`): a request over it is refused with 429 and
/// `Retry-After`.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let limiter: RateLimiter
    /// Monotonic seconds (injected): the token buckets.
    let ticks: @Sendable () -> Double

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        if let wait = limiter.take(client: context.client, at: ticks()) {
            throw ServeError.rateLimited(retryAfterSeconds: wait)
        }
        return try await next(request, context)
    }
}
