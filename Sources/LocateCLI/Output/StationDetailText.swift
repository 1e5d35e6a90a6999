import AirNorms
import Contract
import Foundation
import Hours
import Query
import Storage

/// The human view of `locate station show`.
enum StationDetailText {
    static func render(_ d: StationDetail, zone: TimeZone) -> String {
        let s = d.station
        var lines = [
            "\(s.name) (\(s.id))"
                + ([s.street, s.city].compactMap { $0 }.isEmpty
                    ? "" : ", " + [s.street, s.city].compactMap { $0 }.joined(separator: ", "))
        ]
        lines.append("time zone \(zone.identifier); as of \(InstantText.text(d.at, in: zone))")
        if let i = s.air?.index {
            let what = [i.level.map { "level \($0)" }, i.category, i.criticalPollutant.map { "critical \($0)" }].compactMap { $0 }
            lines.append(
                "index: \(what.joined(separator: ", ")), calculated \(i.calculatedAt) (\(StationTable.age(i.ageMinutes)) ago)")
        } else {
            lines.append("index: none")
        }
        lines.append("eaqi: \(StationTable.eaqi(s.eaqi)) (EEA European Air Quality Index, \(EuropeanAirQualityIndex.version))")
        guard !d.pollutants.isEmpty else { return (lines + ["no measurements"]).joined(separator: "\n") }
        var t = Table(
            headers: ["pollutant", "latest", "unit", "age", "1h", "24h mean", "measured at"], rightAligned: [1, 3, 4, 5])
        for p in d.pollutants {
            t.rows.append([
                p.parameter, p.latest.map { StationTable.number($0.value) } ?? "-", StationAir.unit,
                p.latest.map { StationTable.age($0.ageMinutes) } ?? "-", p.mean1h.map(StationTable.number) ?? "-",
                p.mean24h.map(StationTable.number) ?? "-(\(p.hours24h)/24 h)", p.latest?.measuredAt ?? "-",
            ])
        }
        lines += ["", t.render()]
        var n = Table(
            headers: ["pollutant", "norm", "averaging", "threshold", "value", "hours", "status", "as of"],
            rightAligned: [3, 4, 5])
        for p in d.pollutants {
            for st in p.norms {
                let kind = st.norm.kind.rawValue.replacingOccurrences(of: "_", with: " ")
                n.rows.append([
                    p.parameter, "\(st.norm.set.rawValue.uppercased()) \(kind)", st.norm.averaging.rawValue,
                    JSONText.number(st.norm.threshold),
                    st.value.map { StationDetailText.value($0, against: st.norm.threshold) } ?? "-",
                    "\(st.hours)/\(st.norm.averaging.required)", st.status.rawValue.replacingOccurrences(of: "_", with: " "),
                    // The end of the window the norm is judged on (its newest value), not now.
                    st.windowEnd.map { InstantText.text($0, in: zone) } ?? "-",
                ])
            }
        }
        if !n.rows.isEmpty {
            lines += ["", "norms (µg/m³; exceeded = over the threshold; as of the newest value judged):", n.render()]
        }
        let from = d.at.addingTimeInterval(-Double(d.days) * 86400)
        lines += [
            "",
            "last \(d.days == 1 ? "24 hours" : "\(d.days) days") (\(WallClockText.minute(from, zone)) → \(WallClockText.minute(d.at, zone)), \(zone.identifier)):",
        ]
        var h = Table(headers: ["pollutant", "values", "min", "max"], rightAligned: [2, 3])
        for p in d.pollutants {
            let values = p.history.map(\.value)
            h.rows.append([
                p.parameter, Sparkline.render(p.history, from: from, to: d.at),
                values.min().map(StationTable.number) ?? "-", values.max().map(StationTable.number) ?? "-",
            ])
        }
        lines.append(h.render())
        return lines.joined(separator: "\n")
    }
}

extension StationDetailText {
    /// A judged mean with one decimal, or two when one would print the threshold itself
    /// for a mean that is not equal to it (50.04 is over 50: shown as 50.04, not 50.0).
    static func value(_ v: Double, against threshold: Double) -> String {
        let one = String(format: "%.1f", v)
        return v != threshold && one == String(format: "%.1f", threshold) ? String(format: "%.2f", v) : one
    }
}

/// `2026-11-21 19:00` in a zone.
enum WallClockText {
    static func minute(_ d: Date, _ zone: TimeZone) -> String {
        let text = InstantText.text(d, in: zone)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}

/// Unicode block sparklines: one character per hour (per few hours over long windows).
enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The samples in `from`…`to` as at most 48 characters, each the mean of its slot,
    /// scaled from the row's minimum to its maximum; a slot without values is a space.
    static func render(_ samples: [PollutantHistory.Sample], from: Date, to: Date) -> String {
        let hours = max(1, Int((to.timeIntervalSince(from) / 3600).rounded(.up)))
        let perSlot = max(1, (hours + 47) / 48)
        let slots = (hours + perSlot - 1) / perSlot
        var sums = [Double](repeating: 0, count: slots)
        var counts = [Int](repeating: 0, count: slots)
        for s in samples where s.at > from && s.at <= to {
            let hour = min(hours - 1, max(0, Int((s.at.timeIntervalSince(from) / 3600).rounded(.up)) - 1))
            sums[hour / perSlot] += s.value
            counts[hour / perSlot] += 1
        }
        let means = zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil }
        let present = means.compactMap { $0 }
        guard let lo = present.min(), let hi = present.max() else { return String(repeating: " ", count: slots) }
        return String(
            means.map { m -> Character in
                guard let m else { return " " }
                let k = hi > lo ? Int(((m - lo) / (hi - lo) * 7).rounded()) : 3
                return blocks[min(7, max(0, k))]
            })
    }
}
