import Hummingbird

/// Refuses a query value with control characters (400): query values reach SQLite and C
/// too, where a NUL ends the text, so they are plain text only.
struct PlainQueryMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        for (name, value) in request.uri.queryParameters {
            _ = try ServeContext.plainText(String(value), parameter: String(name))
        }
        return try await next(request, context)
    }
}
