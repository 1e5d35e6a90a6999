import Contract
public import Foundation
public import Geo
public import Hours
import Places
public import Routing

/// The question "which toilets are nearest to this point?", as `locate toilet` and
/// `GET /v1/toilets/nearest` both ask it: every filter, default, unit and time-zone rule is
/// here, once. An adapter maps its own names onto `RequestField`s (`--max-distance`,
/// `max_distance`), hands over the texts it was given, and renders the answer or the error.
public struct NearestToiletsRequest: Sendable, Equatable {
    /// How many toilets an answer lists unless asked otherwise.
    public static let defaultLimit = 5
    /// The deepest place a request by route may list (offset + limit): each place before it
    /// is routed.
    public static let maxRoutedDepth = 200
    /// The zone of a wall-clock `at` when there is no toilet to take it from.
    public static let fallbackZone = "Europe/Prague"

    /// When the open state is asked for.
    public enum Time: Sendable, Equatable {
        /// Now (`--open-now`, `open_now=true`).
        case now
        /// `at`: an RFC 3339 instant with offset, or a wall-clock `YYYY-MM-DDTHH:MM` read in
        /// `zone`, else in the nearest toilet's own zone.
        case at(String, zone: String?)
    }

    /// The query point: `near`, else the centre of `filter.box`.
    public var near: Coordinate
    /// Whether `near` was given (false: it is the centre of `filter.box`).
    public var pointGiven = true
    /// Only `name` says where: the answer lists the matches by relevance, without distances.
    public var nameOnly = false
    /// How many toilets to list.
    public var limit: Int
    /// How many of the nearest places to skip before listing (paging; 0 by default).
    public var offset: Int
    /// Which toilets are kept.
    public var filter: ToiletFilter
    /// When open toilets are asked for; nil: no open filter.
    public var time: Time?
    /// With `time`: also list toilets whose hours are unknown, marked as such.
    public var includeUnknown: Bool
    /// With `time`: keep only toilets still open on arrival.
    public var arrival: OpenFilter.Arrival?
    /// Rank by route for this mode (`--by`, `by=` or `mode=`); nil: by straight line. With `time`,
    /// arrival is after the route's travel time (docs/routing.md).
    public var by: TravelMode?

    /// The fields this question takes, in the order errors are looked for.
    public static let fields: [RequestField] = [
        .limit, .offset, .maxDistance, .bbox, .name, .wheelchair, .free, .maxPrice, .publicOnly, .changingTable, .unisex, .with,
        .dataset, .openNow, .at, .tz, .includeUnknown, .arriveWithin, .walk, .by, .mode, .verifiedWithin,
    ]

    /// Reads `values` (the texts each field was given; flags as `true`/`false`, `1`/`0`),
    /// with at most `maxLimit` results after at most `maxOffset` skipped ones; throws
    /// `QueryError.badRequest` naming the first field at fault. Without `near`, a `bbox`
    /// is needed: its centre is the point then.
    public init(
        near: Coordinate?, values: [RequestField: [String]], maxLimit: Int? = nil, maxOffset: Int? = nil
    ) throws {
        var v = RequestValues(values)
        limit = try v.whole(.limit, in: 1...(maxLimit ?? Int.max)) ?? NearestToiletsRequest.defaultLimit
        offset = try v.whole(.offset, in: 0...(maxOffset ?? Int.max)) ?? 0
        let box = try v.text(.bbox).map { text in
            guard let box = SearchBox(text: text) else { throw QueryError.badRequest(.badValue(.bbox, text, SearchBox.reason)) }
            return box
        }
        let name = try v.text(.name)
        if let name, ToiletFilter.fold(name).isEmpty {
            throw QueryError.badRequest(.badValue(.name, name, "is blank"))
        }
        // A name alone: every match, by relevance then name (`ToiletFinder.named`), as
        // stations answer a name; the point is unused then.
        guard let point = near ?? box?.centre ?? name.map({ _ in Coordinate(latitude: 0, longitude: 0) }) else {
            throw QueryError.badRequest(.missing(.near))
        }
        self.near = point
        pointGiven = near != nil
        nameOnly = near == nil && box == nil
        let maxPrice = try v.text(.maxPrice).map { text -> PriceLimit in
            guard let p = PriceLimit(text: text) else {
                throw QueryError.badRequest(
                    .badValue(.maxPrice, text, "is not an amount with its currency (write 0.50EUR or 20CZK)"))
            }
            return p
        }
        var attributes: [AttributeCondition] = []
        if try v.flag(.changingTable) { attributes.append(AttributeCondition(.changingTable, .flag(true))) }
        if try v.flag(.unisex) { attributes.append(AttributeCondition(.unisex, .flag(true))) }
        for text in v.all(.with) ?? [] {
            switch AttributeCondition.read(text) {
            case .success(let c): attributes.append(c)
            case .failure(let p): throw QueryError.badRequest(.badValue(.with, text, p.reason))
            }
        }
        filter = ToiletFilter(
            wheelchair: try v.flag(.wheelchair), free: try v.flag(.free), maxDistanceMeters: try v.meters(.maxDistance),
            publicOnly: try v.flag(.publicOnly), attributes: attributes, maxPrice: maxPrice,
            datasets: v.all(.dataset).map(Set.init), box: box, name: name)
        let openNow = try v.flag(.openNow)
        let asked = try AskedTime(reading: &v)
        let (at, tz) = (asked.at, asked.tz)
        if openNow && at != nil { throw QueryError.badRequest(.conflict(.openNow, .at)) }
        time = openNow ? .now : at.map { .at($0, zone: tz) }
        includeUnknown = try v.flag(.includeUnknown)
        let walk = try v.flag(.walk)
        let within = try v.text(.arriveWithin).map { text in
            guard let minutes = Quantity.minutes(text), (0...1440).contains(minutes) else {
                throw QueryError.badRequest(
                    .badValue(.arriveWithin, text, "is not a whole number of minutes from 0 to 1440 (15, 15m, 1h)"))
            }
            return minutes
        }
        for (field, given) in [(RequestField.includeUnknown, includeUnknown), (.arriveWithin, within != nil), (.walk, walk)]
        where given && time == nil {
            throw QueryError.badRequest(.needsTime(field))
        }
        if walk && within != nil { throw QueryError.badRequest(.conflict(.arriveWithin, .walk)) }
        // `mode` is another name for `by`: each is read by the same rule, and the two must agree.
        let modes = try [RequestField.by, .mode].compactMap { field in
            try v.text(field).map { text in
                guard let mode = TravelMode(rawValue: text) else {
                    throw QueryError.badRequest(.badValue(field, text, "is not a travel mode (foot or wheelchair)"))
                }
                return mode
            }
        }
        if modes.count == 2 && modes[0] != modes[1] { throw QueryError.badRequest(.conflict(.by, .mode)) }
        by = modes.first
        if walk && by != nil { throw QueryError.badRequest(.conflict(.walk, .by)) }
        // Every place before a page is routed: a deep page by route costs a route per place.
        // One rule for every adapter: offset + limit (without overflow) at most the depth.
        if by != nil, limit > NearestToiletsRequest.maxRoutedDepth - offset {
            let depth = NearestToiletsRequest.maxRoutedDepth
            throw QueryError.badRequest(
                offset == 0
                    ? .badValue(.limit, String(limit), "is more than the \(depth) places a request by route (by= or --by) lists")
                    : .badValue(.offset, String(offset), "with by= or --by, offset and limit together are at most \(depth)"))
        }
        arrival = walk ? .defaultWalk : within.map { .within(minutes: $0) }
        filter.verifiedWithin = try v.text(.verifiedWithin).map { text in
            guard let seconds = Quantity.age(text) else {
                throw QueryError.badRequest(
                    .badValue(.verifiedWithin, text, "is not an age in days, weeks or years up to 100 years (30d, 2w, 1y)"))
            }
            return seconds
        }
        if nameOnly, by != nil { throw QueryError.badRequest(.needsOneOf(.by, [.near])) }
        if nameOnly, filter.maxDistanceMeters != nil { throw QueryError.badRequest(.needsOneOf(.maxDistance, [.near, .bbox])) }
        if let unknown = v.unread.first { throw QueryError.badRequest(.notTaken(unknown)) }
    }

    /// The instant the open state is asked for (nil without `time`), and how a wall-clock
    /// `at` the clocks skip or repeat was read. A wall-clock `at` without `tz` is read in
    /// the nearest toilet's zone (`finder`), else `fallbackZone`; `now` is the caller's clock.
    public func instant(using finder: ToiletFinder, now: Date) throws -> (at: Date, shift: WallClockShift?, zone: TimeZone)? {
        switch time {
        case nil: return nil
        case .now: return (now, nil, TimeZone(identifier: NearestToiletsRequest.fallbackZone) ?? .gmt)
        case .at(let text, let tz):
            let zoneSource = nameOnly ? nil : try finder.nearest(to: near, limit: 1).first?.timeZone
            let name = tz ?? zoneSource ?? NearestToiletsRequest.fallbackZone
            let zone = TimeZone(identifier: name) ?? .gmt
            guard let asked = AskedTime.instant(text, in: zone) else {
                throw QueryError.badRequest(
                    .badValue(.at, text, "is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset"))
            }
            return (asked.at, asked.shift, zone)
        }
    }

    /// The answer at `at` (from `instant(using:now:)`): the nearest toilets that pass the
    /// filters, open then when `time` asks, with a note when results lie over
    /// `FarAnswer.farMeters` away. A `dataset` with no active toilets is an error naming the
    /// datasets there are. With `by`, ranked by route over `network` (required then). Every
    /// search looks at `cancellation`: once it is raised, `CancellationError`. `filter.verifiedWithin`
    /// counts back from `at`, else from `now` (the caller's clock).
    public func answer(
        using finder: ToiletFinder, at: Date?, now: Date, network: (any RouteNetwork)? = nil,
        cancellation: SearchCancellation? = nil
    ) throws -> ToiletAnswer {
        var request = self
        if let seconds = filter.verifiedWithin {
            let since = (at ?? now).addingTimeInterval(-seconds)
            request.filter.verifiedSince = InstantText.utc(since)
        }
        return try request.answerFiltered(using: finder, at: at, network: network, cancellation: cancellation)
    }

    private func answerFiltered(
        using finder: ToiletFinder, at: Date?, network: (any RouteNetwork)?, cancellation: SearchCancellation?
    ) throws -> ToiletAnswer {
        if let datasets = filter.datasets {
            let active = try finder.activeDatasets()
            if let unknown = datasets.sorted().first(where: { !active.contains($0) }) {
                throw QueryError.badRequest(.noSuchDataset(unknown, active: active))
            }
        }
        let open = at.map { OpenFilter(at: $0, includeUnknown: includeUnknown, arrival: arrival) }
        if nameOnly { return try namedAnswer(using: finder, open: open, cancellation: cancellation) }
        // One more than the page: whether there is a next page. No store holds 2⁴⁰ places:
        // larger numbers ask for every place, and the searches may double it safely.
        let most = 1 << 40
        let wanted = min(offset, most) + min(limit, most) + 1
        let found: [ToiletResult]
        if let by {
            guard let network else { preconditionFailure("a request by route is answered with a network") }
            found = try finder.nearestByRoute(
                to: near, limit: wanted, filter: filter, open: open,
                start: try network.origin(at: near, mode: by, cancellation: cancellation), cancellation: cancellation)
        } else {
            found =
                try open.map {
                    try finder.nearestOpen(to: near, limit: wanted, filter: filter, open: $0, cancellation: cancellation)
                } ?? finder.nearest(to: near, limit: wanted, filter: filter, cancellation: cancellation)
        }
        let results = Array(found.dropFirst(offset).prefix(limit))
        // The far note counts results from the first, as the table numbers them: a later
        // page's far results are results offset+1… of the whole answer.
        let upToPage = Array(found.prefix(offset + results.count))
        var answer = ToiletAnswer(
            near: near, stateAt: open?.at, results: results,
            far: results.isEmpty ? nil : try farAnswer(upToPage, using: finder), by: by)
        answer.offset = offset
        answer.nextOffset = found.count == wanted ? offset + limit : nil
        answer.swap = try swapHint(nearestMeters: results.first?.distanceMeters, using: finder)
        if let swap = answer.swap { answer.notes.append(swap.text) }
        return answer
    }

    /// The open filter of an answer at `at`, for the "nothing matched" explanation.
    public func openFilter(at: Date?) -> OpenFilter? {
        at.map { OpenFilter(at: $0, includeUnknown: includeUnknown, arrival: arrival) }
    }
}
