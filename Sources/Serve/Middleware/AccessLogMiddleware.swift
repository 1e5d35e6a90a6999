import Hummingbird
import Ingest
import Logging

/// One log line per request: method, path, status, duration and client.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let logger: Logger
    /// Monotonic seconds (injected).
    let ticks: @Sendable () -> Double

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let start = ticks()
        var status = 500
        defer {
            let tenths = Int(((ticks() - start) * 10_000).rounded())
            // The path as the client sent it, escaped for the terminal the log may reach (`TextEscape`).
            logger.info(
                "\(request.method) \(TextEscape.quoted(request.uri.path)) \(status) \(tenths / 10).\(tenths % 10)ms \(context.client)"
            )
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }
}
