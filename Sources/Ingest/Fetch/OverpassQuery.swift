public import Foundation
public import Geo

/// What a live Overpass source asks for: the pipeline's `region` as a bounding box, tag
/// filters, and the server-side timeout. The query text is a pure function of these, so the
/// request URL is the same on every run of the same pipeline (answers saved under it can be
/// replayed).
public struct OverpassQuery: Sendable, Equatable {
    /// One tag condition: `key=value`, or `key` alone (the tag is present, any value).
    public struct Condition: Sendable, Equatable {
        /// The tag key.
        public var key: String
        /// The value required, or nil for any value.
        public var value: String?
    }

    /// Each filter selects elements that meet all its conditions; the query asks for the
    /// union of all filters.
    public var filters: [[Condition]]
    /// The `[timeout:N]` of the query, in seconds: the server stops a longer query and says
    /// so in the answer's `remark`.
    public var timeoutSeconds: Int
    /// When set (`source.area`), only elements inside the OSM area of this name (an
    /// administrative boundary such as `Paris`) are asked for, within the region's box.
    public var areaName: String? = nil

    /// `amenity=toilets`, plus `toilets=yes` on any other amenity (a café or a fuel station
    /// whose toilets are open to visitors).
    public static let defaultFilterTexts = ["amenity=toilets", "toilets=yes,amenity"]
    /// The default `[timeout:N]`, in seconds (below the default HTTP deadline of 300 s).
    public static let defaultTimeoutSeconds = 120
    /// The longest `query_timeout` a pipeline may ask for.
    public static let maxTimeoutSeconds = 3600

    /// The default query: `defaultFilterTexts`, `defaultTimeoutSeconds`.
    public static let standard = OverpassQuery(
        filters: defaultFilterTexts.compactMap { try? parseFilter($0).get() }, timeoutSeconds: defaultTimeoutSeconds)

    /// A query with these filters and timeout.
    public init(filters: [[Condition]], timeoutSeconds: Int) {
        self.filters = filters
        self.timeoutSeconds = timeoutSeconds
    }

    /// Why a filter text cannot be used.
    public struct FilterError: Error, Equatable {
        /// What is wrong, as a message fragment.
        public let reason: String
    }

    /// Reads a filter: conditions separated by commas, each `key=value` or `key`
    /// (`toilets=yes,amenity`). Keys and values may not hold `"`, `\`, `,`, `=`, `[`, `]`,
    /// `(`, `)` or control characters (they would change the query), nor be blank.
    public static func parseFilter(_ text: String) -> Result<[Condition], FilterError> {
        var out: [Condition] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pieces[0].trimmingCharacters(in: .whitespaces)
            let value = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : nil
            for word in [key, value].compactMap({ $0 }) {
                guard !word.isEmpty else {
                    return .failure(
                        FilterError(reason: "'\(text)' has an empty key or value (write key=value or key, comma-separated)"))
                }
                if let bad = word.unicodeScalars.first(where: { "\"\\,=[]()".unicodeScalars.contains($0) || $0.value < 0x20 }) {
                    return .failure(
                        FilterError(
                            reason:
                                "'\(text)': the character '\(bad.value < 0x20 ? bad.escaped(asASCII: true) : String(bad))' is not allowed in a tag key or value"
                        ))
                }
            }
            out.append(Condition(key: key, value: value))
        }
        return .success(out)
    }

    /// The Overpass QL text for `region`: every filter within the box
    /// (`south,west,north,east`), ways and relations with their centre (`out center`).
    public func text(region: BoundingBox) -> String {
        let box = [region.minLatitude, region.minLongitude, region.maxLatitude, region.maxLongitude]
            .map { OverpassQuery.number($0) }.joined(separator: ",")
        var lines = ["[out:json][timeout:\(timeoutSeconds)];"]
        if let areaName { lines.append("area[\"boundary\"=\"administrative\"][\"name\"=\"\(areaName)\"]->.searchArea;") }
        lines.append("(")
        let within = areaName == nil ? "" : "(area.searchArea)"
        for filter in filters {
            let conditions = filter.map { c in "[\"\(c.key)\"" + (c.value.map { "=\"\($0)\"" } ?? "") + "]" }.joined()
            lines.append("  nwr\(conditions)\(within)(\(box));")
        }
        lines += [");", "out center;"]
        return lines.joined(separator: "\n")
    }

    /// Checks an area name (`source.area`): not blank, none of the characters a filter may
    /// not hold either.
    public static func checkAreaName(_ name: String) -> FilterError? {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { return FilterError(reason: "the area name is blank") }
        if let bad = name.unicodeScalars.first(where: { "\"\\[]()".unicodeScalars.contains($0) || $0.value < 0x20 }) {
            let shown = bad.value < 0x20 ? bad.escaped(asASCII: true) : String(bad)
            return FilterError(reason: "'\(name)': the character '\(shown)' is not allowed in an area name")
        }
        return nil
    }

    /// The GET request for `region` at the interpreter `endpoint`: the query in the `data`
    /// parameter, percent-encoded.
    public func url(endpoint: String, region: BoundingBox) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = text(region: region).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return endpoint + (endpoint.contains("?") ? "&" : "?") + "data=" + encoded
    }

    /// Degrees as short decimal text (`48.8566`, `2`), never in exponent form.
    static func number(_ d: Double) -> String {
        var s = String(format: "%.7f", d)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
