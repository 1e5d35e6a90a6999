import Hummingbird

/// Counts every answer in `ServeMetrics` by the route it matched (the route's pattern, so
/// ids never become labels; `unmatched` for no route), its status and its duration. Next to
/// outermost (after `ClientMiddleware`): it sees the answer the client gets, errors included.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let metrics: ServeMetrics
    /// Monotonic seconds (injected).
    let ticks: @Sendable () -> Double

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let start = ticks()
        let route = context.endpointPath ?? "unmatched"
        let client = context.client
        do {
            let response = try await next(request, context)
            metrics.record(route: route, status: response.status.code, seconds: ticks() - start, client: client)
            return response
        } catch {
            let status = (error as? HTTPError)?.status.code ?? 500
            metrics.record(route: route, status: status, seconds: ticks() - start, client: client)
            throw error
        }
    }
}
