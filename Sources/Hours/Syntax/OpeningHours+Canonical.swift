extension OpeningHours {
    /// The expression in canonical OSM syntax: two-digit hours, `off` for closed, `; `, `, `
    /// and ` || ` between rules. Parsing the canonical form gives the same tree.
    public var canonical: String {
        var out = ""
        for (i, rule) in rules.enumerated() {
            if i > 0 {
                switch rule.separator {
                case .normal: out += "; "
                case .additional: out += ", "
                case .fallback: out += " || "
                }
            }
            out += rule.canonical
            // `, ` also continues a list: `2027+, 2028+ May` would read as one rule. An explicit
            // `open` ends the rule where the next one's first list could continue its last.
            if i + 1 < rules.count, rules[i + 1].separator == .additional, rule.wouldAbsorb(rules[i + 1]) { out += " open" }
        }
        return out
    }
}

extension Rule {
    /// The kinds of selector list a rule can start or end with, as far as `,` is concerned.
    private enum ListKind { case years, dates, weeks, days, times }

    /// The list this rule's canonical form ends with (nil when a modifier or comment ends it).
    private var lastList: ListKind? {
        guard modifier == .open, comment == nil, !alwaysOpen else { return nil }
        if !times.isEmpty { return .times }
        if !weekdays.isEmpty || !holidays.isEmpty { return .days }
        if !weeks.isEmpty { return .weeks }
        if !dates.isEmpty { return .dates }
        return years.isEmpty ? nil : .years
    }

    /// The list this rule's canonical form starts with.
    private var firstList: ListKind? {
        if alwaysOpen { return nil }
        if !years.isEmpty { return .years }
        if !dates.isEmpty { return .dates }
        if !weeks.isEmpty { return .weeks }
        if !weekdays.isEmpty || !holidays.isEmpty { return .days }
        return times.isEmpty ? nil : .times
    }

    /// Whether `next`, written after this rule and `, `, would be read as part of this rule's
    /// last list: only a time list continues after `, ` (year, date, week and weekday lists
    /// take no space after their commas).
    func wouldAbsorb(_ next: Rule) -> Bool {
        switch (lastList, next.firstList) {
        case (.times, .times): return true
        default: return false
        }
    }
}

extension Rule {
    /// This rule alone in canonical syntax.
    public var canonical: String {
        var parts: [String] = []
        if alwaysOpen { parts.append("24/7") }
        if !years.isEmpty { parts.append(years.map(\.canonical).joined(separator: ",")) }
        if !dates.isEmpty { parts.append(dates.map(\.canonical).joined(separator: ",")) }
        if !weeks.isEmpty { parts.append("week " + weeks.map(\.canonical).joined(separator: ",")) }
        let days = weekdays.map(\.canonical) + holidays.map(\.canonical)
        if !days.isEmpty { parts.append(days.joined(separator: ",")) }
        if !times.isEmpty { parts.append(times.map(\.canonical).joined(separator: ",")) }
        switch modifier {
        // A comment alone reads as unknown: a selector-less open rule keeps its `open`.
        case .open: if parts.isEmpty { parts.append("open") }
        case .closed: parts.append("off")
        case .unknown: if !(parts.isEmpty && comment != nil) { parts.append("unknown") }
        }
        if let comment { parts.append("\"\(comment)\"") }
        return parts.joined(separator: " ")
    }
}

extension YearRange {
    var canonical: String {
        guard let to else { return "\(from)" }
        if to == Int.max { return "\(from)+" }
        return "\(from)-\(to)" + (step > 1 ? "/\(step)" : "")
    }
}

extension DatePoint {
    var canonical: String {
        switch self {
        case .monthDay(let m, let d?): return "\(monthName(m)) \(twoDigits(d))"
        case .monthDay(let m, nil): return monthName(m)
        case .nthWeekday(let m, let wd, let nth): return "\(monthName(m)) \(weekdayName(wd))[\(nth)]"
        case .easter(let offset): return "easter" + dayOffset(offset)
        }
    }
}

extension DateRange {
    var canonical: String {
        let y = year.map { "\($0) " } ?? ""
        let start = y + from.canonical + dayOffset(fromOffsetDays)
        guard let to else { return start }
        if toYear == nil, fromOffsetDays == 0, case .monthDay(let m1, .some) = from, case .monthDay(let m2, let d2?) = to,
            m1 == m2
        {
            return start + "-" + twoDigits(d2) + dayOffset(toOffsetDays)
        }
        return start + "-" + (toYear.map { "\($0) " } ?? "") + to.canonical + dayOffset(toOffsetDays)
    }
}

extension WeekRange {
    var canonical: String {
        guard let to else { return twoDigits(from) }
        return twoDigits(from) + "-" + twoDigits(to) + (step > 1 ? "/\(step)" : "")
    }
}

extension WeekdayRange {
    var canonical: String {
        var s = weekdayName(from)
        if let to { s += "-" + weekdayName(to) }
        if !nth.isEmpty {
            s +=
                "[" + nth.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
                + "]"
        }
        return s + dayOffset(offsetDays)
    }
}

extension HolidaySelector {
    var canonical: String { kind.rawValue + dayOffset(offsetDays) }
}

extension TimePoint {
    var canonical: String {
        switch self {
        case .minutes(let m): return clock(m)
        case .event(let e, 0): return e.rawValue
        case .event(let e, let offset): return "(\(e.rawValue)\(offset < 0 ? "-" : "+")\(clock(abs(offset))))"
        }
    }
}

extension TimeSpan {
    var canonical: String {
        guard let end else { return start.canonical + "+" }
        return start.canonical + "-" + end.canonical + (openEnd ? "+" : "")
    }
}

/// `08:00`; minutes past 24:00 stay extended (`26:00`).
func clock(_ minutes: Int) -> String { twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60) }

func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

func dayOffset(_ days: Int) -> String {
    days == 0 ? "" : " \(days > 0 ? "+" : "-")\(abs(days)) day\(abs(days) == 1 ? "" : "s")"
}

func monthName(_ m: Int) -> String { String(decoding: Parser.monthNames[m - 1], as: UTF8.self) }
func weekdayName(_ d: Int) -> String { String(decoding: Parser.weekdayNames[d], as: UTF8.self) }
