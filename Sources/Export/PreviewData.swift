import AirNorms
import Basemap
import Contract
import Foundation
import Geo
import Hours
import Places
import Storage

/// What the preview page needs beyond the GeoJSON files, computed at generation time by the
/// same engines the CLI uses: each toilet's next 7 days of opening times (Klozet's table)
/// and open intervals (for "near me, open now" in the browser), each station's last 24 hours
/// of values per pollutant (sparklines), and the datasets' attributions.
struct PreviewData {
    /// One toilet's week: a line per local day (`Sat 21.11.`, `08:00–18:00`), and the
    /// intervals it is open and those its hours leave unknown, as Unix seconds (UTC
    /// instants), within `[from, to)`: the 7 local days from the start of the generation day
    /// in the place's `zone`. The page computes the state now from these; outside the window
    /// it says "unknown".
    struct Week: Encodable {
        var days: [[String]]
        var open: [[Int]]
        var unknown: [[Int]]
        var from: Int
        var to: Int
        var zone: String
    }

    /// The page's settings and credits (`window.LOCATE_META`).
    struct Meta: Encodable {
        var generatedAt: String
        var generatedUnix: Int
        /// The pollutant codes a station popup lists, in this order (`PollutantCode.known`).
        var pollutants: [String]
        var tiles: String?
        var tilesAttribution: String
        var view: [Double]?
        /// The far-apart groups of places, first view first (`MapGroups`): the city picker.
        var groups: [MapGroups.Group] = []
        /// Older data than this (seconds before now, in the browser) is flagged "data as of".
        var staleAfterSeconds = PreviewData.staleAfterSeconds
        var attributions: [String]
        /// Where contributions go (`PreviewOptions.api`), or nil: none offered.
        var api: String?
        /// The basemap drawn without a tile server (`basemap-index/1`), or nil.
        var basemap: BasemapIndex?
        /// The boxes of the networks the API routes on (`PreviewOptions.routes`).
        var routes: [[Double]] = []
        /// The air-quality norms a station's panel judges its last 24 hours by (EU, then WHO),
        /// as `NormStanding.judge` does in `locate station show`.
        var norms: [Norm] = NormSet.allCases.flatMap(AirNorm.norms).map(Norm.init)
        /// The attributes a toilet popup shows, from the field table: `[key, label]` for a
        /// yes/no attribute shown by its label when yes, `[key, null]` for words shown as
        /// `key: value`.
        var toiletAttributes: [[String?]] = ToiletAttribute.ordered.compactMap { a in
            switch a.kind {
            case .triState: return a.label.map { [a.key, $0] }
            case .choice, .list: return [a.key, nil]
            case .text: return nil
            }
        }

        enum CodingKeys: String, CodingKey {
            case generatedAt = "generated_at", generatedUnix = "generated_unix", pollutants, tiles
            case tilesAttribution = "tiles_attribution"
            case view, groups, attributions, api, basemap, norms, routes
            case staleAfterSeconds = "stale_after_seconds"
            case toiletAttributes = "toilet_attributes"
        }

        /// Every key present, null when absent (the JSON contract's rule, here too).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(generatedAt, forKey: .generatedAt)
            try c.encode(generatedUnix, forKey: .generatedUnix)
            try c.encode(pollutants, forKey: .pollutants)
            try c.encode(tiles, forKey: .tiles)
            try c.encode(tilesAttribution, forKey: .tilesAttribution)
            try c.encode(view, forKey: .view)
            try c.encode(groups, forKey: .groups)
            try c.encode(staleAfterSeconds, forKey: .staleAfterSeconds)
            try c.encode(attributions, forKey: .attributions)
            try c.encode(api, forKey: .api)
            try c.encode(Nullable(wrappedValue: basemap), forKey: .basemap)
            try c.encode(norms, forKey: .norms)
            try c.encode(routes, forKey: .routes)
            try c.encode(toiletAttributes, forKey: .toiletAttributes)
        }
    }

    /// One norm as the page reads it: `set`, `pollutant`, `kind`, `averaging`, the window's
    /// `hours`, the values it `required`, whether the `lowest` of them is compared (three
    /// consecutive hours) rather than their mean, `threshold` (µg/m³) and `label`.
    struct Norm: Encodable {
        var norm: AirNorm

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(norm.set, forKey: .set)
            try c.encode(norm.pollutant, forKey: .pollutant)
            try c.encode(norm.kind, forKey: .kind)
            try c.encode(norm.averaging, forKey: .averaging)
            try c.encode(norm.averaging.hours, forKey: .hours)
            try c.encode(norm.averaging.required, forKey: .required)
            try c.encode(norm.averaging == .threeConsecutiveHours, forKey: .lowest)
            try c.encode(norm.threshold, forKey: .threshold)
            try c.encode(norm.label, forKey: .label)
        }

        private enum Keys: String, CodingKey { case set, pollutant, kind, averaging, hours, required, lowest, threshold, label }
    }

    /// Data older than a week is flagged on the page ("data as of …").
    static let staleAfterSeconds = 7 * 86400

    /// At most this many changes a week are followed (an expression that changes every
    /// minute shows its first ones; the rest of its week is "unknown", never "closed").
    static let maxChanges = 400

    /// The week of every active toilet with readable hours, by global id, from the start of
    /// the generation day in each toilet's zone.
    static func weeks(_ store: LocateStore, at: Date) throws -> [String: Week] {
        let hours = OpenStateEvaluator()
        var out: [String: Week] = [:]
        try store.forEachActiveToilet(orderedBy: .id) { t in
            guard t.hoursOSM != nil else { return }
            let zone = hours.timeZone(t.timeZone)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let start = calendar.startOfDay(for: at)
            let dayStarts = (0...7).compactMap { calendar.date(byAdding: .day, value: $0, to: start) }
            guard let end = dayStarts.last else { return }
            var segments: [(from: Date, to: Date, state: HoursState)] = []
            var instant = start
            while instant < end && segments.count < maxChanges {
                let a = hours.state(
                    hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: t.coordinate.latitude,
                    longitude: t.coordinate.longitude, at: instant)
                let next = min(a.nextChange ?? end, end)
                segments.append((instant, next, a.state))
                guard next > instant else { break }
                instant = next
            }
            if instant < end && segments.count >= maxChanges { segments.append((instant, end, .unknown)) }
            let days = zip(dayStarts, dayStarts.dropFirst()).map { d0, d1 -> [String] in
                [dayLabel(d0, calendar), dayText(segments, from: d0, to: d1, calendar)]
            }
            func unix(_ state: HoursState) -> [[Int]] {
                segments.filter { $0.state == state }.map {
                    [Int($0.from.timeIntervalSince1970), Int($0.to.timeIntervalSince1970)]
                }
            }
            out[t.globalID] = Week(
                days: days, open: unix(.open), unknown: unix(.unknown), from: Int(start.timeIntervalSince1970),
                to: Int(end.timeIntervalSince1970), zone: t.timeZone)
        }
        return out
    }

    /// `Sat 21.11.`
    static func dayLabel(_ day: Date, _ calendar: Calendar) -> String {
        let c = calendar.dateComponents([.weekday, .day, .month], from: day)
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "\(names[((c.weekday ?? 1) - 1) % 7]) \(c.day ?? 0).\(c.month ?? 0)."
    }

    /// The open (and unknown) times of one local day: `08:00–12:00, 13:00–18:00`, `closed`,
    /// `00:00–24:00 unknown`.
    static func dayText(_ segments: [(from: Date, to: Date, state: HoursState)], from d0: Date, to d1: Date, _ calendar: Calendar)
        -> String
    {
        func clock(_ d: Date, end: Bool) -> String {
            if end && d >= d1 { return "24:00" }
            let c = calendar.dateComponents([.hour, .minute], from: d)
            return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        }
        let parts = segments.filter { $0.state != .closed && $0.to > d0 && $0.from < d1 }.map { s -> String in
            let text = "\(clock(max(s.from, d0), end: false))–\(clock(min(s.to, d1), end: true))"
            return s.state == .open ? text : text + " unknown"
        }
        return parts.isEmpty ? "closed" : parts.joined(separator: ", ")
    }

    /// Every active station's values of the 24 hours before `at`, per pollutant, as
    /// [Unix seconds, value] pairs, by global id.
    static func histories(_ store: LocateStore, at: Date) throws -> [String: [String: [[Double]]]] {
        var out: [String: [String: [[Double]]]] = [:]
        for s in try store.activeStations() {
            // 48 hours: the sparklines show the last 24; a norm's 24-hour window ends at the
            // newest value, which may be up to a day old.
            let h = try store.airHistory(station: s.sourceID, after: at.addingTimeInterval(-2 * 86400), through: at)
            guard !h.isEmpty else { continue }
            out[s.globalID] = Dictionary(
                h.map { ($0.parameter, $0.samples.map { [$0.at.timeIntervalSince1970.rounded(), $0.value] }) },
                uniquingKeysWith: { a, _ in a })
        }
        return out
    }

    /// JSON for a JavaScript assignment (sorted keys: the same data gives the same file).
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONText.encoded(value), as: UTF8.self)
    }
}
