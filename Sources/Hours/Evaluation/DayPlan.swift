import Contract

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

    /// What plans remember for the next (kept apart from the planner, which stays immutable
    /// while it reads its rules).
    struct Memory {
        /// Public holidays by year (day numbers).
        var holidays: [Int: Set<Int>] = [:]
        /// The rules' matches of the last day planned, as bits (rule `i` is bit `i`; kept for
        /// at most 64 rules): a scan plans day after day, and each plan needs the day before's.
        var lastMatches: (day: Int, known: UInt64, selected: UInt64)? = nil
    }

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
    static func spills(_ rule: Rule) -> Bool { spills(alwaysOpen: rule.alwaysOpen, times: rule.times) }

    static func spills(alwaysOpen: Bool, times: [TimeSpan]) -> Bool {
        if alwaysOpen { return false }
        return times.contains { span in
            guard case .minutes(let s) = span.start else { return true }
            // An open end (`18:00+`) is unknown to midnight, or one minute from a later start.
            guard let end = span.end else { return s >= 1440 }
            guard case .minutes(let e) = end else { return true }
            return e <= s || e > 1440
        }
    }

    /// The schedule of `day` into `planned`, with every match that depends on public
    /// holidays no calendar says taken as `assume` (nil: those rules' times are unknown).
    /// Returns whether some match depended on them. Remembers the day's matches only when
    /// `assume` is nil.
    func plan(
        _ day: CivilDay, into planned: inout [Segment], scratch: inout [Segment], memory: inout Memory, assume: Bool?
    ) -> Bool {
        planned.removeAll(keepingCapacity: true)
        var unsure = false
        // Whether a rule before selected the day (a `||` rule applies when none did).
        var matched = false
        var known: UInt64 = 0
        var selected: UInt64 = 0
        let remember = spillsOver && hours.rules.count <= 64 && assume == nil
        let before = remember ? memory.lastMatches.flatMap { $0.day == day.number - 1 ? $0 : nil } : nil
        // The day before, built only for rules that run past midnight.
        var yesterday: CivilDay? = nil
        // Through a pointer: the rules are read in place, never copied.
        hours.rules.withUnsafeBufferPointer { rules in
            guard let base = rules.baseAddress else { return }
            for i in 0..<rules.count {
                let rule = base + i
                let rawToday = matches(rule, day, holidays: &memory.holidays)
                if rawToday == nil { unsure = true }
                let todayMatch = rawToday ?? assume
                if remember, let m = todayMatch {
                    known |= 1 << UInt64(i)
                    if m { selected |= 1 << UInt64(i) }
                }
                var beforeMatch: Bool? = false
                if DayPlanner.spills(alwaysOpen: rule.pointee.alwaysOpen, times: rule.pointee.times) {
                    let y = yesterday ?? day.adding(-1)
                    yesterday = y
                    if let b = before {
                        beforeMatch = b.known & (1 << UInt64(i)) == 0 ? nil : b.selected & (1 << UInt64(i)) != 0
                    } else {
                        beforeMatch = matches(rule, y, holidays: &memory.holidays)
                    }
                    if beforeMatch == nil {
                        unsure = true
                        beforeMatch = assume
                    }
                }
                let today = todayMatch != false
                // The rule's own spans for the day: the part past midnight of its spans on the
                // day before (when it selects that day), then its spans on the day.
                func addOwn(to plan: inout [Segment]) {
                    if beforeMatch != false, let y = yesterday {
                        addSegments(rule, y, known: beforeMatch != nil, spill: true, to: &plan)
                    }
                    if today { addSegments(rule, day, known: todayMatch != nil, spill: false, to: &plan) }
                }
                switch rule.pointee.separator {
                case .normal where rule.pointee.modifier != .closed:
                    // Selecting the day, it replaces it. Not selecting it, it leaves what earlier
                    // rules said, unless they only closed it (then its own spill-over counts).
                    if today {
                        planned.removeAll(keepingCapacity: true)
                        addOwn(to: &planned)
                    } else if beforeMatch != false, DayPlanner.isClosedOnly(planned) {
                        scratch.removeAll(keepingCapacity: true)
                        addOwn(to: &scratch)
                        if !scratch.isEmpty { swap(&planned, &scratch) }
                    }
                    matched = matched || today
                case .normal, .additional:
                    // Laid over what is there.
                    addOwn(to: &planned)
                    matched = matched || today
                case .fallback:
                    // Closed without a comment: a closed day with a reason (`"note"`) stays closed.
                    if !matched || DayPlanner.isClosedOnly(planned) {
                        planned.removeAll(keepingCapacity: true)
                        addOwn(to: &planned)
                        matched = today
                    }
                }
            }
        }
        if remember { memory.lastMatches = (day.number, known, selected) }
        return unsure
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

    /// Lays `top` over `plan` (sorted, non-overlapping; empty segments dropped), in place.
    static func lay(_ top: Segment, over plan: inout [Segment]) {
        guard top.end > top.start else { return }
        // The segments `lo..<hi` overlap `top`.
        var lo = plan.count
        while lo > 0, plan[lo - 1].end > top.start { lo -= 1 }
        var hi = lo
        while hi < plan.count, plan[hi].start < top.end { hi += 1 }
        guard lo < hi else { return plan.insert(top, at: lo) }
        let first = plan[lo]
        let last = plan[hi - 1]
        plan.removeSubrange(lo..<hi)
        var at = lo
        if first.start < top.start {
            plan.insert(Segment(start: first.start, end: top.start, state: first.state, comment: first.comment), at: at)
            at += 1
        }
        plan.insert(top, at: at)
        if last.end > top.end {
            plan.insert(Segment(start: top.end, end: last.end, state: last.state, comment: last.comment), at: at + 1)
        }
    }

    // MARK: times

    /// Lays the rule's spans on `day` over `plan`: the parts before midnight, or with `spill`
    /// the parts past midnight moved to the next day. All unknown when whether the rule
    /// selects the day is not `known`.
    private func addSegments(_ rule: UnsafePointer<Rule>, _ day: CivilDay, known: Bool, spill: Bool, to plan: inout [Segment]) {
        func add(_ start: Int, _ end: Int, _ state: HoursState, _ comment: String?) {
            let (st, note) = known ? (state, comment) : (.unknown, unknownHolidays)
            if spill {
                guard end > 1440 else { return }
                DayPlanner.lay(
                    Segment(start: max(start - 1440, 0), end: min(end - 1440, 1440), state: st, comment: note), over: &plan)
            } else {
                guard start < 1440 else { return }
                DayPlanner.lay(Segment(start: start, end: min(end, 1440), state: st, comment: note), over: &plan)
            }
        }
        let state: HoursState =
            rule.pointee.modifier == .closed ? .closed : (rule.pointee.modifier == .unknown ? .unknown : .open)
        if rule.pointee.alwaysOpen || rule.pointee.times.isEmpty { return add(0, 1440, state, rule.pointee.comment) }
        for span in rule.pointee.times {
            guard let start = minutes(span.start, day) else {
                add(0, 1440, .unknown, "variable times need coordinates")
                continue
            }
            guard let endPoint = span.end else {
                add(start, max(start + 1, 1440), .unknown, rule.pointee.comment ?? "open end")
                continue
            }
            guard var end = minutes(endPoint, day) else {
                add(0, 1440, .unknown, "variable times need coordinates")
                continue
            }
            // `22:00-02:00` runs past midnight; `22:00-22:00` is 24 hours.
            if end <= start { end += 1440 }
            add(start, end, state, rule.pointee.comment)
            if span.openEnd, end < 1440 { add(end, 1440, .unknown, rule.pointee.comment ?? "open end") }
        }
    }

    /// Why a rule whose selection depends on public holidays is unknown.
    var unknownHolidays: String {
        "public holidays of \(context.country ?? "an unknown country") are not known"
    }

    private func minutes(_ t: TimePoint, _ day: CivilDay) -> Int? {
        switch t {
        case .minutes(let m): return m
        case .event(let e, let offset):
            guard let lat = context.latitude, let lon = context.longitude else { return nil }
            guard let m = SunTimes.localMinutes(e, day: day, latitude: lat, longitude: lon, offsets: context.offsets) else {
                return nil
            }
            return max(0, min(1440, m + offset))
        }
    }

    // MARK: selectors

    /// Whether `rule` selects `day`; nil when that depends on public holidays no calendar
    /// says (then the rule's times are unknown that day).
    private func matches(_ rule: UnsafePointer<Rule>, _ day: CivilDay, holidays: inout [Int: Set<Int>]) -> Bool? {
        if rule.pointee.alwaysOpen { return true }
        if !rule.pointee.years.isEmpty, !rule.pointee.years.contains(where: { $0.contains(day.year) }) { return false }
        if !rule.pointee.dates.isEmpty, !rule.pointee.dates.contains(where: { $0.contains(day) }) { return false }
        if !rule.pointee.weeks.isEmpty, !rule.pointee.weeks.contains(where: { $0.contains(day.isoWeek) }) { return false }
        if rule.pointee.weekdays.isEmpty && rule.pointee.holidays.isEmpty { return true }
        if rule.pointee.weekdays.contains(where: { $0.contains(day) }) { return true }
        var unknown = false
        for h in rule.pointee.holidays where h.kind == .publicHoliday {
            switch isPublicHoliday(day.adding(-h.offsetDays), cache: &holidays) {
            case true?: return true
            case false?: continue
            case nil: unknown = true
            }
        }
        return unknown ? nil : false
    }

    /// Whether `day` is a public holiday of the context's country; nil when no calendar is
    /// known for it (no country, or one without a calendar).
    private func isPublicHoliday(_ day: CivilDay, cache holidayCache: inout [Int: Set<Int>]) -> Bool? {
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
