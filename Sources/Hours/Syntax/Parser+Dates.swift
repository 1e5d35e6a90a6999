/// Year, date, week and time selectors.
extension Parser {

    // MARK: years

    mutating func parseYearRange() throws(HoursSyntaxError) -> YearRange {
        let from = try parseYear()
        if accept("+") { return YearRange(from: from, to: Int.max) }
        guard peek() == UInt8(ascii: "-"), isDigit(at: pos + 1) else { return YearRange(from: from, to: nil) }
        pos += 1
        let to = try parseYear()
        guard to >= from else { throw fail("year range \(from)-\(to) runs backwards", back: 4) }
        var step = 1
        if accept("/") { step = try parseNumber(digits: 1...3, what: "a step") }
        guard step >= 1 else { throw fail("a step must be at least 1") }
        return YearRange(from: from, to: to, step: step)
    }

    private mutating func parseYear() throws(HoursSyntaxError) -> Int {
        let y = try parseNumber(digits: 4...4, what: "a year")
        // `0225` would print as `225`, which does not read back; four digits end at 9999.
        guard (1900...9999).contains(y) else { throw fail("year \(y) is out of range (1900-9999)", back: 4) }
        return y
    }

    // MARK: dates

    mutating func parseDateRange() throws(HoursSyntaxError) -> DateRange {
        var range = DateRange(from: .monthDay(month: 1, day: nil))
        if isYearAhead() {
            range.year = try parseYear()
            skipSpaces()
        }
        range.from = try parseDatePoint(nthAllowed: .onlyBeforeRange)
        range.fromOffsetDays = try parseDateOffset(after: range.from)
        // Spaces before a ',' that continues the list are taken (`Jan ,Feb`).
        skipSpaces()
        guard accept("-") else {
            if case .nthWeekday = range.from { throw fail("an nth weekday date needs a range end ('-')") }
            return range
        }
        skipSpaces()
        // `Dec 24-26`: a bare day number continues the same month.
        if case .monthDay(let m, .some) = range.from, isDigit(at: pos), !isClockAhead(), !isYearAhead() {
            let day = try parseDay()
            try checkDay(day, month: m)
            range.to = .monthDay(month: m, day: day)
            range.toOffsetDays = try parseDateOffset(after: range.to ?? range.from)
            return range
        }
        if isYearAhead() {
            guard range.year != nil else { throw fail("a range end has a year only when its start has one") }
            range.toYear = try parseYear()
            skipSpaces()
        }
        let fromHasDay: Bool
        switch range.from {
        case .monthDay(_, let d): fromHasDay = d != nil
        case .nthWeekday, .easter: fromHasDay = true
        }
        let to = try parseDatePoint(nthAllowed: fromHasDay ? .always : .never)
        if case .monthDay(_, let d2) = to, fromHasDay != (d2 != nil) {
            throw fail("a date range must give days on both ends or on neither")
        }
        if case .easter = to, !fromHasDay { throw fail("a date range must give days on both ends or on neither") }
        range.to = to
        range.toOffsetDays = try parseDateOffset(after: to)
        return range
    }

    enum NthDate { case never, onlyBeforeRange, always }

    /// Whether a year, a month and an nth weekday ahead (`2026 Jan Mo[1]`) read as the start
    /// of a date range, the way `parseDateRange` would read them: a probe on a copy.
    func startsYearNthWeekdayRange() -> Bool {
        var probe = self
        probe.warnings = []
        guard (try? probe.parseYear()) != nil else { return false }
        probe.skipSpaces()
        guard let point = try? probe.parseDatePoint(nthAllowed: .onlyBeforeRange), case .nthWeekday = point else {
            return false
        }
        return true
    }

    private mutating func parseDatePoint(nthAllowed: NthDate) throws(HoursSyntaxError) -> DatePoint {
        if isKeywordAhead("easter") {
            try takeKeyword("easter", reason: "'easter' is written in lower case")
            return .easter(offsetDays: try parseDayOffset())
        }
        guard isMonthAhead() else { throw fail("expected a month (Jan-Dec) or 'easter'") }
        let month = try takeName(Parser.monthNames, reason: "months are written Jan, Feb, … Dec") + 1
        let save = pos
        let warningCount = warnings.count
        skipSpaces()
        if isDigit(at: pos), !isClockAhead(), !isYearAhead() {
            if pos == save { try tolerate(at: pos, found: "", canonical: " ", reason: "a day follows its month after a space") }
            let day = try parseDay()
            try checkDay(day, month: month)
            return .monthDay(month: month, day: day)
        }
        // `Mar Su[-1]`: the last Sunday of March, as a range end.
        if nthAllowed != .never, isWeekdayAhead() {
            let weekday = try takeName(Parser.weekdayNames, reason: "weekdays are written Mo, Tu, We, Th, Fr, Sa, Su")
            if accept("[") {
                let nth = try parseSignedNth()
                if accept("]") {
                    let point = DatePoint.nthWeekday(month: month, weekday: weekday, nth: nth)
                    if nthAllowed == .always { return point }
                    let after = pos
                    _ = try? parseDateOffset(after: point)
                    skipSpaces()
                    let isRange = peek() == UInt8(ascii: "-")
                    pos = after
                    if isRange { return point }
                }
            }
            warnings.removeLast(warnings.count - warningCount)
        }
        pos = save
        return .monthDay(month: month, day: nil)
    }

    /// A day of the month: two digits (one tolerated).
    private mutating func parseDay() throws(HoursSyntaxError) -> Int {
        let start = pos
        let day = try parseNumber(digits: 1...2, what: "a day")
        if pos - start == 1 {
            try tolerate(at: start, found: String(day), canonical: twoDigits(day), reason: "days have two digits")
        }
        return day
    }

    /// ` +2 days` after a date end; nothing (and the cursor kept) when no `day`/`days` follows,
    /// so `Dec 24-26` still reads as a range. Easter carries its own offset.
    private mutating func parseDateOffset(after point: DatePoint) throws(HoursSyntaxError) -> Int {
        if case .easter = point { return 0 }
        let save = pos
        let warningCount = warnings.count
        if let offset = try? parseDayOffset() { return offset }
        pos = save
        warnings.removeLast(warnings.count - warningCount)
        return 0
    }

    func checkDay(_ day: Int, month: Int) throws(HoursSyntaxError) {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[month - 1] else {
            throw fail("day \(day) does not exist in \(monthName(month))", back: String(day).count)
        }
    }

    // MARK: weeks

    mutating func parseWeekRange() throws(HoursSyntaxError) -> WeekRange {
        let fromStart = pos
        let from = try parseNumber(digits: 1...2, what: "a week")
        guard (1...53).contains(from) else { throw fail("week \(from) is out of range (01-53)", back: 2) }
        guard accept("-") else { return WeekRange(from: from, to: nil) }
        let to = try parseNumber(digits: 1...2, what: "a week")
        guard (1...53).contains(to) else { throw fail("week \(to) is out of range (01-53)", back: 2) }
        var step = 1
        if accept("/") { step = try parseNumber(digits: 1...2, what: "a step") }
        guard step >= 1 else { throw fail("a step must be at least 1") }
        if to < from {
            let found = String(decoding: chars[fromStart..<pos], as: UTF8.self)
            try tolerate(
                at: fromStart, found: found, canonical: "\(twoDigits(from))-53,01-\(twoDigits(to))",
                reason: "a week range runs forwards")
        }
        return WeekRange(from: from, to: to, step: step)
    }

    // MARK: times

    mutating func parseTimeSpan() throws(HoursSyntaxError) -> TimeSpan {
        let start = try parseTimePoint(isEnd: false)
        if accept("+") { return TimeSpan(start: start, end: nil, openEnd: true) }
        if !strict, let after = spacedDashEnd() {
            let found = String(decoding: chars[pos..<after], as: UTF8.self)
            try tolerate(at: pos, found: found, canonical: "-", reason: "a time range is written without spaces")
            pos = after
        } else if !accept("-") {
            throw fail("expected '-' and an end time")
        }
        let end = try parseTimePoint(isEnd: true)
        if accept("/") { throw fail("repeating time spans ('/' intervals) are not supported", back: 1) }
        let openEnd = accept("+")
        return TimeSpan(start: start, end: end, openEnd: openEnd)
    }

    /// Where the end time starts after a dash with spaces beside it (`8:00 - 16:00`), or nil.
    private func spacedDashEnd() -> Int? {
        var i = pos
        while i < chars.count, chars[i] == 0x20 { i += 1 }
        guard i < chars.count, chars[i] == UInt8(ascii: "-") else { return nil }
        var j = i + 1
        while j < chars.count, chars[j] == 0x20 { j += 1 }
        guard i > pos || j > i + 1, isDigit(at: j) || (j < chars.count && chars[j] == UInt8(ascii: "(")) || isLetter(at: j)
        else { return nil }
        return j
    }

    private mutating func parseTimePoint(isEnd: Bool) throws(HoursSyntaxError) -> TimePoint {
        if accept("(") {
            guard let event = try parseSunEvent() else { throw fail("expected sunrise, sunset, dawn or dusk after '('") }
            guard peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") else {
                throw fail("expected '+' or '-' and an offset")
            }
            let sign = peek() == UInt8(ascii: "-") ? -1 : 1
            pos += 1
            let minutes = try parseClock(limit: 24 * 60)
            guard accept(")") else { throw fail("expected ')' after the offset") }
            return .event(event, offsetMinutes: sign * minutes)
        }
        if let event = try parseSunEvent() { return .event(event, offsetMinutes: 0) }
        let start = pos
        let minutes = try parseClock(limit: isEnd ? 48 * 60 : 24 * 60)
        if !isEnd, minutes >= 24 * 60 {
            try tolerate(
                at: start, found: "24:00", canonical: "00:00 of the next day", reason: "a span starts before 24:00")
        }
        return .minutes(minutes)
    }

    private mutating func parseSunEvent() throws(HoursSyntaxError) -> SunEvent? {
        guard let word = peekWord()?.lowercased(), let e = SunEvent.allCases.first(where: { $0.rawValue == word }) else {
            return nil
        }
        try takeKeyword(e.rawValue, reason: "sun events are written in lower case")
        return e
    }

    /// `hh:mm` as minutes, at most `limit`. Lenient mode also reads what signs and people
    /// write, each with a warning naming its canonical form: a one-digit hour (`8:00`), a
    /// bare hour (`8`), a dot for the colon (`8.30`) and an `h` after the time (`16h`, `8:30h`).
    private mutating func parseClock(limit: Int) throws(HoursSyntaxError) -> Int {
        let start = pos
        let h = try parseNumber(digits: 1...2, what: "an hour")
        var m = 0
        var correction: String? = nil
        if accept(":") {
            guard isDigit(at: pos), isDigit(at: pos + 1), !isDigit(at: pos + 2) else {
                throw fail("expected two-digit minutes after ':'")
            }
            m = try parseNumber(digits: 2...2, what: "minutes")
            guard m < 60 else { throw fail("minutes \(m) are out of range (00-59)", back: 2) }
            if h < 10, pos - start == 4 { correction = "hours have two digits" }
        } else if !strict, peek() == UInt8(ascii: "."), isDigit(at: pos + 1), isDigit(at: pos + 2), !isDigit(at: pos + 3) {
            pos += 1
            m = try parseNumber(digits: 2...2, what: "minutes")
            guard m < 60 else { throw fail("minutes \(m) are out of range (00-59)", back: 2) }
            correction = "hours and minutes are separated by ':'"
        } else if !strict {
            correction = "times are written hh:mm, with minutes"
        } else {
            throw fail("expected ':' after the hour (write 08:00, not 8)")
        }
        if !strict, peek().map({ $0 | 0x20 }) == UInt8(ascii: "h"), !isLetter(at: pos + 1) {
            pos += 1
            correction = "times are written hh:mm, without 'h'"
        }
        let total = h * 60 + m
        guard total <= limit else {
            pos = start
            throw fail("time \(h):\(twoDigits(m)) is out of range (00:00-\(limit / 60):00)")
        }
        if let correction {
            let found = String(decoding: chars[start..<pos], as: UTF8.self)
            try tolerate(at: start, found: found, canonical: clock(total), reason: correction)
        }
        return total
    }
}
