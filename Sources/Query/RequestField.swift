import Foundation
import Places
import Storage

/// A named input of a question (`NearestToiletsRequest`, the station questions), spelled
/// by each adapter its own way: `--max-distance` on the command line, `max_distance` over
/// HTTP. The rules for its value live with the request, never in an adapter.
public enum RequestField: String, Sendable, CaseIterable, Hashable, Comparable {
    case limit, maxDistance = "max_distance", wheelchair, free, maxPrice = "max_price", publicOnly = "public"
    case changingTable = "changing_table", unisex, with, dataset, openNow = "open_now", at, tz
    case includeUnknown = "include_unknown", arriveWithin = "arrive_within", walk, by
    /// `mode`: another name for `by` (the HTTP API takes both; the command line has `--by`).
    case mode
    case param, freshWithin = "fresh_within", alert, days, since
    /// The places a question is about: a point (`--near`; `lat` and `lon`), a name, the
    /// bookmarks (the CLI's own list). Named only in messages; the adapters read them.
    case near, name, bookmarked
    /// `bbox=W,S,E,N`: only places inside the box (`SearchBox`).
    case bbox
    /// How many results of a list answer to skip (paging: `next_offset` gives the next page's).
    case offset
    /// `verified_within=1y`: only places verified within this long before the asked time.
    case verifiedWithin = "verified_within"

    /// The HTTP query parameter (`max_distance`; the point is `lat` and `lon`).
    public var httpName: String { self == .near ? "lat and lon" : rawValue }
    /// The command-line option (`--max-distance`).
    public var cliName: String { "--" + rawValue.replacingOccurrences(of: "_", with: "-") }

    /// Orders fields by their declaration (the order errors are looked for).
    public static func < (a: RequestField, b: RequestField) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// What was wrong with a request, naming fields without spelling them: each adapter says
/// it with its own names (`reason(naming:)`).
public enum RequestProblem: Sendable, Equatable {
    /// The field's value (quoted) cannot be used, and why.
    case badValue(RequestField, String, String)
    /// The field was given more than once.
    case repeated(RequestField)
    /// The two fields were given together, and only one of them may be.
    case conflict(RequestField, RequestField)
    /// The field needs `open_now` or `at`.
    case needsTime(RequestField)
    /// The question does not take this field.
    case notTaken(RequestField)
    /// The question needs this field.
    case missing(RequestField)
    /// A `dataset` with no active places; the active datasets.
    case noSuchDataset(String, active: [String])
    /// The field needs one of these fields too (or this kind of place).
    case needsOneOf(RequestField, [RequestField])
    /// The field's value (a rule or a code) names a pollutant GIOŚ does not measure.
    case unknownPollutant(RequestField, value: String, code: String)

    /// The field the problem is about (the second of a conflict).
    public var field: RequestField {
        switch self {
        case .badValue(let f, _, _), .repeated(let f), .needsTime(let f), .notTaken(let f), .missing(let f): f
        case .needsOneOf(let f, _), .unknownPollutant(let f, _, _): f
        case .conflict(_, let f): f
        case .noSuchDataset: .dataset
        }
    }

    /// The whole message, with fields spelled by `name`: the field and its reason
    /// (`--limit '0' is not a whole number from 1 up`), or the reason alone for a conflict
    /// (`give either --open-now or --at, not both`).
    public func message(naming name: (RequestField) -> String) -> String {
        switch self {
        case .conflict: return reason(naming: name)
        // `--param: unknown pollutant 'FOO' (…)`, `--alert 'FOO>50': unknown pollutant 'FOO' (…)`.
        case .unknownPollutant(let f, let value, _):
            return (f == .param ? name(f) : "\(name(f)) '\(value)'") + ": " + reason(naming: name)
        default: return "\(name(field)) \(reason(naming: name))"
        }
    }

    /// The reason, with fields spelled by `name`: `'abc' is not a whole number from 1 to
    /// 100`, `give either open_now or at, not both`.
    public func reason(naming name: (RequestField) -> String) -> String {
        switch self {
        case .badValue(_, let value, let why): "'\(value)' \(why)"
        case .repeated: "given more than once"
        case .conflict(let a, let b): "give either \(name(a)) or \(name(b)), not both"
        case .needsTime: "needs \(name(.openNow)) or \(name(.at))"
        case .notTaken: "not taken by this question"
        case .missing: "missing"
        case .noSuchDataset(let d, let active):
            "'\(d)' has no active toilets (datasets: \(active.joined(separator: ", ")))"
        case .needsOneOf(_, let others): "needs \(others.map(name).joined(separator: " or "))"
        case .unknownPollutant(_, _, let code):
            "unknown pollutant '\(code)' (valid: \(PollutantCode.known.joined(separator: ", ")); case and dots do not count)"
        }
    }
}

/// The texts a request was given, read field by field; `unread` lists what no rule read.
struct RequestValues {
    private var values: [RequestField: [String]]
    private var read: Set<RequestField> = []

    init(_ values: [RequestField: [String]]) { self.values = values }

    /// Fields given but never read.
    var unread: [RequestField] { values.keys.filter { !read.contains($0) }.sorted() }

    /// All values of a repeatable field, or nil when it was not given.
    mutating func all(_ f: RequestField) -> [String]? {
        read.insert(f)
        guard let v = values[f], !v.isEmpty else { return nil }
        return v
    }

    /// The one value of `f`, or nil; given twice is an error.
    mutating func text(_ f: RequestField) throws -> String? {
        guard let v = all(f) else { return nil }
        guard v.count == 1 else { throw QueryError.badRequest(.repeated(f)) }
        return v[0]
    }

    /// A yes/no field (absent: no).
    mutating func flag(_ f: RequestField) throws -> Bool {
        guard let t = try text(f) else { return false }
        guard let b = Quantity.flag(t) else { throw QueryError.badRequest(.badValue(f, t, "is not true or false (or 1 or 0)")) }
        return b
    }

    /// A whole number in `range`.
    mutating func whole(_ f: RequestField, in range: ClosedRange<Int>) throws -> Int? {
        guard let t = try text(f) else { return nil }
        guard let n = Int(t), range.contains(n) else {
            let upper = range.upperBound == Int.max ? "\(range.lowerBound) up" : "\(range.lowerBound) to \(range.upperBound)"
            throw QueryError.badRequest(.badValue(f, t, "is not a whole number from \(upper)"))
        }
        return n
    }

    /// A distance in metres (`500`, `500m`, `1.5km`).
    mutating func meters(_ f: RequestField) throws -> Double? {
        guard let t = try text(f) else { return nil }
        guard let m = Quantity.meters(t) else { throw QueryError.badRequest(.badValue(f, t, Quantity.distanceReason)) }
        return m
    }
}
