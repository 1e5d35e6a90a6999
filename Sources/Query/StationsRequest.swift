public import Foundation
public import Geo
public import Hours
import Places
public import Storage

/// The question "which air-quality stations, and how is their air?", as `locate station`
/// and `GET /v1/stations/nearest` / `GET /v1/stations?name=` ask it: the stations nearest a
/// point, those matching a name, or a list (the CLI's bookmarks), with every filter, alert
/// rule, default and time-zone rule here, once. An adapter maps its names onto
/// `RequestField`s, hands over the texts it was given, and renders the answer or the error.
public struct StationsRequest: Sendable, Equatable {
    /// How many stations an answer lists unless asked otherwise.
    public static let defaultLimit = 5
    /// The zone of a wall-clock `at` without `tz`: GIOŚ stations are in Poland.
    public static let defaultZone = "Europe/Warsaw"

    /// Which stations.
    public enum Target: Sendable, Equatable {
        /// The nearest to a point (true geodesic order).
        case near(Coordinate)
        /// Those whose name matches (case and diacritics ignored).
        case name(String)
        /// These global ids, in this order (the CLI's bookmarks).
        case ids([String])
    }

    /// Which stations.
    public var target: Target
    /// How many to list (not for `ids`: every one is listed).
    public var limit: Int
    /// How many of the first stations to skip (paging; not for `ids`).
    public var offset: Int
    /// With `near`: only stations measuring this pollutant.
    public var parameter: String?
    /// With `parameter`: only values this recent (seconds); with `rules`: only values this
    /// recent can alert.
    public var freshWithin: TimeInterval?
    /// Alert rules (`PM10>50`, `norms`, `who`, `index>=4`).
    public var rules: [AlertRule]
    /// `at` and `tz` (a wall-clock `at` is read in `tz`, else `defaultZone`).
    public var time: AskedTime

    /// The fields this question takes, in the order errors are looked for.
    public static let fields: [RequestField] = [.limit, .offset, .param, .freshWithin, .alert, .at, .tz]

    /// Reads `values` for `target`, with at most `maxLimit` results; throws
    /// `QueryError.badRequest` naming the first field at fault.
    public init(target: Target, values: [RequestField: [String]], maxLimit: Int? = nil, maxOffset: Int? = nil) throws {
        var v = RequestValues(values)
        self.target = target
        limit = try v.whole(.limit, in: 1...(maxLimit ?? Int.max)) ?? StationsRequest.defaultLimit
        offset = try v.whole(.offset, in: 0...(maxOffset ?? Int.max)) ?? 0
        if case .ids = target, offset > 0 { throw QueryError.badRequest(.needsOneOf(.offset, [.near, .name])) }
        parameter = try v.text(.param)
        let fresh = try v.text(.freshWithin)
        let ruleTexts = v.all(.alert) ?? []
        var near = false
        var name = false
        switch target {
        case .near: near = true
        case .name: name = true
        case .ids: break
        }
        if parameter != nil && !near { throw QueryError.badRequest(.needsOneOf(.param, [.near])) }
        if name, fresh != nil { throw QueryError.badRequest(.needsOneOf(.freshWithin, [.near, .bookmarked])) }
        if name, !ruleTexts.isEmpty { throw QueryError.badRequest(.needsOneOf(.alert, [.near, .bookmarked])) }
        if fresh != nil && parameter == nil && ruleTexts.isEmpty {
            // Only what this kind of place takes: a list of stations takes no `param`.
            throw QueryError.badRequest(.needsOneOf(.freshWithin, near ? [.param, .alert] : [.alert]))
        }
        freshWithin = try fresh.map { text in
            guard let s = Quantity.seconds(text) else {
                throw QueryError.badRequest(.badValue(.freshWithin, text, Quantity.ageReason))
            }
            return s
        }
        rules = try ruleTexts.map { text in
            guard let rule = AlertRule(text) else {
                throw QueryError.badRequest(.badValue(.alert, text, "is not a rule such as PM10>50, norms, who or index>=4"))
            }
            if case .threshold(let t) = rule, PollutantCode.canonical(t.parameter) == nil {
                throw QueryError.badRequest(.unknownPollutant(.alert, value: text, code: t.parameter))
            }
            return rule
        }
        if let parameter, PollutantCode.canonical(parameter) == nil {
            throw QueryError.badRequest(.unknownPollutant(.param, value: parameter, code: parameter))
        }
        // Last, as `fields` lists them.
        time = try AskedTime(reading: &v)
        if let unknown = v.unread.first { throw QueryError.badRequest(.notTaken(unknown)) }
    }

    /// The zone a wall-clock `at` is read in.
    public var zone: TimeZone { time.zone(default: StationsRequest.defaultZone) }

    /// The instant the answer is for (`at`, else `now`), and how a wall-clock `at` the clocks
    /// skip or repeat was read.
    public func instant(now: Date) -> (at: Date, shift: WallClockShift?) { time.instant(now: now, in: zone) }

    /// Whether the answer depends on the clock (no `at`).
    public var isNow: Bool { time.at == nil }

    /// The answer as of `at`, and the listed ids no active station has (for `ids`).
    public func answer(using finder: StationFinder, at: Date) throws -> (answer: StationAnswer, missing: [String]) {
        var results: [StationResult]
        var missing: [String] = []
        var point: Coordinate? = nil
        // One more than the page: whether there is a next page (no store holds 2⁴⁰ stations).
        let wanted = min(offset, 1 << 40) + min(limit, 1 << 40) + 1
        var more = false
        // The far note counts results from the first, as the table numbers them.
        var upToPage: [StationResult] = []
        switch target {
        case .near(let p):
            point = p
            // A monitor two sources list is folded into one result (`SameMonitor`), so every
            // page folds the same way only when it sees every station that could fold into a
            // result up to it: those within `maxSeparationMeters` beyond the last one wanted.
            // Twice as many at first, doubled until the stations read reach that far.
            var fetch = 2 * wanted
            while true {
                results = try finder.nearest(to: p, limit: fetch, now: at, parameter: parameter, freshWithin: freshWithin)
                let merged = SameMonitor.merged(results)
                var farEnough = false
                if merged.count >= wanted, let reach = merged[wanted - 1].distanceMeters,
                    let farthest = results.last?.distanceMeters
                {
                    farEnough = farthest > reach + SameMonitor.maxSeparationMeters
                }
                if results.count < fetch || fetch >= 1 << 40 || farEnough {
                    more = merged.count >= wanted
                    results = merged
                    break
                }
                fetch *= 4
            }
        case .name(let text):
            // Every match is folded, so the folding is the same on every page; only the air
            // of the results up to this page is read.
            let merged = SameMonitor.merged(try finder.ranked(named: text))
            results = try finder.withAir(folded: Array(merged.prefix(wanted)), now: at)
            more = merged.count >= wanted
        case .ids(let ids):
            results = try finder.stations(ids: ids, now: at)
            missing = ids.filter { id in !results.contains { $0.id == id } }
        }
        if case .ids = target {
        } else {
            upToPage = Array(results.prefix(offset + min(limit, max(0, results.count - offset))))
            results = Array(results.dropFirst(offset).prefix(limit))
        }
        // A value older than the feed's age rule cannot alert: it is "cannot be judged" (issue 35).
        let maxAge = FeedFreshness.maxAgeSeconds(kind: "air", freshWithin: freshWithin)
        let hits = try finder.alerts(in: results, rules: rules, now: at, maxAgeSeconds: maxAge)
        let unjudged = try finder.unjudged(in: results, rules: rules, now: at, maxAgeSeconds: maxAge)
        var answer = StationAnswer(near: point, at: at, results: results, alerts: hits, unjudged: unjudged)
        answer.offset = offset
        answer.nextOffset = more ? offset + limit : nil
        answer.notes = results.isEmpty ? [] : StationsRequest.farNotes(upToPage.isEmpty ? results : upToPage, kind: stationKind)
        if case .near(let p) = target,
            let exchanged = try finder.exchangedPoint(for: p, nearestMeters: results.first?.distanceMeters)
        {
            answer.swap = .point(p, exchanged: exchanged, data: "station")
            answer.notes.append(SwapHint.point(p, exchanged: exchanged, data: "station").text)
        }
        return (answer, missing)
    }

    /// The stations the answer is about, in words: `station`, or with `param` the ones the
    /// search kept (`station measuring PM10`, `… with a value from the last 3 h`), so a far
    /// note never says no station lies near when only none measures the pollutant.
    var stationKind: String {
        guard let parameter else { return "station" }
        let code = PollutantCode.canonical(parameter) ?? parameter
        let recent = freshWithin.map { " with a value from the last \(Quantity.ageText($0))" } ?? ""
        return "station measuring \(code)\(recent)"
    }

    /// The note when results lie over `FarAnswer.farMeters` from the point (issue 23: a
    /// search in Rome listed Polish stations 1,000 km away without a word); `kind` names the
    /// stations searched for (`stationKind`).
    static func farNotes(_ results: [StationResult], kind: String = "station") -> [String] {
        guard let first = results.firstIndex(where: { ($0.distanceMeters ?? 0) > FarAnswer.farMeters }),
            let meters = results[first].distanceMeters
        else { return [] }
        let km = FarAnswer.kilometres(FarAnswer.farMeters)
        let away = FarAnswer.kilometres(meters)
        if first == 0 {
            return ["no \(kind) of the loaded data lies within \(km) of the query point: the nearest is \(away) away"]
        }
        let which = first + 1 == results.count ? "result \(results.count) is" : "results \(first + 1)–\(results.count) are"
        let plural = kind.replacingOccurrences(of: "station", with: "stations", options: .anchored)
        let only = first == 1 ? "only 1 \(kind) lies" : "only \(first) \(plural) lie"
        return ["\(which) over \(km) away (\(away) and more): \(only) within \(km) of the query point"]
    }
}
