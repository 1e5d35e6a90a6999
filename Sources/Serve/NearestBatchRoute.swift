import Foundation
import Hummingbird
import Ingest
import NIOCore
import Places
import Query
import Routing

/// `POST /v1/toilets/nearest:batch`: the question of `GET /v1/toilets/nearest` (its
/// parameters, as the query string) at every point of the body (CSV with latitude and
/// longitude columns, or a GeoJSON FeatureCollection of Points: what `locate toilet
/// --near-file` reads), answered as JSON lines, one `toilet-batch-line/1` per point in the
/// body's order. The body is bounded (`maxBytes`, `maxPoints`, and `maxResults` points ×
/// `limit`: 413 beyond); a bad row is a 400 naming its line; the work stops at the request's
/// timeout (the deadline is looked at before each point and inside each search).
enum NearestBatchRoute {
    /// The route.
    static let path = "/v1/toilets/nearest:batch"
    /// The largest body, in bytes.
    static let maxBytes = 1 << 20
    /// The most points a body may hold.
    static let maxPoints = 10_000
    /// The most results one answer may list (points × `limit`).
    static let maxResults = 50_000

    /// Adds the route to `router`, its work bounded by `blocking`'s timeout.
    static func register(on router: Router<ServeContext>, endpoints: Endpoints, blocking: Blocking) {
        let names = Set(NearestToiletsRequest.fields.map(\.httpName))
        router.post(RouterPath(path)) { request, context in
            let pairs = request.uri.queryParameters.map { pair in
                (String(pair.key).removingPercentEncoding ?? String(pair.key), String(pair.value))
            }
            let parameters = try Parameters(
                pairs, allowed: names, repeatable: [RequestField.dataset.httpName, RequestField.with.httpName])
            let body = [UInt8](try await ContributionRoutes.read(request, limit: maxBytes))
            let lines = try await blocking.cancellable(resumingOn: context.eventLoop) { c in
                try endpoints.nearestToiletsBatch(parameters, body: body, cancellation: c)
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/x-ndjson; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: lines)))
        }
    }
}

extension Endpoints {
    /// The JSON lines of `POST /v1/toilets/nearest:batch` for the points of `body`.
    func nearestToiletsBatch(_ q: Parameters, body: [UInt8], cancellation: SearchCancellation) throws -> [UInt8] {
        let request = try Parameters.request {
            try NearestToiletsBatch.question(
                values: q.fields(NearestToiletsRequest.fields), maxLimit: configuration.maxLimit, maxOffset: Endpoints.maxOffset)
        }
        var points: [InputPoint] = []
        let most = min(NearestBatchRoute.maxPoints, NearestBatchRoute.maxResults / max(1, request.limit))
        do {
            try PointFileReader(bytes: body, label: "body").forEachRow { row in
                switch row {
                case .bad(let line, let reason):
                    throw ServeError.refused(status: 400, message: "body line \(line): \(reason)", field: nil)
                case .point(let p):
                    guard points.count < most else {
                        throw ServeError.refused(
                            status: 413,
                            message: "the body holds more than \(most) points, the most one request answers with limit "
                                + "\(request.limit) (\(NearestBatchRoute.maxPoints) points, \(NearestBatchRoute.maxResults) results)",
                            field: nil)
                    }
                    points.append(p)
                }
            }
        } catch let e as IngestError {
            throw ServeError.refused(status: 400, message: e.description, field: nil)
        }
        let state = try data.current()
        return try Endpoints.routing {
            try state.withReader(cancellation: cancellation) { r in
                let batch = NearestToiletsBatch(request: request, finder: r.toilets, now: now())
                var out: [UInt8] = []
                for p in points {
                    try cancellation.check()
                    let answer = try Parameters.request {
                        try batch.answer(
                            at: p.coordinate, network: request.by == nil ? nil : { try routeNetwork(for: $0) },
                            cancellation: cancellation)
                    }
                    ToiletBatchOutput.jsonLine(answer, for: p, to: &out)
                }
                return out
            }
        }
    }
}
