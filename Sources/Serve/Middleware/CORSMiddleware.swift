import Hummingbird

/// Cross-origin access for the origins `--cors-origin` names: the headers on every answer
/// (errors included) and the answer to a preflight (`OPTIONS`). Without an origin it does
/// nothing, and `MethodMiddleware` refuses `OPTIONS`.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    /// The allowed origins (`*` for any).
    let origins: [String]

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        guard !origins.isEmpty else { return try await next(request, context) }
        var response: Response
        if request.method == .options {
            // The contribution routes (nil for the read API) take POST or GET, each its own.
            let allowed = ContributionRoutes.allowed(request.uri.path)
            var headers = HTTPFields()
            headers[.accessControlAllowMethods] = allowed.map { $0 + ", OPTIONS" } ?? "GET, HEAD, OPTIONS"
            headers[.accessControlAllowHeaders] =
                "If-None-Match, If-Modified-Since" + (allowed == nil ? "" : ", Content-Type, Authorization")
            headers[.accessControlMaxAge] = "86400"
            response = Response(status: .noContent, headers: headers)
        } else {
            response = try await next(request, context)
        }
        if origins.contains("*") {
            response.headers[.accessControlAllowOrigin] = "*"
        } else if let origin = request.headers[.origin], origins.contains(origin) {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.vary] = "Origin"
        } else {
            return response
        }
        response.headers[.accessControlExposeHeaders] = "ETag, Last-Modified, Retry-After"
        return response
    }
}
