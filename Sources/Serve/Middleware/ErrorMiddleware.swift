import Hummingbird

/// Turns every failure below it into one JSON answer (`http-error/1`, `ErrorAnswer`).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return ErrorAnswer.response(error)
        }
    }
}
