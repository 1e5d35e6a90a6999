import Hummingbird

/// Place ids with a `/` in API paths in their natural form: every OSM id is `node/123`,
/// `way/45` or `relation/6`, so `/v1/toilets/osm-toilets-paris/node/123` and
/// `…/node/123/reports` are what a client writes. The router matches one segment per
/// `{id}`; this responder, in front of it, turns the id's slashes into `%2F` (the encoded
/// form, still accepted as it is) before the route is looked up, so both forms reach the
/// same route, its method rules (`ContributionRoutes.allowed`) and its 405 answers.
struct PlaceIDPaths<Wrapped: HTTPResponder>: HTTPResponder {
    typealias Context = Wrapped.Context
    let wrapped: Wrapped

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let path = request.head.path, let rewritten = PlaceIDPath.encoded(path) else {
            return try await wrapped.respond(to: request, context: context)
        }
        var head = request.head
        head.path = rewritten
        return try await wrapped.respond(to: Request(head: head, body: request.body), context: context)
    }
}
