import Contract
import Contributions
import Foundation
import Hours
import Places
import Query
import Storage

/// The human view of `locate toilet show`.
enum ToiletDetailText {
    static func render(_ d: ToiletDetail, zone: TimeZone) -> String {
        let t = d.toilet.toilet
        var lines = ["\(d.toilet.title) (\(d.toilet.globalID))"]
        if let address = t.address, address != d.toilet.title { lines.append(address) }
        lines.append("time zone \(zone.identifier); as of \(InstantText.text(d.at, in: zone))")
        let next = d.state.nextChange.map { " until " + WallClockText.minute($0, zone) } ?? ""
        switch d.state.state {
        case .open: lines.append("now: open" + (next.isEmpty ? " 24/7" : next))
        case .closed: lines.append("now: closed" + next)
        case .unknown: lines.append("now: unknown" + next)
        }
        let hours = [t.hoursText.map { "\"\($0)\"" }, t.hoursOSM.map { "opening_hours \($0)" }].compactMap { $0 }
        lines.append("hours: " + (hours.isEmpty ? "none given" : hours.joined(separator: ", ")) + " (\(t.hoursStatus.rawValue))")
        let price = t.isFree == true ? "free" : t.priceText ?? (t.isFree == false ? "paid" : "unknown")
        lines.append("price: \(price); wheelchair: \(t.wheelchair.rawValue)")
        var spans = Table(headers: ["from", "until", "state"])
        for s in d.openingTimes {
            spans.rows.append([
                s.from.prefix(16).replacingOccurrences(of: "T", with: " "),
                s.until.prefix(16).replacingOccurrences(of: "T", with: " "), s.state.rawValue,
            ])
        }
        lines += ["", "the next \(ToiletDetailRequest.days) days:", spans.render()]
        if let run = d.source {
            lines += ["", "source: \(run.source) (run \(run.id), pipeline \(run.pipeline), finished \(run.finishedAt))"]
        }
        for p in d.photos {
            lines.append("photo: \(p.photo.kind.rawValue) /v1/photos/\(p.photo.sha256) (approved \(p.approvedAt))")
        }
        return lines.joined(separator: "\n")
    }
}
