import Contract
import Foundation

/// Decodes the `source` keys of an `openaq` pipeline (docs/pipelines.md, "OpenAQ"): `select`
/// (country, providers, parameters), `max_pages`, `max_requests`, `requests_per_minute` and,
/// for air pipelines, `history_hours`. Every other format refuses them.
enum OpenAQOptionsDecoder {
    /// The keys only `openaq` pipelines have.
    static let keys = ["select", "max_pages", "max_requests", "requests_per_minute", "history_hours"]

    static func decode(_ m: YAMLMap, format: PipelineSpec.Format, kind: PipelineSpec.Kind) throws -> OpenAQOptions {
        guard format == .openaq else {
            if let key = keys.first(where: m.has) { throw m.error(key, "only for format: openaq") }
            return OpenAQOptions()
        }
        var o = OpenAQOptions()
        if let select = try m.map("select") {
            if let c = try select.string("country") {
                let code = c.uppercased()
                guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                    throw select.error("country", "'\(TextEscape.quoted(c))' is not an ISO 3166-1 alpha-2 code (CZ, PL)")
                }
                o.country = code
            }
            if let list = try select.stringList("providers") {
                o.providers = try list.map { text in
                    guard let n = Int64(text.trimmingCharacters(in: .whitespaces)), n >= 1, n <= 1_000_000_000 else {
                        throw select.error("providers", "'\(TextEscape.quoted(text))' is not an OpenAQ provider id (1 to 10^9)")
                    }
                    return n
                }
                if o.providers?.isEmpty == true {
                    throw select.error("providers", "the list is empty (omit it for every provider)")
                }
            }
            if let list = try select.stringList("parameters") {
                guard !list.isEmpty else { throw select.error("parameters", "the list is empty (omit it for the default)") }
                o.parameters = try list.map { text in
                    let name = text.trimmingCharacters(in: .whitespaces).lowercased()
                    guard !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                        throw select.error(
                            "parameters", "'\(TextEscape.quoted(text))' is not an OpenAQ parameter name (pm25, no2)")
                    }
                    return name
                }
            }
            try select.finish()
        }
        o.maxPages = try whole(m, "max_pages", 1...1000) ?? o.maxPages
        o.maxRequests = try whole(m, "max_requests", 1...100_000) ?? o.maxRequests
        if let pace = try m.number("requests_per_minute") {
            guard pace > 0, pace <= 60_000 else {
                throw m.error("requests_per_minute", "\(pace) is not a pace from above 0 to 60000 requests a minute")
            }
            o.requestsPerMinute = pace
        }
        if m.has("history_hours"), kind != .air { throw m.error("history_hours", "only for air pipelines") }
        o.historyHours = try whole(m, "history_hours", 0...720) ?? o.historyHours
        return o
    }

    private static func whole(_ m: YAMLMap, _ key: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let v = try m.number(key) else { return nil }
        guard v.rounded() == v, v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            throw m.error(key, "\(JSONText.number(v)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(v)
    }
}
