public import Foundation

/// Evaluates stored places' opening hours (OSM `opening_hours` text) with caches for parsed
/// expressions and time zones, shared by the nearest-open search and the exports. One per
/// task: not `Sendable`. Hours that cannot be read evaluate to `unknown`, never open.
public final class OpenStateEvaluator {
    private var parsed: [String: OpeningHours?] = [:]
    private var zones: [String: TimeZone] = [:]

    /// Creates an evaluator with empty caches.
    public init() {}

    /// The time zone named `identifier` (UTC when unknown to this system), cached.
    public func timeZone(_ identifier: String) -> TimeZone {
        if let z = zones[identifier] { return z }
        let z = TimeZone(identifier: identifier) ?? .gmt
        zones[identifier] = z
        return z
    }

    /// The longest stored OSM text parsed, in UTF-8 bytes: eight times `HoursReading.maxLength`
    /// (the canonical form of text read is at most about three times as many characters, `1-2,`
    /// becoming `01:00-02:00,`, and a character of a comment takes up to 4 bytes, rarely more
    /// than 2). Longer text, written into the database by hand, is unknown.
    public static let maxOSMLength = 8 * HoursReading.maxLength

    /// The parsed expression of `hoursOSM`, or nil when there is none, it is longer than
    /// `maxOSMLength` or it does not parse.
    public func hours(_ hoursOSM: String?) -> OpeningHours? {
        guard let text = hoursOSM, text.utf8.count <= OpenStateEvaluator.maxOSMLength else { return nil }
        if let hit = parsed[text] { return hit }
        let tree = try? OpeningHours(parsing: text)
        parsed[text] = tree
        return tree
    }

    /// The state at `instant` and its next change, for a place with hours `hoursOSM` in
    /// `timeZone` (IANA), holidays of `country`, at `latitude`/`longitude` (for sunrise and
    /// sunset). Unreadable or missing hours answer `unknown` with no next change.
    public func state(
        hoursOSM: String?, timeZone: String, country: String?, latitude: Double, longitude: Double, at instant: Date
    ) -> HoursAnswer {
        guard let tree = hours(hoursOSM) else { return HoursAnswer(state: .unknown, comment: nil, nextChange: nil) }
        let context = HoursContext(
            timeZone: self.timeZone(timeZone), country: country, latitude: latitude, longitude: longitude)
        return tree.state(at: instant, in: context)
    }

    /// The state alone at `instant` (no search for the next change), as `state(…)` decides it.
    public func currentState(
        hoursOSM: String?, timeZone: String, country: String?, latitude: Double, longitude: Double, at instant: Date
    ) -> HoursState {
        guard let tree = hours(hoursOSM) else { return .unknown }
        let context = HoursContext(
            timeZone: self.timeZone(timeZone), country: country, latitude: latitude, longitude: longitude)
        return tree.currentState(at: instant, in: context).state
    }
}
