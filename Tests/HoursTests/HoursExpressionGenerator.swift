import Foundation

/// SplitMix64: a small seeded generator, so every run of the differential test draws the
/// same expressions and instants for the same seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random `opening_hours` expressions from the specification's grammar, across every selector
/// kind: years (single, ranges, steps, open-ended), dates (months, days, ranges across the
/// year end, nth weekdays, easter, day offsets, year-anchored ranges, Feb 29), weeks,
/// weekdays (ranges, wrapping ranges, nth, offsets), PH (with offsets and weekdays), times
/// (past midnight, 24-hour spans, extended hours, sun events with offsets), modifiers,
/// comments, the wide-range colon and all three rule separators. It leaves out the constructs
/// whose difference from opening-hours-py is deliberate
/// (HoursDifferentialTests.deliberateDifferences): open ends, comment-only rules, SH.
struct HoursExpressionGenerator {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let days = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    private mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    mutating func expression() -> String {
        var out = rule()
        for _ in 0..<int(0...2) {
            let separator = [" ; ", "; ", ", ", " || "][int(0...3)]
            out += separator + rule()
        }
        return out
    }

    mutating func rule() -> String {
        var parts: [String] = []
        var wide = false
        if chance(0.1) {
            parts.append(years())
            wide = true
        }
        // A month and an nth weekday alone after a comma in a date list (`Aug 24,Oct We[3]`):
        // read differently by opening-hours-py (README), compared in its reading; no weekdays
        // or colon follow it then.
        var nthInList = false
        if chance(0.3) {
            var list = (0..<int(1...2)).map { _ in dateRange() }
            if chance(0.1) {
                let names = HoursExpressionGenerator.months
                list.append("\(names[int(0...11)]) \(HoursExpressionGenerator.days[int(0...6)])[\([1, 2, 3, -1][int(0...3)])]")
                nthInList = true
            }
            parts.append(list.joined(separator: ","))
            wide = true
        }
        if !nthInList, chance(0.1) {
            parts.append("week " + (0..<int(1...2)).map { _ in week() }.joined(separator: ","))
            wide = true
        }
        if wide, !nthInList, chance(0.3) { parts[parts.count - 1] += ":" }
        if !nthInList, chance(0.6) { parts.append(weekdays()) }
        if nthInList || chance(0.7) { parts.append((0..<int(1...2)).map { _ in span() }.joined(separator: ",")) }
        if parts.isEmpty { parts.append("24/7") }
        switch int(0...9) {
        case 0: parts.append("open")
        case 1: parts.append("closed")
        case 2: parts.append("off")
        case 3: parts.append("unknown")
        default: break
        }
        if chance(0.1) { parts.append("\"note \(int(1...3))\"") }
        return parts.joined(separator: " ")
    }

    private mutating func years() -> String {
        let y = int(2024...2030)
        switch int(0...3) {
        case 0: return "\(y)"
        case 1: return "\(y)-\(y + int(1...4))"
        case 2:
            // A step no longer than the range: opening-hours-py drops a longer one (README).
            let span = int(2...8)
            return "\(y)-\(y + span)/\(int(2...min(3, span)))"
        default: return "\(y)+"
        }
    }

    private mutating func monthDay() -> (Int, Int) {
        let m = int(1...12)
        return (m, int(1...(m == 2 ? 28 : HoursExpressionGenerator.lengths[m - 1])))
    }

    private mutating func offset() -> String {
        guard chance(0.3) else { return "" }
        let n = int(1...3)
        return " \(chance(0.5) ? "+" : "-")\(n) day\(n == 1 ? "" : "s")"
    }

    private mutating func dateRange() -> String {
        let names = HoursExpressionGenerator.months
        switch int(0...8) {
        case 0: return names[int(0...11)]
        case 1: return names[int(0...11)] + "-" + names[int(0...11)]
        case 2:
            let (m, d) = monthDay()
            return "\(names[m - 1]) \(two(d))"
        case 3:
            let (m, d) = monthDay()
            let (m2, d2) = monthDay()
            return "\(names[m - 1]) \(two(d))\(offset())-\(names[m2 - 1]) \(two(d2))\(offset())"
        case 4:
            let nth = [1, 2, 3, -1][int(0...3)]
            let (m2, d2) = monthDay()
            return "\(names[int(0...11)]) \(HoursExpressionGenerator.days[int(0...6)])[\(nth)]-\(names[m2 - 1]) \(two(d2))"
        case 5:
            let e = "easter" + offset()
            let (m, d) = monthDay()
            return chance(0.5) ? e : e + "-\(names[m - 1]) \(two(d))"
        case 6:
            let y = int(2024...2029)
            let (m, d) = monthDay()
            let (m2, d2) = monthDay()
            return "\(y) \(names[m - 1]) \(two(d))-\(y + int(0...1)) \(names[m2 - 1]) \(two(d2))"
        case 7: return "Feb 29"
        default:
            let (m, d) = monthDay()
            let end = min(d + int(1...10), m == 2 ? 28 : HoursExpressionGenerator.lengths[m - 1])
            return end > d ? "\(names[m - 1]) \(two(d))-\(two(end))" : "\(names[m - 1]) \(two(d))"
        }
    }

    private mutating func week() -> String {
        let a = int(1...53)
        switch int(0...2) {
        case 0: return two(a)
        case 1: return "\(two(min(a, 50)))-\(two(min(53, max(a, 50) + int(0...3))))"
        default:
            let from = int(1...20)
            return "\(two(from))-\(two(from + int(5...30)))/\(int(2...4))"
        }
    }

    private mutating func weekdays() -> String {
        let names = HoursExpressionGenerator.days
        var items: [String] = []
        for _ in 0..<int(1...2) {
            switch int(0...5) {
            case 0: items.append(names[int(0...6)])
            case 1: items.append(names[int(0...6)] + "-" + names[int(0...6)])
            case 2: items.append("\(names[int(0...6)])[\([1, 2, 3, 4, 5, -1, -2][int(0...6)])]" + offset())
            case 3: items.append("\(names[int(0...6)])[1,3]")
            case 4: items.append("PH" + offset())
            default: items.append(names[int(0...4)] + "-" + names[int(4...6)])
            }
        }
        return items.joined(separator: ",")
    }

    private mutating func span() -> String {
        let start = int(0...95) * 15
        switch int(0...9) {
        case 0: return "\(clock(start))-\(clock(start))"
        case 1: return "\(clock(start))-\(clock(start + int(1...20) * 60))"
        case 2: return "00:00-24:00"
        case 3: return sunSpan()
        default:
            var end = int(0...96) * 15
            if end == start { end = min(1440, start + 60) }
            return "\(clock(start))-\(clock(end))"
        }
    }

    /// A span with a sun event at one end or both, with or without an offset
    /// (`(sunset-01:30)-23:00`), all within the day.
    private mutating func sunSpan() -> String {
        func event(_ names: [String], later: Bool = true) -> String {
            let name = names[int(0...(names.count - 1))]
            guard chance(0.4) else { return name }
            return "(\(name)\(later && chance(0.5) ? "+" : "-")\(clock(int(1...6) * 15)))"
        }
        switch int(0...3) {
        case 0: return event(["dawn", "sunrise"]) + "-" + event(["sunset", "dusk"])
        case 1: return event(["dawn", "sunrise"]) + "-" + clock(int(48...80) * 15)
        case 2: return clock(int(24...40) * 15) + "-" + event(["sunset", "dusk"])
        // From 22:30: dusk in June (about 22:00) stays before the end, and the span ends the same day.
        default: return event(["sunset", "dusk"], later: false) + "-" + clock(int(90...95) * 15)
        }
    }

    private func clock(_ minutes: Int) -> String { two(minutes / 60) + ":" + two(minutes % 60) }

    /// A random instant between 2024 and 2030.
    mutating func instant() -> Date {
        let from = 1_704_067_200.0  // 2024-01-01T00:00:00Z
        let minutes = int(0...(7 * 366 * 24 * 60))
        return Date(timeIntervalSince1970: from + Double(minutes * 60))
    }
}
