import Basemap
public import Foundation
import Hummingbird
public import Logging
import NIOCore
import NIOPosix
import Query
import Routing
import ServiceLifecycle
import Storage

/// The HTTP query API (`locate serve`): the read endpoints under `/v1` over one database,
/// answered from its newest committed state.
public struct Server: Sendable {
    /// Every route, as `docs/openapi.yaml` lists it (a test checks that they agree).
    public static let routes =
        [
            "/v1/health", "/v1/status", "/v1/runs", "/v1/updates", "/v1/toilets/nearest", NearestBatchRoute.path,
            "/v1/toilets/{dataset}/{id}",
            "/v1/stations", "/v1/stations/nearest", "/v1/stations/{id}", "/v1/stations/{id}/detail", "/v1/openapi.yaml",
            "/metrics",
        ] + ContributionRoutes.paths

    let configuration: ServeConfiguration
    let openAPI: String
    let logger: Logger
    let now: @Sendable () -> Date
    let ticks: @Sendable () -> Double

    /// A server for `configuration`, serving `openAPI` (the document's text) at
    /// `/v1/openapi.yaml`; `now` is the wall clock, `ticks` monotonic seconds.
    public init(
        configuration: ServeConfiguration, openAPI: String, logger: Logger, now: @escaping @Sendable () -> Date,
        ticks: @escaping @Sendable () -> Double
    ) {
        self.configuration = configuration
        self.openAPI = openAPI
        self.logger = logger
        self.now = now
        self.ticks = ticks
    }

    /// Checks the configuration and that the database can be read, then serves until
    /// SIGINT or SIGTERM: requests in flight finish, then it returns. `listening` is called
    /// with the bound port once the server accepts connections.
    public func run(listening: @escaping @Sendable (Int) -> Void) async throws {
        try configuration.check()
        let readers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let data = DataSource(path: configuration.databasePath, readers: readers, cachedPlaces: configuration.cachedPlaces)
        // The first state is opened here; it is not kept in a local, or its readers would
        // outlive `data.close()` and keep the `-wal` from being folded back at the stop.
        if let region = configuration.contributions.region,
            let note = try data.current().withReader({ r in try RegionHint.note(region, store: r.store) })
        {
            logger.warning("\(note)")
        } else {
            _ = try data.current()
        }
        let endpoints = Endpoints(data: data, configuration: configuration, now: now)
        let basemap: Basemap?
        do {
            basemap = try configuration.basemapPath.map {
                try Basemap.build(extract: $0, name: ($0 as NSString).lastPathComponent)
            }
        } catch {
            throw ServeError.configuration("\(error)")
        }
        let connections = ConnectionCount(limit: configuration.maxConnections)
        let app = Application(
            responder: PlaceIDPaths(
                wrapped: router(endpoints, proxies: try TrustedProxies(configuration.trustedProxies), basemap: basemap)
                    .buildResponder()),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(count: connections, headerTimeoutSeconds: configuration.headerTimeoutSeconds),
                        ParseErrorAnswer(logger: logger),
                    ],
                    idleTimeout: .seconds(Int64(configuration.idleTimeoutSeconds)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in listening(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        // Every task of the server, each connection's among them, runs on the event loops.
        do {
            try await withTaskExecutorPreference(EventLoopTaskExecutor.shared) { try await app.runService() }
        } catch let e as IOError where e.errnoCode == EADDRINUSE {
            throw ServeError.portInUse(host: configuration.host, port: configuration.port)
        }
        // A clean stop leaves the file complete: contributions accepted since the last
        // checkpoint would otherwise live only in the `-wal` (a copy of the file alone would
        // lose them). The readers' snapshots go first; they hold the log's frames.
        data.close()
        do {
            if try !LocateStore.checkpoint(path: configuration.databasePath) {
                logger.warning("the database's -wal is in use by another process: it is folded back when that one stops")
            }
        } catch {
            logger.error("\(error)")
        }
    }

    func router(_ endpoints: Endpoints, proxies: TrustedProxies, basemap: Basemap?) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self, options: .autoGenerateHeadEndpoints)
        let metrics = ServeMetrics()
        // One job per middleware, outermost first: who the client is, the metrics and the log
        // line (which see every answer), CORS headers on every answer and the preflight, one
        // JSON shape for every failure, then the refusals: method, query text, rate limit.
        router.add(middleware: ClientMiddleware(proxies: proxies))
        router.add(middleware: MetricsMiddleware(metrics: metrics, ticks: ticks))
        router.add(middleware: AccessLogMiddleware(logger: logger, ticks: ticks))
        router.add(middleware: CORSMiddleware(origins: configuration.corsOrigins))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: MethodMiddleware())
        router.add(middleware: PlainQueryMiddleware())
        router.add(
            middleware: RateLimitMiddleware(
                limiter: RateLimiter(rate: configuration.ratePerSecond, burst: configuration.burst), ticks: ticks))
        let now = self.now
        let blocking = Blocking(timeout: configuration.requestTimeoutSeconds)
        func get(
            _ path: String, _ names: Set<String>, repeatable: Set<String> = [],
            _ body: @escaping @Sendable (Parameters, ServeContext, SearchCancellation) throws -> Answer
        ) {
            router.get(RouterPath(path)) { request, context in
                let pairs = request.uri.queryParameters.map { pair in
                    let key = String(pair.key)
                    // Only a name with a `%` has anything to decode (Foundation's decoder
                    // costs more than the rest of the parameters together).
                    return (key.utf8.contains(UInt8(ascii: "%")) ? key.removingPercentEncoding ?? key : key, String(pair.value))
                }
                let parameters = try Parameters(pairs, allowed: names, repeatable: repeatable)
                // The request's work stops at its timeout: the cancellation is raised then.
                let answer = try await blocking.cancellable(resumingOn: context.eventLoop) { c in
                    try body(parameters, context, c)
                }
                return Caching.response(answer, request: request, now: now())
            }
        }
        let time: Set<String> = ["at", "tz"]
        get("/v1/health", []) { _, _, c in try endpoints.health(cancellation: c) }
        get("/v1/status", time.union(["fresh_within"])) { q, _, c in try endpoints.status(q, cancellation: c) }
        get("/v1/runs", []) { _, _, c in try endpoints.runs(cancellation: c) }
        get("/v1/updates", ["since"]) { q, _, c in try endpoints.updates(q, cancellation: c) }
        // Every field of the question (NearestToiletsRequest.fields), as the CLI has them.
        get(
            "/v1/toilets/nearest", Set(["lat", "lon"] + NearestToiletsRequest.fields.map(\.httpName)),
            repeatable: [RequestField.dataset.httpName, RequestField.with.httpName]
        ) { q, _, c in try endpoints.nearestToilets(q, cancellation: c) }
        NearestBatchRoute.register(on: router, endpoints: endpoints, blocking: blocking)
        get("/v1/toilets/{dataset}/{id}", time) { q, c, stop in
            try endpoints.toilet(dataset: c.pathParameter("dataset"), id: c.pathParameter("id"), q, cancellation: stop)
        }
        get("/v1/stations", time.union(["name", "limit", "offset"])) { q, _, c in try endpoints.namedStations(q, cancellation: c)
        }
        // Every field of the question (StationsRequest.fields), as `locate station --near` has them.
        get(
            "/v1/stations/nearest", Set(["lat", "lon"] + StationsRequest.fields.map(\.httpName)),
            repeatable: [RequestField.alert.httpName]
        ) { q, _, c in try endpoints.nearestStations(q, cancellation: c) }
        get("/v1/stations/{id}", time.union(["dataset"])) { q, c, stop in
            try endpoints.station(id: c.pathParameter("id"), q, cancellation: stop)
        }
        get("/v1/stations/{id}/detail", Set(["dataset"] + StationDetailRequest.fields.map(\.httpName))) { q, c, stop in
            try endpoints.stationDetail(id: c.pathParameter("id"), q, cancellation: stop)
        }
        ContributionRoutes.register(on: router, data: endpoints.data, configuration: configuration, now: now)
        let yaml = openAPI
        router.get("/v1/openapi.yaml") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            headers[.cacheControl] = "public, max-age=3600"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: yaml)))
        }
        router.get("/metrics") { _, context in
            let text = try await blocking.cancellable(resumingOn: context.eventLoop) { c in
                try endpoints.metricsText(metrics, cancellation: c)
            }
            var headers = HTTPFields()
            headers[.contentType] = PrometheusText.contentType
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        PreviewRoutes(data: endpoints.data, now: now, timeout: configuration.requestTimeoutSeconds, basemap: basemap)
            .register(on: router)
        return router
    }
}
