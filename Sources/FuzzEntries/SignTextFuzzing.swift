import Foundation
import Hours

/// Properties of the sign-text reader (`SignHours`: the lines text recognition found on a
/// photo of a sign, `locate hours read`) for any text: its lines are the input's, the used
/// and ignored lines are distinct indices of non-blank lines within `maxLines`, a suggestion
/// comes with a reading that is valid OSM syntax reading back to itself and evaluating
/// consistently, and nothing fails inside.
enum SignTextFuzzing {
    static func signText(_ input: [UInt8]) -> [String] {
        let text = String(decoding: input, as: UTF8.self)
        let given = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let sign = SignHours(lines: given)
        var broken: [String] = []
        if sign.lines.count != given.count { broken.append("sign: \(sign.lines.count) lines of \(given.count)") }
        let all = sign.used + sign.ignored
        if Set(all).count != all.count { broken.append("sign: a line is both used and ignored, or listed twice") }
        if sign.used != sign.used.sorted() { broken.append("sign: the used lines are out of order") }
        for i in all {
            guard i >= 0, i < sign.lines.count, i < SignHours.maxLines else {
                broken.append("sign: line index \(i) is out of range")
                continue
            }
            if sign.lines[i].isEmpty { broken.append("sign: blank line \(i) is used or ignored") }
        }
        switch (sign.suggestion, sign.reading) {
        case (nil, nil): break
        case (let s?, let r?):
            if sign.used.isEmpty { broken.append("sign: a suggestion from no line") }
            if r.osm != r.hours?.canonical { broken.append("sign: the suggestion differs from the tree's canonical form") }
            if let reason = r.reason, reason.contains("internal error") { broken.append("sign: \(reason)") }
            broken += HoursFuzzing.check(s, context: HoursContext(timeZone: HoursFuzzing.prague, country: "CZ"))
        case (nil, _?): broken.append("sign: a reading without a suggestion")
        case (_?, nil): broken.append("sign: a suggestion without a reading")
        }
        if sign.suggestion == nil && !sign.used.isEmpty { broken.append("sign: lines used without a suggestion") }
        return broken
    }
}
