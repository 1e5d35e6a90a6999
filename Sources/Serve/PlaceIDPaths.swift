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

    /// The routes under `/v1/toilets/{dataset}/{id}/` that follow an id.
    static var suffixes: Set<Substring> { ["edits", "reports", "photos"] }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let path = request.head.path, let rewritten = PlaceIDPaths<Wrapped>.encoded(path) else {
            return try await wrapped.respond(to: request, context: context)
        }
        var head = request.head
        head.path = rewritten
        return try await wrapped.respond(to: Request(head: head, body: request.body), context: context)
    }

    /// `path` (with its query) with a toilet id's slashes encoded, or nil when it names no
    /// id with a slash: `/v1/toilets/d/node/1` → `/v1/toilets/d/node%2F1`,
    /// `/v1/toilets/d/way/2/reports?x` → `/v1/toilets/d/way%2F2/reports?x`.
    static func encoded(_ path: String) -> String? {
        let query = path.firstIndex(of: "?")
        let route = path[..<(query ?? path.endIndex)]
        guard route.hasPrefix("/v1/toilets/") else { return nil }
        // "", "v1", "toilets", dataset, id segments…, [suffix]
        let parts = route.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 6, !parts[3].isEmpty else { return nil }
        var id = parts[4...]
        var suffix: Substring?
        if let last = id.last, suffixes.contains(last), id.count >= 3 {
            suffix = last
            id = id.dropLast()
        }
        guard id.count >= 2, !id.contains(where: \.isEmpty) else { return nil }
        let head = "/v1/toilets/\(parts[3])/" + id.joined(separator: "%2F")
        return head + (suffix.map { "/\($0)" } ?? "") + (query.map { String(path[$0...]) } ?? "")
    }
}
