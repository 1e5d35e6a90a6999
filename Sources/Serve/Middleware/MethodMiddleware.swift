import Hummingbird

/// Refuses a method a path does not take (405 with `Allow`): the read API takes GET and
/// HEAD, each contribution route POST or GET (`ContributionRoutes.allowed`). `OPTIONS`
/// reaches here only without `--cors-origin` (`CORSMiddleware` answers it otherwise).
struct MethodMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let allowed = ContributionRoutes.allowed(request.uri.path)
        let postOnly = allowed == "POST"
        switch request.method {
        case .get where !postOnly, .head where !postOnly, .post where postOnly:
            return try await next(request, context)
        default:
            let message =
                allowed.map { "\(request.method) is not allowed here (\($0))" }
                ?? "\(request.method) is not allowed here: this path only reads (GET, HEAD); contributions are POSTed to "
                + "/v1/toilets and /v1/toilets/{dataset}/{id}/edits, /reports or /photos"
            var response = ErrorAnswer.response(status: 405, message: message, parameter: nil)
            response.headers[.allow] = allowed ?? "GET, HEAD"
            return response
        }
    }
}
