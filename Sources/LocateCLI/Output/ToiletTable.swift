import Foundation
import Geo
import Hours
import Places
import Query
import Routing

/// The human table of toilet results.
enum ToiletTable {
    /// The table; the `access` and `facilities` columns appear only when a result has such
    /// data (sources without OSM attributes keep their table), `sources` only when the
    /// results come from more than one dataset. By route (`by`): the route's length (`-`
    /// without a route), the straight line and the travel time lead, and the first step ends
    /// the row.
    static func render(_ results: [ToiletResult], timed: Bool = false, by: TravelMode? = nil, offset: Int = 0) -> String {
        let showAccess = results.contains { $0.details.access != .unknown }
        let showFacilities = results.contains { !facilities($0).isEmpty }
        let distances = by == nil ? ["distance"] : ["route", "straight", by == .wheelchair ? "time" : "walk"]
        var headers = ["#"] + distances + ["dir", "place", timed ? "open" : "hours", "price", "wheelchair"]
        if showAccess { headers.append("access") }
        if showFacilities { headers.append("facilities") }
        let showSources = Set(results.flatMap { $0.sources.map(\.dataset) }).count > 1
        if showSources { headers.append("sources") }
        if by != nil { headers.append("first step") }
        var t = Table(headers: headers, rightAligned: by == nil ? [0, 1] : [0, 1, 2, 3])
        for (i, r) in results.enumerated() {
            var extra: [String] = []
            if showAccess { extra.append(r.details.access == .customers ? "customers only" : r.details.access.rawValue) }
            if showFacilities { extra.append(facilities(r).isEmpty ? "-" : facilities(r)) }
            if showSources { extra.append(r.sources.map(\.dataset).joined(separator: " + ")) }
            var lead = [r.distanceMeters.map(distance) ?? "-"]
            if by != nil {
                let route = r.route?.route
                lead = [route.map { distance($0.lengthMeters) } ?? "-"] + lead + [r.route.map { minutes($0.seconds) } ?? "-"]
                extra.append(route.flatMap { $0.steps.first.map { clip($0.text, 40) } } ?? r.route?.note ?? "-")
            }
            t.rows.append(
                ["\(offset + i + 1)"] + lead + [
                    compass(r.bearingDegrees),
                    clip(r.toilet.title, 44),
                    timed
                        ? openText(r)
                        : clip(r.hoursText?.trimmedNonBlank ?? "?", 40),
                    price(r), r.wheelchair.rawValue,
                ] + extra)
        }
        return t.render()
    }

    /// `changing table for all genders, gender-neutral, eurokey, level -1`: what the
    /// attributes say, shortly: the label of each yes/no attribute of the field table that
    /// is yes (the changing table once), women/men when not gender-neutral, the key, the floor.
    static func facilities(_ r: ToiletResult) -> String {
        let d = r.details
        var parts: [String] = []
        for a in ToiletAttribute.ordered where d.flag(a) == true {
            guard let label = a.label else { continue }
            if a == .changingTable && d.flag(.changingTableAllGenders) == true { continue }
            parts.append(label)
        }
        if d.flag(.genderNeutral) != true, d.flag(.female) == true || d.flag(.male) == true {
            parts.append(
                [d.flag(.female) == true ? "women" : nil, d.flag(.male) == true ? "men" : nil].compactMap { $0 }
                    .joined(separator: "+"))
        }
        if let key = d.text(.centralKey), key != "none" { parts.append(key) }
        if let level = d.text(.level) { parts.append("level \(level)") }
        return parts.joined(separator: ", ")
    }

    /// `open until 20:00` (today), `open until 2026-11-22 02:00`, `open 24/7`,
    /// `closed until 08:00`, `closed` (for good), `unknown: nejasná`.
    static func openText(_ r: ToiletResult) -> String {
        switch r.state {
        case .open?:
            guard let next = r.nextChange else { return "open 24/7" }
            return "open until " + until(next, r)
        case .closed?:
            guard let next = r.nextChange else { return "closed" }
            return "closed until " + until(next, r)
        case .unknown?, nil:
            return clip("unknown: " + (r.hoursText?.trimmedNonBlank ?? "no hours given"), 40)
        }
    }

    /// `20:00` on the query's day, else `2026-11-22 02:00`; midnight at the end of the
    /// query's day reads better as `24:00`.
    private static func until(_ next: String, _ r: ToiletResult) -> String {
        let day = next.prefix(10)
        let time = next.dropFirst(11)
        if time == "00:00", let zone = TimeZone(identifier: r.timeZone), let instant = WallClock.instant(next, in: zone),
            let query = r.queryTime, WallClock.text(instant.addingTimeInterval(-60), in: zone).prefix(10) == query.prefix(10)
        {
            return "24:00"
        }
        return r.queryTime?.hasPrefix(day) == true ? String(time) : "\(day) \(time)"
    }

    /// The no-result message: `no toilet matches`, or which filters the data cannot answer
    /// (`none of the 458 active toilets has opening hours; --open-now cannot be answered`;
    /// several: `… has opening hours or a known price; --at and --free cannot be answered`).
    static func noResult(_ unanswerable: UnanswerableFilters?, openFlag: String) -> String {
        guard let unanswerable else { return "no toilet matches" }
        let lacks = unanswerable.filters.map { f -> (what: String, flag: String) in
            switch f {
            case .openingHours(let withText):
                let unreadable = withText > 0 ? " that can be evaluated (\(withText) have hours text that is not a schedule)" : ""
                return ("opening hours" + unreadable, openFlag)
            case .wheelchair: return ("wheelchair data", "--wheelchair")
            case .free: return ("a known price", "--free")
            case .attribute(.changingTable): return ("changing-table data", "--changing-table")
            case .attribute(.unisex): return ("unisex data", "--unisex")
            case .attribute(let a): return ("\(a.key.replacingOccurrences(of: "_", with: "-")) data", "--with \(a.key)")
            case .verification: return ("ever been verified", "--verified-within")
            }
        }
        return "none of the \(unanswerable.activeCount) active toilets has \(lacks.map(\.what).joined(separator: " or ")); "
            + "\(lacks.map(\.flag).joined(separator: " and ")) cannot be answered"
    }

    static func distance(_ m: Double) -> String {
        m < 1000 ? "\(Int(m.rounded())) m" : String(format: "%.2f km", m / 1000)
    }

    /// `4 min`, `1 min` (a started minute counts), `0 min` for none.
    static func minutes(_ seconds: Double) -> String { "\(Int((seconds / 60).rounded(.up))) min" }

    /// The compass point of `bearing`, or `-` without one (distance 0: no direction).
    static func compass(_ bearing: Double?) -> String {
        guard let bearing else { return "-" }
        let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        return names[Int((bearing + 22.5) / 45) % 8]
    }

    static func price(_ r: ToiletResult) -> String {
        if r.isFree == true { return "free" }
        if r.isFree == false, r.priceAmount == nil { return "paid" }
        if let a = r.priceAmount {
            // A whole amount without ".0"; `Int(a)` only where it is one (an infinite or huge
            // amount, possible in a contribution or an outside edit, crashed it).
            let amount = a.isFinite && abs(a) < 1e15 && a == a.rounded() ? "\(Int(a))" : "\(a)"
            // `trimmedNonBlank`, not Foundation's `trimmingCharacters`: that one's first call
            // costs a scan of the binary's conformances.
            guard let currency = r.priceCurrency?.trimmedNonBlank else { return amount }
            return amount + " " + currency
        }
        return "?"
    }

    static func clip(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
}
