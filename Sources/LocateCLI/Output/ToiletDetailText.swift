import Contract
import Contributions
import Foundation
import Hours
import Places
import Query
import Storage

/// The human view of `locate toilet show`.
enum ToiletDetailText {
    /// `verified 2026-11-30 by a confirmation; hours verified …`, or `not verified since …`
    /// once the newest evidence is older than `Verification.staleSeconds` at `at`, or
    /// `never verified`; days in the place's zone. The page's `verified.js` follows the same rule.
    static func verification(_ t: Toilet, at: Date, zone: TimeZone) -> String {
        func evidence(_ instant: String?, _ by: String?) -> (Date, String)? {
            guard let date = instant.flatMap(InstantText.instant) else { return nil }
            let words = by.flatMap(VerificationSource.init(rawValue:))?.words ?? by ?? "?"
            return (date, String(InstantText.text(date, in: zone).prefix(10)) + " by " + words)
        }
        func stated(_ e: (Date, String)?, _ what: String) -> String {
            guard let (date, text) = e else { return "\(what)never verified" }
            let old = at.timeIntervalSince(date) > Verification.staleSeconds
            return old ? "\(what)not verified since \(text)" : "\(what)verified \(text)"
        }
        let place = evidence(t.verifiedAt, t.verifiedBy)
        var line = stated(place, "")
        // The hours' own words only where the place was verified and other evidence (another
        // day or source) vouched for the hours, or none did.
        let hours = evidence(t.hoursVerifiedAt, t.hoursVerifiedBy)
        if t.hoursText != nil || t.hoursOSM != nil, let place, hours?.1 != place.1 {
            line += "; " + stated(hours, "hours ")
        }
        return line
    }

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
        lines.append(verification(t, at: d.at, zone: zone))
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
