import Foundation
import Geo
import Hours
public import Places
import Storage

/// Why an answer reaches far from its query point, said in words (issue 23: a search near
/// Rome listed Prague toilets 915 km away, and one in Prague with `--wheelchair` only Paris
/// toilets, without a word). The nearest search stays exact and uncapped: these notes only
/// tell the reader which results are far and why nothing nearer matched.
public struct FarAnswer: Sendable, Equatable {
    /// A result farther than this from the query point is far: a day's walk and more, and
    /// past the area a local dataset covers.
    public static let farMeters = 50_000.0
    /// The most toilets within `farMeters` looked at to explain an answer (the count stops there).
    public static let countedMost = 100_000

    /// The position (0-based) of the first far result.
    public var firstFar: Int
    /// How many results there are.
    public var resultCount: Int
    /// The distance of the first far result, in metres.
    public var firstFarMeters: Double
    /// Active toilets within `farMeters` of the query point (at most `countedMost`).
    public var activeNear: Int
    /// For each asked filter that needs data, how many of `activeNear` carry it, in the
    /// order open, wheelchair, free, price, then the attributes in table order; the filter
    /// as the request field (`wheelchair`, `open_now` for either time filter) or attribute.
    public var dataNear: [(FilterData, Int)]

    /// The facts of one far answer (`NearestToiletsRequest.farAnswer` finds them).
    public init(firstFar: Int, resultCount: Int, firstFarMeters: Double, activeNear: Int, dataNear: [(FilterData, Int)]) {
        self.firstFar = firstFar
        self.resultCount = resultCount
        self.firstFarMeters = firstFarMeters
        self.activeNear = activeNear
        self.dataNear = dataNear
    }

    /// Equal facts (tuples are not `Equatable`, so `dataNear` is compared field by field).
    public static func == (a: FarAnswer, b: FarAnswer) -> Bool {
        a.firstFar == b.firstFar && a.resultCount == b.resultCount && a.firstFarMeters == b.firstFarMeters
            && a.activeNear == b.activeNear && a.dataNear.map(\.0) == b.dataNear.map(\.0)
            && a.dataNear.map(\.1) == b.dataNear.map(\.1)
    }

    /// The note, in plain words (the same in the CLI and in JSON).
    public var text: String {
        let km = FarAnswer.kilometres(FarAnswer.farMeters)
        let away = FarAnswer.kilometres(firstFarMeters)
        guard activeNear > 0 else {
            return "no toilet of the loaded data lies within \(km) of the query point: the nearest result is \(away) away"
        }
        // Only filters that most toilets near the point cannot be judged by: they explain
        // the answer; a filter nearly every toilet has data for does not.
        let lacking = dataNear.filter { $0.1 * 2 < activeNear }.map { field, count in
            count == 0
                ? "none of the \(activeNear) toilets within \(km) has \(FarAnswer.data(field))"
                : "only \(count) of the \(activeNear) toilets within \(km) have \(FarAnswer.data(field))"
        }
        let why = lacking.isEmpty ? "" : " (\(lacking.joined(separator: "; ")))"
        if firstFar == 0 {
            return "no toilet within \(km) of the query point matches: the nearest result is \(away) away\(why)"
        }
        let which =
            firstFar + 1 == resultCount ? "result \(resultCount) is" : "results \(firstFar + 1)–\(resultCount) are"
        let only = firstFar == 1 ? "only 1 toilet" : "only \(firstFar) toilets"
        let verb = firstFar == 1 ? "matches" : "match"
        return "\(which) over \(km) away (\(away) and more): \(only) within \(km) of the query point \(verb)\(why)"
    }

    /// What a filter needs, in words: `opening hours`, `wheelchair data`, `changing-table data`.
    static func data(_ need: FilterData) -> String {
        switch need {
        case .field(.openNow), .field(.at): "opening hours"
        case .field(.wheelchair): "wheelchair data"
        case .field(.free), .field(.maxPrice): "a known price"
        case .field(let field): "\(field.rawValue) data"
        case .attribute(let a): "\(a.key.replacingOccurrences(of: "_", with: "-")) data"
        }
    }

    /// `50 km`, `844 km`, `52.3 km`.
    static func kilometres(_ meters: Double) -> String {
        let km = meters / 1000
        return km >= 100 || km == km.rounded() ? "\(Int(km.rounded())) km" : String(format: "%.1f km", km)
    }
}

extension NearestToiletsRequest {
    /// The far-answer explanation for `results` of this request, or nil when no result is
    /// over `FarAnswer.farMeters` away. Counts the active toilets within that distance and,
    /// for each asked filter that needs data, how many of them carry it.
    public func farAnswer(_ results: [ToiletResult], using finder: ToiletFinder) throws -> FarAnswer? {
        guard let first = results.firstIndex(where: { ($0.distanceMeters ?? 0) > FarAnswer.farMeters }) else { return nil }
        var active = 0
        var hours = 0
        var wheelchair = 0
        var price = 0
        var attributes: [ToiletAttribute: Int] = [:]
        let asked = Array(Set(filter.attributes.map(\.attribute))).sorted()
        _ = try finder.search(
            to: near, limit: FarAnswer.countedMost, filter: ToiletFilter(maxDistanceMeters: FarAnswer.farMeters),
            cancellation: nil
        ) { t, _ in
            active += 1
            if t.hoursStatus == .exact || t.hoursStatus == .interpreted { hours += 1 }
            if t.wheelchair != .unknown { wheelchair += 1 }
            if t.isFree != nil { price += 1 }
            for a in asked where t.details[a] != nil { attributes[a, default: 0] += 1 }
            return false
        }
        var data: [(FilterData, Int)] = []
        if time != nil && !includeUnknown { data.append((.field(time == .now ? .openNow : .at), hours)) }
        if filter.wheelchair { data.append((.field(.wheelchair), wheelchair)) }
        if filter.free { data.append((.field(.free), price)) }
        if filter.maxPrice != nil { data.append((.field(.maxPrice), price)) }
        for a in asked { data.append((.attribute(a), attributes[a] ?? 0)) }
        return FarAnswer(
            firstFar: first, resultCount: results.count, firstFarMeters: results[first].distanceMeters ?? 0, activeNear: active,
            dataNear: data)
    }
}

/// What a filter needs data of: a field of the request (`wheelchair`, `open_now`) or an
/// attribute of the field table (`--with changing_table`).
public enum FilterData: Sendable, Equatable {
    /// A request field's filter.
    case field(RequestField)
    /// An attribute condition's attribute.
    case attribute(ToiletAttribute)
}
