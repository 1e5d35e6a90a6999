public import Foundation

extension OpeningHours {
    /// The state at `instant` in the place's wall-clock time, the deciding rule's comment,
    /// and the next instant the state changes (nil when none comes within 12 years past the
    /// instant's year or the last year the expression names, whichever is later).
    public func state(at instant: Date, in context: HoursContext) -> HoursAnswer {
        var evaluator = Evaluator(hours: self, context: context)
        return evaluator.answer(at: instant)
    }

    /// The state alone, without searching for the next change (cheaper).
    public func currentState(at instant: Date, in context: HoursContext) -> (state: HoursState, comment: String?) {
        var evaluator = Evaluator(hours: self, context: context)
        return evaluator.stateAt(instant)
    }
}

/// Evaluates one expression in one context. It keeps the plan of the last day built (a
/// scan plans each day once, and checks a boundary on that same day) and the offset of the
/// instant asked about, valid until the zone's next transition, so a search converts times
/// without asking Foundation again.
struct Evaluator {
    private var planner: DayPlanner
    private var lastPlan: (day: Int, segments: [Segment])?
    private var zone: LocalTime

    init(hours: OpeningHours, context: HoursContext) {
        planner = DayPlanner(hours: hours, context: context)
        zone = LocalTime(timeZone: context.timeZone)
    }

    private mutating func plan(_ day: CivilDay) -> [Segment] {
        if let last = lastPlan, last.day == day.number { return last.segments }
        let p = planner.plan(day)
        lastPlan = (day.number, p)
        return p
    }

    mutating func stateAt(_ instant: Date) -> (state: HoursState, comment: String?) {
        let (day, minute) = zone.local(instant)
        return DayPlanner.state(at: minute, in: plan(day))
    }

    mutating func answer(at instant: Date) -> HoursAnswer {
        let (day, minute) = zone.local(instant)
        let (state, comment) = DayPlanner.state(at: minute, in: plan(day))
        return HoursAnswer(state: state, comment: comment, nextChange: nextChange(after: instant, from: day, state: state))
    }

    /// Scans day by day for the first boundary whose state differs. Rules repeat at most
    /// yearly, apart from year selectors, weekday-date coincidences and week 53, so the
    /// scan stops 12 years past the last year the expression names (or past today).
    private mutating func nextChange(after instant: Date, from start: CivilDay, state: HoursState) -> Date? {
        if isConstant { return nil }
        let horizon = CivilDay(year: max(start.year, lastNamedYear) + 12, month: 12, day: 31)
        let yearSelected = hasYearSelectors
        zone.anchor(at: instant)
        var day = start
        while day <= horizon {
            // A year no rule can select is closed throughout: jump to the next one that can
            // (2200 Jan 01 asked about in year 1 is not 800,000 days of scanning).
            if yearSelected, day.month > 1 || day.day > 1, state == .closed, !canSelect(year: day.year) {
                var year = day.year + 1
                while year <= horizon.year, !canSelect(year: year) { year += 1 }
                day = CivilDay(year: year, month: 1, day: 1)
                continue
            }
            let today = plan(day)
            // The state changes only where a segment starts or ends (or at midnight); the
            // segments are sorted and do not overlap.
            var b = 0
            var next = 0
            while b < 1440 {
                let (st, _) = DayPlanner.state(at: b, in: today)
                if st != state {
                    let at = zone.instant(day: day, minute: b)
                    // A boundary inside a DST gap lands on the first valid time; the state
                    // there decides (an interval wholly inside the gap does not happen).
                    if at > instant, stateAt(at).state != state { return at }
                }
                next = 1440
                for s in today {
                    if s.start > b { next = min(next, s.start) }
                    if s.end > b { next = min(next, s.end) }
                }
                b = next
            }
            day = day.adding(1)
        }
        return nil
    }

    /// The last year the expression names (year selectors, year-anchored dates), or 0.
    private var lastNamedYear: Int {
        var last = 0
        for r in planner.hours.rules {
            for y in r.years { last = max(last, y.to == Int.max ? y.from : (y.to ?? y.from)) }
            for d in r.dates { last = max(last, d.toYear ?? d.year.map { $0 + 1 } ?? 0) }
        }
        return last
    }

    /// Whether some rule names a year (a selector or a year-anchored date).
    private var hasYearSelectors: Bool {
        planner.hours.rules.contains { r in !r.years.isEmpty || r.dates.contains { $0.year != nil } }
    }

    /// Whether some rule can select a day of `year` (by its year selectors and year-anchored
    /// dates; a year-anchored range may run into the next year).
    private func canSelect(year: Int) -> Bool {
        planner.hours.rules.contains { r in
            (r.alwaysOpen || r.years.isEmpty || r.years.contains { $0.contains(year) })
                && (r.alwaysOpen || r.dates.isEmpty
                    || r.dates.contains { d in
                        d.year.map { year >= $0 && year <= (d.toYear ?? $0 + (d.to == nil ? 0 : 1)) } ?? true
                    })
        }
    }

    /// True when no rule has a selector or a time: the state is the same forever.
    private var isConstant: Bool {
        planner.hours.rules.allSatisfy { r in
            r.years.isEmpty && r.dates.isEmpty && r.weeks.isEmpty && r.weekdays.isEmpty && r.holidays.isEmpty
                && r.times.isEmpty
        }
    }
}

/// Wall-clock conversions in one time zone, DST-aware: a local time inside the
/// spring-forward gap maps to the first valid instant after it; an ambiguous local time
/// (the repeated hour in autumn) maps to its first occurrence. Anchored at an instant
/// (`anchor(at:)`), it learns once the span around it where the zone's offset stays the
/// same and converts times inside that span without asking Foundation.
struct LocalTime {
    let timeZone: TimeZone
    /// The anchor instant (whole seconds) and, once asked, the span of constant offset
    /// around it (`start..<end`, seconds) and that offset.
    private var anchor: Int?
    private var window: (start: Int, end: Int, offset: Int)?
    /// The last instant `local` asked the zone about (whole seconds) and its offset.
    private var last: (seconds: Int, offset: Int)?

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The first and last second of years 0001–9999: instants outside are read at those ends
    /// (and NaN as 1970), so no conversion can overflow.
    static let firstSecond = -62_135_596_800.0
    static let lastSecond = 253_402_300_799.0

    /// Whole seconds since 1970 of `instant`, clamped to years 0001–9999.
    static func seconds(_ instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        return Int(seconds.isNaN ? 0 : min(max(seconds, LocalTime.firstSecond), LocalTime.lastSecond).rounded(.down))
    }

    /// Conversions near `instant` follow (a search for the next change after it).
    mutating func anchor(at instant: Date) {
        anchor = LocalTime.seconds(instant)
        window = nil
    }

    /// The span of constant offset around the anchor: from 4 hours before it (or the
    /// transition in between) to the next transition.
    private mutating func anchoredWindow() -> (start: Int, end: Int, offset: Int)? {
        if let window { return window }
        guard let a = anchor else { return nil }
        let offset =
            last.flatMap { $0.seconds == a ? $0.offset : nil }
            ?? timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(a)))
        let early = a - 4 * 3600
        var start = early
        var next = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(early)))
        if let n = next, LocalTime.seconds(n) <= a {
            start = LocalTime.seconds(n)
            next = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(a)))
        }
        let end = next.map(LocalTime.seconds) ?? Int.max
        window = (start, end, offset)
        return window
    }

    mutating func local(_ instant: Date) -> (CivilDay, Int) {
        let t = LocalTime.seconds(instant)
        let offset: Int
        if let w = window, t >= w.start, t < w.end {
            offset = w.offset
        } else {
            offset = timeZone.secondsFromGMT(for: instant)
            last = (t, offset)
        }
        let local = t + offset
        let dayNumber = Int((Double(local) / 86400).rounded(.down))
        return (CivilDay(number: dayNumber), (local - dayNumber * 86400) / 60)
    }

    mutating func instant(day: CivilDay, minute: Int) -> Date {
        let local = day.number * 86400 + minute * 60
        // Inside the anchored span, 3 hours clear of its ends (no zone moves its clock by
        // more), the local time exists once.
        if let w = anchoredWindow() {
            let t = local - w.offset
            if t - 3 * 3600 >= w.start, w.end == Int.max || t + 3 * 3600 < w.end {
                return Date(timeIntervalSince1970: Double(t))
            }
        }
        return LocalTime.resolve(local, in: timeZone)
    }

    /// The instant of local seconds `local` in `timeZone`: the first occurrence of a repeated
    /// time, the transition for a time in the gap.
    static func resolve(_ local: Int, in timeZone: TimeZone) -> Date {
        let guess = Date(timeIntervalSince1970: Double(local))
        let offsets = Set([
            timeZone.secondsFromGMT(for: guess.addingTimeInterval(-86400)), timeZone.secondsFromGMT(for: guess),
            timeZone.secondsFromGMT(for: guess.addingTimeInterval(86400)),
        ])
        var valid: [Int] = []
        for off in offsets {
            let t = local - off
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))) == off { valid.append(t) }
        }
        if let first = valid.min() { return Date(timeIntervalSince1970: Double(first)) }
        // In the gap: the transition itself is the first valid local time.
        let earliest = local - (offsets.max() ?? 0)
        return timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(earliest - 1)))
            ?? Date(timeIntervalSince1970: Double(earliest))
    }
}
