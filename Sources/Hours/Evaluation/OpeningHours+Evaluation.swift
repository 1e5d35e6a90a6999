import Contract
public import Foundation

extension OpeningHours {
    /// The state at `instant` in the place's wall-clock time, the deciding rule's comment,
    /// and the next instant the state changes (nil when none comes within 12 years past the
    /// instant's year or the last year the expression names, whichever is later, nor within
    /// `Evaluator.maxScannedDays` days looked at).
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

/// Evaluates one expression in one context. It keeps the plan of the last day built in
/// buffers it reuses (a scan plans each day once, and checks a boundary on that same day),
/// and the zone's offsets span last used, so a search converts times without a look-up.
struct Evaluator {
    private let planner: DayPlanner
    private var memory = DayPlanner.Memory()
    private var zone: LocalTime
    /// The schedule of day `plannedDay`, and working space for the next.
    private var segments: [Segment] = []
    private var scratch: [Segment] = []
    private var plannedDay: Int? = nil

    init(hours: OpeningHours, context: HoursContext) {
        planner = DayPlanner(hours: hours, context: context)
        zone = LocalTime(table: context.offsets)
    }

    /// Plans `day` into `segments` unless it is there.
    private mutating func plan(_ day: CivilDay) {
        if plannedDay == day.number { return }
        planner.plan(day, into: &segments, scratch: &scratch, memory: &memory)
        plannedDay = day.number
    }

    mutating func stateAt(_ instant: Date) -> (state: HoursState, comment: String?) {
        let (day, minute) = zone.local(instant)
        plan(day)
        return DayPlanner.state(at: minute, in: segments)
    }

    mutating func answer(at instant: Date) -> HoursAnswer {
        let (day, minute) = zone.local(instant)
        plan(day)
        let (state, comment) = DayPlanner.state(at: minute, in: segments)
        return HoursAnswer(state: state, comment: comment, nextChange: nextChange(after: instant, from: day, state: state))
    }

    /// The most days the scan looks at one by one (about 300 years); a change further on is
    /// not found (nil), however far the expression's years run.
    static let maxScannedDays = 110_000

    /// Scans day by day for the first boundary whose state differs. Rules repeat at most
    /// yearly, apart from year selectors, weekday-date coincidences and week 53, so the
    /// scan stops 12 years past the last year the expression names (or past today).
    ///
    /// Where the clocks are set back (autumn), the wall clock reads the same times twice:
    /// a boundary in the repeated stretch happens at both instants, and the moment the clock
    /// goes back is itself a change when the state at the earlier wall time differs. Near such
    /// a moment the scan therefore looks at every occurrence, from the day before to the day
    /// after, and answers the earliest (a stretch repeated across midnight interleaves days).
    private mutating func nextChange(after instant: Date, from start: CivilDay, state: HoursState) -> Date? {
        if isConstant { return nil }
        let horizon = CivilDay(year: max(start.year, lastNamedYear) + 12, month: 12, day: 31)
        let yearSelected = hasYearSelectors
        var day = start
        if clocksGoBack(nearDay: start.number) { day = start.adding(-1) }
        var earliest: Date? = nil
        var lastDay: CivilDay? = nil
        var scanned = 0
        while day <= horizon {
            if let lastDay, day > lastDay { break }
            // A year no rule can select is closed throughout: jump to the next one that can
            // (2200 Jan 01 asked about in year 1 is not 800,000 days of scanning).
            if earliest == nil, yearSelected, day.month > 1 || day.day > 1, state == .closed,
                !canSelect(year: day.year)
            {
                var year = day.year + 1
                while year <= horizon.year, !canSelect(year: year) { year += 1 }
                day = CivilDay(year: year, month: 1, day: 1)
                continue
            }
            // Years run to 9999: the days looked at one by one are bounded, the jumps are not.
            scanned += 1
            if scanned > Self.maxScannedDays { break }
            let dayNumber = day.number
            let repeats = clocksGoBack(nearDay: dayNumber)
            // The state changes only where a segment starts or ends (or at midnight); the
            // segments are sorted and do not overlap.
            var b = 0
            scan: while b < 1440 {
                plan(day)
                let (st, _) = DayPlanner.state(at: b, in: segments)
                var next = 1440
                for s in segments {
                    if s.start > b { next = min(next, s.start) }
                    if s.end > b { next = min(next, s.end) }
                }
                if st != state {
                    // A boundary inside a DST gap lands on the first valid time; the state
                    // there decides (an interval wholly inside the gap does not happen).
                    let times =
                        repeats ? zone.occurrences(dayNumber * 86400 + b * 60) : [zone.instant(day: day, minute: b)]
                    for at in times where at > instant && earliest.map({ at < $0 }) ?? true {
                        if stateAt(at).state != state {
                            earliest = at
                            if !repeats { break scan }
                        }
                    }
                }
                b = next
            }
            if repeats {
                for t in zone.backwardChanges(from: dayNumber * 86400 - 50400, to: dayNumber * 86400 + 136800) {
                    let at = Date(timeIntervalSince1970: Double(t))
                    if at > instant, earliest.map({ at < $0 }) ?? true, stateAt(at).state != state { earliest = at }
                }
            }
            if let found = earliest, lastDay == nil {
                // Without a clock set back within a day of this one, nothing later comes earlier.
                if !repeats { return found }
                lastDay = day.adding(1)
            }
            day = day.adding(1)
        }
        return earliest
    }

    /// Whether the clocks are set back at some instant whose wall clock lies on the day
    /// numbered `n`, or within a day of it.
    private mutating func clocksGoBack(nearDay n: Int) -> Bool {
        // Offsets lie within ±14 hours: local day `n` lies within these instants.
        !zone.backwardChanges(from: n * 86400 - 86400 - 50400, to: n * 86400 + 2 * 86400 + 50400).isEmpty
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
