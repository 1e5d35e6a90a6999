import Contract
import Foundation
import Hours
import Hummingbird
import Synchronization

/// Caching headers from the data version: `ETag` names the data version (and, for answers
/// that follow the clock, the minute they were computed in), `Last-Modified` the newest
/// run's end (or that minute). A matching `If-None-Match` (or, without it, an
/// `If-Modified-Since` not older than `Last-Modified`) gets 304 with no body.
enum Caching {
    static func response(_ answer: Answer, request: Request, now: Date) -> Response {
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
        var tag = entityTag(answer.version)
        var modified = answer.lastModified ?? Date(timeIntervalSince1970: 0)
        var headers = HTTPFields()
        if answer.clockDependent {
            tag += "-\(Int(minute))"
            modified = max(modified, Date(timeIntervalSince1970: minute))
            headers[.cacheControl] = "public, max-age=\(max(1, Int(minute + 60 - now.timeIntervalSince1970)))"
        } else {
            headers[.cacheControl] = "public, no-cache"
        }
        let etag = "\"\(tag)\""
        headers[.eTag] = etag
        headers[.lastModified] = lastModified.text(of: modified)
        if let match = request.headers[.ifNoneMatch] {
            let tags = match.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if tags.contains("*") || tags.contains(etag) || tags.contains("W/" + etag) {
                return Response(status: .notModified, headers: headers)
            }
        } else if let since = request.headers[.ifModifiedSince].flatMap(parseHTTPDate),
            modified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        if let next = answer.nextOffset {
            headers.append(.init(name: .link, value: nextLink(path: request.uri.path, query: request.uri.query, offset: next)))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// The `Link` header of a page with a next one (RFC 8288): the same path and parameters,
    /// in their order and encoding, with `offset` set to `offset`.
    static func nextLink(path: String, query: String?, offset: Int) -> String {
        let kept = (query ?? "").split(separator: "&").filter { pair in
            let key = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return (key.removingPercentEncoding ?? key) != "offset"
        }
        return "<\(path)?\((kept + ["offset=\(offset)"]).joined(separator: "&"))>; rel=\"next\""
    }

    /// The ETag's text for a data version (`/` is not allowed in it), computed once per
    /// version.
    static func entityTag(_ version: String) -> String { entityTags.text(of: version) }

    /// The newest `Last-Modified` and ETag texts: every answer of a data version has the
    /// same (or, following the clock, those of the same minute).
    private static let lastModified = LastText<Date> { httpDate($0) }
    private static let entityTags = LastText<String> { $0.replacingOccurrences(of: "/", with: "-") }

    /// `Sun, 22 Nov 2026 21:00:00 GMT` (RFC 9110 IMF-fixdate).
    /// The fields come from the RFC 3339 text of the instant (`InstantText.utc`, no
    /// calendar per request).
    static func httpDate(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86400).rounded(.down))
        let weekday = weekdays[((days % 7) + 7 + 4) % 7]  // 1970-01-01 was a Thursday
        let utc = Array(InstantText.utc(date).utf8)  // 2026-11-22T21:00:00Z
        func part(_ r: Range<Int>) -> String { String(decoding: utc[r], as: UTF8.self) }
        let month = months[max(0, min(11, (Int(part(5..<7)) ?? 1) - 1))]
        return "\(weekday), \(part(8..<10)) \(month) \(part(0..<4)) \(part(11..<19)) GMT"
    }

    /// The instant of an IMF-fixdate, or nil for any other text.
    static func parseHTTPDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
            let month = months.firstIndex(of: String(parts[2]))
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let components = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: .gmt, year: year, month: month + 1, day: day,
            hour: clock[0], minute: clock[1], second: clock[2])
        return components.isValidDate ? components.date : nil
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension HTTPFields.Element.Name {
    /// `Link` (RFC 8288). A valid field name: the initializer fails only for invalid ones.
    static let link = Self("Link") ?? .contentLocation
}

/// The text `make` gives for a value, kept for the last value asked about: answers ask about
/// the same value again and again, until the data or the minute changes.
final class LastText<Key: Equatable & Sendable>: Sendable {
    private let make: @Sendable (Key) -> String
    private let last = Mutex<(key: Key, text: String)?>(nil)

    init(_ make: @escaping @Sendable (Key) -> String) { self.make = make }

    func text(of key: Key) -> String {
        if let hit = last.withLock({ $0 }), hit.key == key { return hit.text }
        let text = make(key)
        last.withLock { $0 = (key, text) }
        return text
    }
}
