import Foundation
import Hours
import Places

/// The human answers of `locate hours`.
enum HoursText {
    /// `state: open`, `next change: 2026-11-23T18:00`, the comment, the normalized form, and
    /// how Czech text was read.
    static func evaluation(_ input: HoursReading, osm: String, answer: HoursAnswer, zone: TimeZone) -> String {
        let next = answer.nextChange.map { WallClock.text($0, in: zone) }
        // Without a next change, an unknown state is not "never changes": it is not known
        // (issue 23: `sunrise-sunset` without coordinates said "never"); the comment says why.
        let none = answer.state == .unknown ? "unknown" : "never"
        var lines = ["state: \(answer.state.rawValue)", "next change: \(next ?? none)"]
        if let comment = answer.comment { lines.append("comment: \(comment)") }
        lines.append("normalized: \(osm)")
        for w in input.warnings { lines.append("warning: \(w)") }
        if input.status != .exact { lines.append("read as: \(input.status.rawValue) Czech text") }
        return lines.joined(separator: "\n")
    }

    /// `exact`, `interpreted: léto read as Apr-Sep`, or `could not normalize: …`.
    static func reading(_ h: HoursReading) -> String {
        switch h.status {
        case .exact: "exact"
        case .interpreted: "interpreted: \(h.reason ?? "")"
        case .unknown, .missing: "could not normalize: \(h.reason ?? "")"
        }
    }
}
