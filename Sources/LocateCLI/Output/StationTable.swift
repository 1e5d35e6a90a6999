import AirNorms
import Contract
import Foundation
import Query
import Storage

/// The human table of station results.
enum StationTable {
    static func render(_ results: [StationResult], byDistance: Bool, offset: Int = 0) -> String {
        var t = Table(
            headers: ["#", byDistance ? "distance" : "match", "station", "id", "city", "index", "eaqi", "latest"],
            rightAligned: [0, 1])
        for (i, s) in results.enumerated() {
            let key =
                s.distanceMeters.map(ToiletTable.distance) ?? (s.match?.rawValue ?? "-")
            let index =
                s.air?.index.map { i in
                    [i.level.map(String.init), i.category, "(\(age(i.ageMinutes)))"].compactMap { $0 }.joined(separator: " ")
                } ?? "-"
            let latest = (s.air?.readings ?? []).map { r in
                let mark = r.quality == .flagged ? ", flagged" : r.quality == .lowCoverage ? ", low coverage" : ""
                return "\(r.parameter) \(number(r.value)) (\(age(r.ageMinutes))\(mark))"
            }
            t.rows.append([
                "\(offset + i + 1)", key, s.name + also(s), s.sourceID, s.city ?? "", index, eaqi(s.eaqi),
                latest.isEmpty ? "-" : latest.joined(separator: ", "),
            ])
        }
        return t.render()
    }

    /// `ALERT Kraków, ul. Próbna (9001): PM10 52.1 µg/m³ at 2026-11-21T19:00:00+01:00, over PM10>50`;
    /// for a norm, the norm and the mean it is judged on; for the index, its level. Times are
    /// instants with their offset in `zone` (the zone asked: `--tz`, else Poland's).
    static func alertLine(_ hit: AlertHit, zone: TimeZone) -> String {
        let s = hit.station
        let head = "ALERT \(s.name) (\(s.sourceID)): "
        if let r = hit.reading {
            let at = InstantText.text(r.measuredInstant, in: zone)
            return head + "\(r.parameter) \(JSONText.number(r.value)) \(r.unit) at \(at), over \(hit.rule)"
        }
        if let n = hit.norm {
            let end = n.windowEnd.map { " ending \(InstantText.text($0, in: zone))" } ?? ""
            return head
                + "\(n.norm.label) exceeded: \(String(format: "%.1f", n.value ?? 0)) µg/m³ over \(n.hours) hourly value(s)\(end)"
        }
        if let e = hit.eaqi {
            let at = e.calculatedAt.map { " at \(InstantText.text($0, in: zone))" } ?? ""
            return head + "EAQI \(e.level?.rawValue ?? 0) \(e.level?.name ?? "?") (\(e.dominant ?? "?"))\(at), over \(hit.rule)"
        }
        let i = hit.index
        return head
            + "index level \(i?.level.map(String.init) ?? "?") \(i?.category ?? "") calculated \(i?.calculatedAt ?? "?"), over \(hit.rule)"
    }

    /// `4 poor PM2.5`, `? (PM2.5 flagged)` when no level could be given, `-` without values.
    static func eaqi(_ e: EuropeanAirQualityIndex?) -> String {
        guard let e else { return "-" }
        guard let level = e.level else {
            let why = e.pollutants.filter { $0.status != .judged }.map { "\($0.pollutant) \($0.status.rawValue)" }
            return why.isEmpty ? "?" : "? (\(why.joined(separator: ", ")))"
        }
        return "\(level.rawValue) \(level.name) \(e.dominant ?? "")"
    }

    /// ` (also openaq-pl/openaq-28, 366 m)`: the same monitor as other datasets list it.
    static func also(_ s: StationResult) -> String {
        guard !s.sameMonitor.isEmpty else { return "" }
        let links = s.sameMonitor.map { "\($0.station.id), \(Int($0.separationMeters.rounded())) m" }
        return " (also " + links.joined(separator: "; ") + ")"
    }

    static func number(_ v: Double) -> String { String(format: v < 10 ? "%.1f" : "%.0f", v) }

    /// `45m`, `3h`, `2d`.
    static func age(_ minutes: Int) -> String {
        minutes < 120 ? "\(minutes)m" : (minutes < 48 * 60 ? "\(minutes / 60)h" : "\(minutes / 1440)d")
    }
}
