import Contract
import Foundation
import Geo
import Hours
import Places
import Query
import Routing
import Storage

/// A JSON answer and what its caching headers depend on.
struct Answer: Sendable {
    /// The document the CLI prints with `--json` (sorted keys), compact, plus a newline.
    var body: [UInt8]
    /// The data version the answer was computed from.
    var version: String
    /// When that data was last changed (newest run's end).
    var lastModified: Date?
    /// The answer depends on the clock (no `at` given): it may change every minute.
    var clockDependent: Bool
    /// A list answer with more to come: the next page's `offset` (a `Link` header names it).
    var nextOffset: Int? = nil

    static func json<T: Encodable>(_ value: T, state: DataState, clockDependent: Bool) throws -> Answer {
        let text = try ContractJSON.encode(value, newline: true)
        return Answer(body: text, version: state.version, lastModified: state.lastModified, clockDependent: clockDependent)
    }
}

/// The read API's answers: the same library calls and documents as the CLI's `--json`.
struct Endpoints: Sendable {
    let data: DataSource
    let configuration: ServeConfiguration
    /// The wall clock (injected: the library never reads it itself).
    let now: @Sendable () -> Date
    /// The street networks' walking graphs beside the database, loaded once and searched
    /// by any number of requests at once (`by=`).
    let networks = NetworkCache()

    /// `GET /v1/toilets/nearest`: `toilet-answer/1`, as `locate toilet --near … --json`; its
    /// searches stop once `cancellation` is raised (the request's timeout).
    func nearestToilets(_ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        // `bbox` alone: the search is from the box's centre; `name` alone: matches by relevance.
        let point = (q.has("bbox") || q.has("name")) && !q.has("lat") && !q.has("lon") ? nil : try q.point()
        let request = try Parameters.request {
            try NearestToiletsRequest(
                near: point, values: q.fields(NearestToiletsRequest.fields), maxLimit: configuration.maxLimit,
                maxOffset: Endpoints.maxOffset)
        }
        let state = try data.current()
        let answer = try Endpoints.routing {
            let network = try request.by.map { _ in try routeNetwork(for: request.near) }
            return try state.withReader(cancellation: cancellation) { r in
                try Parameters.request {
                    let clock = now()
                    let time = try request.instant(using: r.toilets, now: clock)
                    return try request.answer(
                        using: r.toilets, at: time?.at, now: clock, network: network, cancellation: cancellation)
                }
            }
        }
        return Answer(
            body: ToiletAnswerJSON.encode(answer), version: state.version, lastModified: state.lastModified,
            // `verified_within=` without `at` counts back from now: tomorrow's answer may differ.
            clockDependent: request.time == .now || (request.filter.verifiedWithin != nil && request.time == nil),
            nextOffset: answer.nextOffset)
    }

    /// The largest `offset` a list request takes: paging deeper costs a search of that many
    /// places per request (and grouping them into places grows with their square).
    static let maxOffset = 1_000

    /// The walking graph for routes from `point`, loaded in this process.
    func routeNetwork(for point: Coordinate) throws -> any RouteNetwork {
        try networks.network(for: point, databasePath: data.path)
    }

    /// `body()`, with a start point off the street network as a 400 naming `lat and lon`, no
    /// network as a 400 naming `by`, and a damaged network as a 503 saying so and how to
    /// rebuild it; no message names a server path.
    static func routing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as RoutingError {
            let reason = e.descriptionWithoutPaths
            switch e {
            case .startOffNetwork: throw ServeError.badParameter(name: RequestField.near.httpName, reason: reason)
            case .noNetwork: throw ServeError.badParameter(name: RequestField.by.httpName, reason: reason)
            default: throw ServeError.networkUnavailable(reason)
            }
        }
    }

    /// `GET /v1/toilets/{dataset}/{id}`: `toilet-detail/1`, as `locate toilet show DATASET/ID --json`.
    func toilet(dataset: String, id: String, _ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        let request = try Parameters.request {
            try ToiletDetailRequest(dataset: dataset, sourceID: id, values: q.fields(ToiletDetailRequest.fields))
        }
        let now = now()
        let state = try data.current()
        let detail = try state.withReader(cancellation: cancellation) { r -> ToiletDetail in
            guard let answer = try request.answer(store: r.store, now: now) else {
                throw ServeError.notFound(request.notFound)
            }
            return answer.detail
        }
        return try Answer.json(detail, state: state, clockDependent: request.isNow)
    }

    /// `GET /v1/stations/nearest`: `station-answer/1`, as `locate station --near … --json`.
    func nearestStations(_ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        try stations(.near(try q.point()), q, cancellation: cancellation)
    }

    /// `GET /v1/stations?name=`: `station-answer/1`, as `locate station --name … --json`.
    func namedStations(_ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        try stations(.name(try q.required("name")), q, cancellation: cancellation)
    }

    /// A station question (`StationsRequest`) about `target`, with the parameters' fields.
    private func stations(_ target: StationsRequest.Target, _ q: Parameters, cancellation: SearchCancellation? = nil) throws
        -> Answer
    {
        let request = try Parameters.request {
            try StationsRequest(
                target: target, values: q.fields(StationsRequest.fields), maxLimit: configuration.maxLimit,
                maxOffset: Endpoints.maxOffset)
        }
        let instant = request.instant(now: now()).at
        let state = try data.current()
        let answer = try state.withReader(cancellation: cancellation) { r in
            try request.answer(using: r.stations, at: instant).answer
        }
        var served = try Answer.json(answer, state: state, clockDependent: request.isNow)
        served.nextOffset = answer.nextOffset
        return served
    }

    /// `GET /v1/stations/{id}` (`?dataset=` when the id is in several datasets):
    /// `station-answer/1` with the one station, its latest values and index.
    func station(id: String, _ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        let dataset = q.string("dataset")
        let at = try q.instant(default: "Europe/Warsaw")
        let instant = at ?? now()
        let state = try data.current()
        let results = try state.withReader(cancellation: cancellation) { r -> [StationResult] in
            let refs = try r.store.placeReferences(.stations, dataset: dataset, sourceID: id).filter(\.isActive)
            let what = dataset.map { "\($0)/\(id)" } ?? id
            guard let ref = refs.first else { throw ServeError.notFound("no active station \(what)") }
            guard refs.count == 1 else {
                let list = refs.map { "/v1/stations/\(id)?dataset=\($0.dataset)" }.joined(separator: ", ")
                throw ServeError.notFound("station id \(id) is in several datasets: ask for one of \(list)")
            }
            return try r.stations.stations(rowIDs: [ref.rowID], now: instant)
        }
        let answer = StationAnswer(near: nil, at: instant, results: results, alerts: [])
        return try Answer.json(answer, state: state, clockDependent: at == nil)
    }

    /// `GET /v1/stations/{id}/detail` (`?dataset=` when the id is in several datasets):
    /// `station-detail/1`, as `locate station show ID --json`.
    func stationDetail(id: String, _ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        let key = q.string("dataset").map { "\($0)/\(id)" } ?? id
        let request = try Parameters.request {
            try StationDetailRequest(key: key, values: q.fields(StationDetailRequest.fields))
        }
        let instant = request.instant(now: now()).at
        let state = try data.current()
        let detail = try state.withReader(cancellation: cancellation) { r -> StationDetail in
            do {
                guard let detail = try request.answer(using: r.stations, at: instant) else {
                    throw ServeError.notFound(request.notFound)
                }
                return detail
            } catch let e as QueryError {
                // A name or source id of several stations: the CLI's words (its candidates'
                // global ids), as a 400 on the one parameter that can tell them apart.
                throw ServeError.badParameter(name: q.string("dataset") == nil ? "dataset" : "id", reason: e.description)
            }
        }
        return try Answer.json(detail, state: state, clockDependent: request.isNow)
    }

    /// `GET /v1/updates?since=`: `updates/1`.
    func updates(_ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        let request = try Parameters.request { try UpdatesRequest(values: q.fields(UpdatesRequest.fields)) }
        let state = try data.current()
        let document = try state.withReader(cancellation: cancellation) { r in
            try request.answer(store: r.store, version: state.version)
        }
        return try Answer.json(document, state: state, clockDependent: false)
    }

    /// `GET /v1/runs`: `runs/1`, as `locate runs --json`.
    func runs(cancellation: SearchCancellation? = nil) throws -> Answer {
        let state = try data.current()
        let runs = try state.withReader(cancellation: cancellation) { r in try r.store.runs() }
        return try Answer.json(RunsDocument(runs: runs), state: state, clockDependent: false)
    }

    /// `GET /v1/health`: `health/1`.
    func health(cancellation: SearchCancellation? = nil) throws -> Answer {
        let state = try data.current()
        let runs = try state.withReader(cancellation: cancellation) { r in
            try PlaceKind.allCases.flatMap { try r.store.newestRuns(ofDatasetsWithActive: $0) }
        }
        let document = HealthDocument(at: now(), version: state.version, datasets: runs)
        return try Answer.json(document, state: state, clockDependent: true)
    }
}
