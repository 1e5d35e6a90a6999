/// One interval of a day's schedule, in minutes from that day's midnight (local wall
/// clock), 0…1440; minutes no segment covers are closed.
struct Segment: Equatable {
    var start: Int
    var end: Int
    var state: HoursState
    var comment: String?
}

/// Builds each day's schedule from the rules, as opening-hours-rs (and the specification)
/// evaluate them. Each rule contributes, for a day, its spans on that day when it selects the
/// day, plus the part past midnight of its spans on the previous day when it selects that
/// one. A normal (`;`) open or unknown rule that selects the day replaces the whole day,
/// including earlier rules' spill-over from the previous day; one that does not select it
/// leaves the day as it was (its own spill-over counts only when earlier rules said nothing
/// about the day or only closed it). An `off` rule and a `,` rule lay their spans over what is there.
/// A `||` rule applies when the rules before it selected nothing for the day, or only closed
/// it without a comment.
struct DayPlanner {
    let hours: OpeningHours
    let context: HoursContext
    private var holidayCache: [Int: Set<Int>] = [:]
    /// The rules' matches of the last day planned: a scan plans day after day, and each
    /// plan needs the day before's.
    private var lastMatches: (day: Int, values: [Bool?])? = nil

    /// Whether some rule's spans can run past midnight (then each plan needs the rules'
    /// matches of the day before).
    private let spillsOver: Bool

    init(hours: OpeningHours, context: HoursContext) {
        self.hours = hours
        self.context = context
        spillsOver = hours.rules.contains(where: DayPlanner.spills)
    }

    /// Whether a span of `rule` can end past midnight: a fixed span ending before its start
    /// or after 24:00, an open end from 24:00 on, or any span with a sun event.
    static func spills(_ rule: Rule) -> Bool {
        if rule.alwaysOpen { return false }
        return rule.times.contains { span in
            guard case .minutes(let s) = span.start else { return true }
            // An open end (`18:00+`) is unknown to midnight, or one minute from a later start.
            guard let end = span.end else { return s >= 1440 }
            guard case .minutes(let e) = end else { return true }
            return e <= s || e > 1440
        }
    }

    mutating func plan(_ day: CivilDay) -> [Segment] {
        var planned: [Segment]? = nil
        var matched = false
        var todayMatches: [Bool?] = []
        if spillsOver { todayMatches.reserveCapacity(hours.rules.count) }
        let before = spillsOver && lastMatches?.day == day.number - 1 ? lastMatches?.values : nil
        // The day before, built only for rules that run past midnight.
        var yesterday: CivilDay? = nil
        for i in hours.rules.indices {
            let rule = hours.rules[i]
            let todayMatch = matches(rule, day)
            if spillsOver { todayMatches.append(todayMatch) }
            var beforeMatch: Bool? = false
            if DayPlanner.spills(rule) {
                let y = yesterday ?? day.adding(-1)
                yesterday = y
                beforeMatch = before?[i] ?? matches(rule, y)
            }
            let today = todayMatch != false
            var own: [Segment]? = nil
            if today || beforeMatch != false {
                var s: [Segment] = []
                if beforeMatch != false, let y = yesterday {
                    addSegments(rule, y, known: beforeMatch != nil, spill: true, to: &s)
                }
                if today { addSegments(rule, day, known: todayMatch != nil, spill: false, to: &s) }
                // A rule says nothing about a day it does not select and spills nothing into.
                own = today || !s.isEmpty ? s : nil
            }
            switch rule.separator {
            case .normal where rule.modifier != .closed:
                // Not selecting the day, it leaves what earlier rules said, unless they only
                // closed it (then its own spill-over counts).
                if today {
                    planned = own
                } else if planned.map(DayPlanner.isClosedOnly) ?? true {
                    planned = own ?? planned
                }
                matched = matched || today
            case .normal, .additional:
                if var p = planned, let o = own {
                    for top in o { DayPlanner.lay(top, over: &p) }
                    planned = p
                } else {
                    planned = planned ?? own
                }
                matched = matched || today
            case .fallback:
                // Closed without a comment: a closed day with a reason (`"note"`) stays closed.
                if !matched || planned.map(DayPlanner.isClosedOnly) ?? false {
                    planned = own
                    matched = today
                }
            }
        }
        if spillsOver { lastMatches = (day.number, todayMatches) }
        return planned ?? []
    }

    /// Whether a schedule only closes (no open or unknown time, no comment).
    static func isClosedOnly(_ plan: [Segment]) -> Bool {
        plan.allSatisfy { $0.state == .closed && $0.comment == nil }
    }

    /// The state at minute `m` (0…1439) of a day with schedule `plan`.
    static func state(at m: Int, in plan: [Segment]) -> (HoursState, String?) {
        for s in plan where s.start <= m && m < s.end { return (s.state, s.comment) }
        return (.closed, nil)
    }

    /// `plan` with `top` laid over it (sorted, non-overlapping; empty segments dropped).
    static func overlay(_ plan: [Segment], _ top: Segment) -> [Segment] {
        var out = plan
        lay(top, over: &out)
        return out
    }

    /// Lays `top` over `plan` (sorted, non-overlapping; empty segments dropped), in place;
    /// a segment after all others is appended without copying.
    static func lay(_ top: Segment, over plan: inout [Segment]) {
        guard top.end > top.start else { return }
        if plan.last.map({ $0.end <= top.start }) ?? true {
            plan.append(top)
            return
        }
        var out: [Segment] = []
        out.reserveCapacity(plan.count + 2)
        var placed = false
        for s in plan {
            if s.end <= top.start || s.start >= top.end {
                if !placed, s.start >= top.end {
                    out.append(top)
                    placed = true
                }
                out.append(s)
                continue
            }
            if s.start < top.start { out.append(Segment(start: s.start, end: top.start, state: s.state, comment: s.comment)) }
            if !placed {
                out.append(top)
                placed = true
            }
            if s.end > top.end { out.append(Segment(start: top.end, end: s.end, state: s.state, comment: s.comment)) }
        }
        if !placed { out.append(top) }
        plan = out
    }

    // MARK: times

    /// Lays the rule's spans on `day` over `plan`: the parts before midnight, or with `spill`
    /// the parts past midnight moved to the next day. All unknown when whether the rule
    /// selects the day is not `known`.
    private func addSegments(_ rule: Rule, _ day: CivilDay, known: Bool, spill: Bool, to plan: inout [Segment]) {
        func add(_ start: Int, _ end: Int, _ state: HoursState, _ comment: String?) {
            let why = "public holidays of \(context.country ?? "an unknown country") are not known"
            let (st, note) = known ? (state, comment) : (.unknown, why)
            if spill {
                guard end > 1440 else { return }
                DayPlanner.lay(
                    Segment(start: max(start - 1440, 0), end: min(end - 1440, 1440), state: st, comment: note), over: &plan)
            } else {
                guard start < 1440 else { return }
                DayPlanner.lay(Segment(start: start, end: min(end, 1440), state: st, comment: note), over: &plan)
            }
        }
        let state: HoursState = rule.modifier == .closed ? .closed : (rule.modifier == .unknown ? .unknown : .open)
        if rule.alwaysOpen || rule.times.isEmpty { return add(0, 1440, state, rule.comment) }
        for span in rule.times {
            guard let start = minutes(span.start, day) else {
                add(0, 1440, .unknown, "variable times need coordinates")
                continue
            }
            guard let endPoint = span.end else {
                add(start, max(start + 1, 1440), .unknown, rule.comment ?? "open end")
                continue
            }
            guard var end = minutes(endPoint, day) else {
                add(0, 1440, .unknown, "variable times need coordinates")
                continue
            }
            // `22:00-02:00` runs past midnight; `22:00-22:00` is 24 hours.
            if end <= start { end += 1440 }
            add(start, end, state, rule.comment)
            if span.openEnd, end < 1440 { add(end, 1440, .unknown, rule.comment ?? "open end") }
        }
    }

    private func minutes(_ t: TimePoint, _ day: CivilDay) -> Int? {
        switch t {
        case .minutes(let m): return m
        case .event(let e, let offset):
            guard let lat = context.latitude, let lon = context.longitude else { return nil }
            guard let m = SunTimes.localMinutes(e, day: day, latitude: lat, longitude: lon, timeZone: context.timeZone) else {
                return nil
            }
            return max(0, min(1440, m + offset))
        }
    }

    // MARK: selectors

    /// Whether `rule` selects `day`; nil when that depends on public holidays no calendar
    /// says (then the rule's times are unknown that day).
    private mutating func matches(_ rule: Rule, _ day: CivilDay) -> Bool? {
        if rule.alwaysOpen { return true }
        if !rule.years.isEmpty, !rule.years.contains(where: { $0.contains(day.year) }) { return false }
        if !rule.dates.isEmpty, !rule.dates.contains(where: { $0.contains(day) }) { return false }
        if !rule.weeks.isEmpty, !rule.weeks.contains(where: { $0.contains(day.isoWeek) }) { return false }
        if rule.weekdays.isEmpty && rule.holidays.isEmpty { return true }
        if rule.weekdays.contains(where: { $0.contains(day) }) { return true }
        var unknown = false
        for h in rule.holidays where h.kind == .publicHoliday {
            switch isPublicHoliday(day.adding(-h.offsetDays)) {
            case true?: return true
            case false?: continue
            case nil: unknown = true
            }
        }
        return unknown ? nil : false
    }

    /// Whether `day` is a public holiday of the context's country; nil when no calendar is
    /// known for it (no country, or one without a calendar).
    private mutating func isPublicHoliday(_ day: CivilDay) -> Bool? {
        guard let country = context.country, PublicHolidays.isSupported(country) else { return nil }
        if let cached = holidayCache[day.year] { return cached.contains(day.number) }
        let set = Set(PublicHolidays.days(country: country, year: day.year).map(\.number))
        holidayCache[day.year] = set
        return set.contains(day.number)
    }
}

extension YearRange {
    func contains(_ year: Int) -> Bool {
        guard let to else { return year == from }
        return year >= from && year <= to && (year - from) % step == 0
    }
}

extension WeekRange {
    func contains(_ week: Int) -> Bool {
        guard let to else { return week == from }
        let inRange = from <= to ? (week >= from && week <= to) : (week >= from || week <= to)
        let distance = from <= to ? week - from : (week - from + 53) % 53
        return inRange && distance % step == 0
    }
}

extension WeekdayRange {
    func contains(_ day: CivilDay) -> Bool {
        let d = offsetDays == 0 ? day : day.adding(-offsetDays)
        let wd = d.weekday
        let to = self.to ?? from
        let inRange = from <= to ? (wd >= from && wd <= to) : (wd >= from || wd <= to)
        guard inRange else { return false }
        guard !nth.isEmpty else { return true }
        let fromStart = (d.day - 1) / 7 + 1
        let fromEnd = -((CivilDay.daysIn(month: d.month, year: d.year) - d.day) / 7 + 1)
        return nth.contains { $0.contains(fromStart) || $0.contains(fromEnd) }
    }
}

extension DateRange {
    func contains(_ day: CivilDay) -> Bool {
        if let year { return contains(day, startYear: year) }
        return contains(day, startYear: day.year) || contains(day, startYear: day.year - 1)
    }

    /// Whether `day` lies in this range taken as starting in `startYear`. A start that does
    /// not exist that year (`Feb 29`) moves to the next day; an end, to the last day before;
    /// a single such day, or an nth weekday a month lacks, selects nothing.
    private func contains(_ day: CivilDay, startYear: Int) -> Bool {
        guard let to else {
            guard let start = DateRange.resolve(from, year: startYear, end: false, single: true),
                let end = DateRange.resolve(from, year: startYear, end: true, single: true)
            else { return false }
            return day.number >= start + fromOffsetDays && day.number <= end + fromOffsetDays
        }
        guard let s = DateRange.resolve(from, year: startYear, end: false, single: false) else { return false }
        let start = s + fromOffsetDays
        var endYear = toYear ?? startYear
        guard var e = DateRange.resolve(to, year: endYear, end: true, single: false) else { return false }
        if toYear == nil, e + toOffsetDays < start {
            endYear += 1
            guard let next = DateRange.resolve(to, year: endYear, end: true, single: false) else { return false }
            e = next
        }
        return day.number >= start && day.number <= e + toOffsetDays
    }

    /// The day number of a date point in `year`; a bare month is its first or last day.
    static func resolve(_ p: DatePoint, year: Int, end: Bool, single: Bool) -> Int? {
        switch p {
        case .monthDay(let m, let d?):
            let length = CivilDay.daysIn(month: m, year: year)
            if d <= length { return CivilDay.daysFromCivil(year, m, d) }
            if single { return nil }
            return CivilDay.daysFromCivil(year, m, length) + (end ? 0 : 1)
        case .monthDay(let m, nil):
            return CivilDay.daysFromCivil(year, m, end ? CivilDay.daysIn(month: m, year: year) : 1)
        case .nthWeekday(let m, let weekday, let nth):
            let length = CivilDay.daysIn(month: m, year: year)
            let first = CivilDay(year: year, month: m, day: 1)
            if nth > 0 {
                let day = 1 + (weekday - first.weekday + 7) % 7 + (nth - 1) * 7
                return day <= length ? first.number + day - 1 : nil
            }
            let last = CivilDay(year: year, month: m, day: length)
            let day = length - (last.weekday - weekday + 7) % 7 + (nth + 1) * 7
            return day >= 1 ? first.number + day - 1 : nil
        case .easter(let offset):
            return CivilDay.easter(year).number + offset
        }
    }
}
