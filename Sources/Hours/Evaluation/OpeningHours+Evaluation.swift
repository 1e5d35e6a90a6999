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

/// Evaluates one expression in one context; caches day plans while it searches.
struct Evaluator {
    private var planner: DayPlanner
    private var cache: [Int: [Segment]] = [:]
    private let zone: LocalTime

    init(hours: OpeningHours, context: HoursContext) {
        planner = DayPlanner(hours: hours, context: context)
        zone = LocalTime(timeZone: context.timeZone)
    }

    private mutating func plan(_ day: CivilDay) -> [Segment] {
        if let p = cache[day.number] { return p }
        let p = planner.plan(day)
        if cache.count > 64 { cache.removeAll(keepingCapacity: true) }
        cache[day.number] = p
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
        let named =
            planner.hours.rules.flatMap(\.years).map { $0.to == Int.max ? $0.from : ($0.to ?? $0.from) }
            + planner.hours.rules.flatMap(\.dates).compactMap { d in d.toYear ?? d.year.map { $0 + 1 } }
        let lastYear = max(start.year, named.max() ?? 0)
        let horizon = CivilDay(year: lastYear + 12, month: 12, day: 31)
        var day = start
        while day <= horizon {
            // A year no rule can select is closed throughout: jump to the next one that can
            // (2200 Jan 01 asked about in year 1 is not 800,000 days of scanning).
            if day.month > 1 || day.day > 1, !canSelect(year: day.year), state == .closed {
                var year = day.year + 1
                while year <= horizon.year, !canSelect(year: year) { year += 1 }
                day = CivilDay(year: year, month: 1, day: 1)
                continue
            }
            let today = plan(day)
            var boundaries: Set<Int> = [0]
            for s in today {
                boundaries.insert(s.start)
                boundaries.insert(s.end)
            }
            for b in boundaries.sorted() where b < 1440 {
                let (st, _) = DayPlanner.state(at: b, in: today)
                guard st != state else { continue }
                let at = zone.instant(day: day, minute: b)
                // A boundary inside a DST gap lands on the first valid time; the state there
                // decides (an interval wholly inside the gap does not happen).
                if at > instant, stateAt(at).state != state { return at }
            }
            day = day.adding(1)
        }
        return nil
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
/// (the repeated hour in autumn) maps to its first occurrence.
struct LocalTime {
    let timeZone: TimeZone

    /// The first and last second of years 0001–9999: instants outside are read at those ends
    /// (and NaN as 1970), so no conversion can overflow.
    static let firstSecond = -62_135_596_800.0
    static let lastSecond = 253_402_300_799.0

    func local(_ instant: Date) -> (CivilDay, Int) {
        let seconds = instant.timeIntervalSince1970
        let t = Int(seconds.isNaN ? 0 : min(max(seconds, LocalTime.firstSecond), LocalTime.lastSecond).rounded(.down))
        let local = t + timeZone.secondsFromGMT(for: instant)
        let dayNumber = Int((Double(local) / 86400).rounded(.down))
        return (CivilDay(number: dayNumber), (local - dayNumber * 86400) / 60)
    }

    func instant(day: CivilDay, minute: Int) -> Date {
        let local = day.number * 86400 + minute * 60
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
