public import Foundation
public import Geo
public import Routing

/// The question of one `NearestToiletsRequest` asked at many points (`locate toilet
/// --near-file`, `POST /v1/toilets/nearest:batch`): the answer at a point is the single
/// question's answer there, the request with its point replaced (`request(at:)`), so a batch
/// answers exactly as one `--near` query per point would. One finder serves every point
/// (its index and rows file are opened once per run), and one `now` (`--open-now`).
public struct NearestToiletsBatch {
    /// The question, with a placeholder point (`request(at:)` replaces it).
    public let request: NearestToiletsRequest
    /// The finder every point is answered with.
    public let finder: ToiletFinder
    /// The instant `--open-now` / `open_now` asks about, one for the whole batch.
    public let now: Date

    /// The request `values` make, as `NearestToiletsRequest(near:values:…)` reads them, with
    /// a placeholder point (a batch's points are its input). Throws `QueryError.badRequest`
    /// naming the field at fault.
    public static func question(
        values: [RequestField: [String]], maxLimit: Int? = nil, maxOffset: Int? = nil
    ) throws -> NearestToiletsRequest {
        let placeholder = Coordinate(latitude: 0, longitude: 0)
        return try NearestToiletsRequest(near: placeholder, values: values, maxLimit: maxLimit, maxOffset: maxOffset)
    }

    /// The batch of `request` (from `question(values:…)`), answered with `finder` at `now`.
    public init(request: NearestToiletsRequest, finder: ToiletFinder, now: Date) {
        self.request = request
        self.finder = finder
        self.now = now
    }

    /// The single question at `point`: what `locate toilet --near point` with the same
    /// options asks.
    public func request(at point: Coordinate) -> NearestToiletsRequest {
        var r = request
        r.near = point
        r.pointGiven = true
        return r
    }

    /// The answer at `point` (`NearestToiletsRequest.answer`, at its own instant: a
    /// wall-clock `at` without `tz` is read in the zone of the toilet nearest to `point`).
    /// With `by`, `network` gives the network to route from `point` on.
    public func answer(
        at point: Coordinate, network: ((Coordinate) throws -> any RouteNetwork)? = nil,
        cancellation: SearchCancellation? = nil
    ) throws -> ToiletAnswer {
        let r = request(at: point)
        let time = try r.instant(using: finder, now: now)
        let routes = try r.by.flatMap { _ in try network?(point) }
        return try r.answer(using: finder, at: time?.at, now: now, network: routes, cancellation: cancellation)
    }
}
