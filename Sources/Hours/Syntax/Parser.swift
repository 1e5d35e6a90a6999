/// A recursive-descent parser for the OSM `opening_hours` syntax. It accepts the forms the
/// specification defines, plus single-digit hours (`6:00`) and days (`Oct 1`), which real
/// data uses widely; everything else is rejected with the position and what was expected.
struct Parser {
    /// The input as UTF-8 bytes (the syntax is ASCII; comments may hold any text).
    let chars: [UInt8]
    var pos = 0

    init(_ text: String) { chars = Array(text.utf8) }

    static let weekdayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map { Array($0.utf8) }
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map {
        Array($0.utf8)
    }
    static let holidayNames = ["PH", "SH"].map { Array($0.utf8) }

    mutating func parse() throws(HoursSyntaxError) -> OpeningHours {
        skipSpaces()
        guard pos < chars.count else { throw fail("the expression is empty") }
        var rules: [Rule] = []
        var separator = Rule.Separator.normal
        while true {
            var rule = try parseRule()
            rule.separator = separator
            rules.append(rule)
            skipSpaces()
            if pos >= chars.count { break }
            if accept(";") {
                separator = .normal
            } else if accept("||") {
                separator = .fallback
            } else if accept(",") {
                separator = .additional
            } else {
                throw fail("expected ';', ',' or '||' between rules")
            }
            skipSpaces()
            if pos >= chars.count { throw fail("expected a rule after the separator") }
        }
        return OpeningHours(rules: rules)
    }

    // MARK: rules

    private mutating func parseRule() throws(HoursSyntaxError) -> Rule {
        var rule = Rule()
        skipSpaces()
        if accept("24/7") {
            rule.alwaysOpen = true
        } else {
            try parseSelectors(into: &rule)
        }
        skipSpaces()
        var sawModifier = false
        if let word = peekWord() {
            switch word {
            case "open": rule.modifier = .open
            case "closed", "off": rule.modifier = .closed
            case "unknown": rule.modifier = .unknown
            default: break
            }
            if word == "open" || word == "closed" || word == "off" || word == "unknown" {
                pos += word.count
                sawModifier = true
            }
        }
        skipSpaces()
        if peek() == UInt8(ascii: "\"") { rule.comment = try parseComment() }
        let empty =
            !rule.alwaysOpen && rule.years.isEmpty && rule.dates.isEmpty && rule.weeks.isEmpty
            && rule.weekdays.isEmpty && rule.holidays.isEmpty && rule.times.isEmpty
        if empty && rule.comment == nil && !sawModifier {
            throw fail("expected a selector, a time, '24/7', a modifier or a comment")
        }
        // A rule that is only a comment ("by appointment") is unknown.
        if empty && !sawModifier { rule.modifier = .unknown }
        return rule
    }

    private mutating func parseSelectors(into rule: inout Rule) throws(HoursSyntaxError) {
        skipSpaces()
        // Year selectors: a 4-digit number not followed by ':'.
        if isYearAhead() {
            rule.years = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseYearRange() }
            skipSpaces()
        }
        if isMonthAhead() || peekWord() == "easter" {
            rule.dates = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseDateRange() }
            skipSpaces()
        }
        if peekWord() == "week" {
            pos += 4
            skipSpaces()
            rule.weeks = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseWeekRange() }
            skipSpaces()
        }
        if isWeekdayAhead() || isHolidayAhead() {
            while true {
                skipSpaces()
                if isHolidayAhead() {
                    let kind: HolidaySelector.Kind = peek() == UInt8(ascii: "P") ? .publicHoliday : .schoolHoliday
                    pos += 2
                    rule.holidays.append(HolidaySelector(kind: kind, offsetDays: try parseDayOffset()))
                } else if isWeekdayAhead() {
                    rule.weekdays.append(try parseWeekdayRange())
                } else {
                    throw fail("expected a weekday (Mo-Su) or PH/SH after ','")
                }
                let save = pos
                if accept(","), isWeekdayAhead() || isHolidayAhead() { continue }
                pos = save
                break
            }
            skipSpaces()
        }
        if isTimeAhead() {
            rule.times = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseTimeSpan() }
        }
    }

    /// Parses `item(,item)*`, stopping before a comma that does not start another item.
    private mutating func parseList<T>(_ item: (inout Parser) throws(HoursSyntaxError) -> T) throws(HoursSyntaxError) -> [T] {
        var out = [try item(&self)]
        while true {
            let save = pos
            guard accept(",") else { break }
            skipSpaces()
            let before = pos
            _ = before
            if let next = try? item(&self) {
                out.append(next)
            } else {
                pos = save
                break
            }
        }
        return out
    }

    // MARK: years, dates, weeks

    private mutating func parseYearRange() throws(HoursSyntaxError) -> YearRange {
        let from = try parseNumber(digits: 4...4, what: "a year")
        guard (1900...2200).contains(from) else { throw fail("year \(from) is out of range (1900-2200)", back: 4) }
        if accept("+") { return YearRange(from: from, to: Int.max) }
        guard peek() == UInt8(ascii: "-"), isDigit(at: pos + 1) else { return YearRange(from: from, to: nil) }
        pos += 1
        let to = try parseNumber(digits: 4...4, what: "a year")
        guard to >= from else { throw fail("year range \(from)-\(to) runs backwards", back: 4) }
        var step = 1
        if accept("/") { step = try parseNumber(digits: 1...3, what: "a step") }
        guard step >= 1 else { throw fail("a step must be at least 1") }
        return YearRange(from: from, to: to, step: step)
    }

    private mutating func parseDateRange() throws(HoursSyntaxError) -> DateRange {
        var year: Int? = nil
        if isYearAhead() {
            let y = try parseNumber(digits: 4...4, what: "a year")
            // As for year selectors: `0225` would print as `225`, which does not read back.
            guard (1900...2200).contains(y) else { throw fail("year \(y) is out of range (1900-2200)", back: 4) }
            year = y
            skipSpaces()
        }
        let from = try parseDatePoint()
        skipSpaces()
        guard accept("-") else { return DateRange(year: year, from: from, to: nil) }
        skipSpaces()
        if isYearAhead() {
            _ = try parseNumber(digits: 4...4, what: "a year")
            skipSpaces()
        }
        // `Dec 24-26`: a bare day number continues the same month.
        if case .monthDay(let m, .some) = from, isDigit(at: pos), !isClockAhead() {
            let day = try parseNumber(digits: 1...2, what: "a day")
            try checkDay(day, month: m)
            return DateRange(year: year, from: from, to: .monthDay(month: m, day: day))
        }
        let to = try parseDatePoint()
        if case .monthDay(_, let d1) = from, case .monthDay(_, let d2) = to, (d1 == nil) != (d2 == nil) {
            throw fail("a date range must give days on both ends or on neither")
        }
        return DateRange(year: year, from: from, to: to)
    }

    private mutating func parseDatePoint() throws(HoursSyntaxError) -> DatePoint {
        if peekWord() == "easter" {
            pos += 6
            return .easter(offsetDays: try parseDayOffset())
        }
        guard let month = peekName(Parser.monthNames) else { throw fail("expected a month (Jan-Dec) or 'easter'") }
        pos += 3
        let save = pos
        skipSpaces()
        if isDigit(at: pos), !isClockAhead() {
            let day = try parseNumber(digits: 1...2, what: "a day")
            try checkDay(day, month: month + 1)
            return .monthDay(month: month + 1, day: day)
        }
        pos = save
        return .monthDay(month: month + 1, day: nil)
    }

    private func checkDay(_ day: Int, month: Int) throws(HoursSyntaxError) {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[month - 1] else {
            throw fail("day \(day) does not exist in \(monthName(month))", back: String(day).count)
        }
    }

    private mutating func parseWeekRange() throws(HoursSyntaxError) -> WeekRange {
        let from = try parseNumber(digits: 1...2, what: "a week")
        guard (1...53).contains(from) else { throw fail("week \(from) is out of range (01-53)", back: 2) }
        guard accept("-") else { return WeekRange(from: from, to: nil) }
        let to = try parseNumber(digits: 1...2, what: "a week")
        guard (1...53).contains(to) else { throw fail("week \(to) is out of range (01-53)", back: 2) }
        var step = 1
        if accept("/") { step = try parseNumber(digits: 1...2, what: "a step") }
        guard step >= 1 else { throw fail("a step must be at least 1") }
        return WeekRange(from: from, to: to, step: step)
    }

    // MARK: weekdays

    private mutating func parseWeekdayRange() throws(HoursSyntaxError) -> WeekdayRange {
        guard let from = peekName(Parser.weekdayNames) else { throw fail("expected a weekday (Mo-Su)") }
        pos += 2
        var range = WeekdayRange(from: from)
        if peek() == UInt8(ascii: "-"), let to = peekName(Parser.weekdayNames, at: pos + 1) {
            pos += 3
            range.to = to
        } else if accept("[") {
            range.nth = try parseNthList()
        }
        range.offsetDays = try parseDayOffset()
        return range
    }

    private mutating func parseNthList() throws(HoursSyntaxError) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        repeat {
            let a = try parseSignedNth()
            var b = a
            if peek() == UInt8(ascii: "-"), isDigit(at: pos + 1) {
                pos += 1
                b = try parseSignedNth()
            }
            guard (a > 0) == (b > 0), a <= b else { throw fail("nth weekday range \(a)-\(b) is not valid") }
            out.append(a...b)
        } while accept(",")
        guard accept("]") else { throw fail("expected ']' after the nth weekday") }
        return out
    }

    private mutating func parseSignedNth() throws(HoursSyntaxError) -> Int {
        let negative = accept("-")
        let n = try parseNumber(digits: 1...1, what: "an nth weekday")
        guard (1...5).contains(n) else {
            throw fail("nth weekday \(negative ? -n : n) is out of range (1 to 5, or -1 to -5)", back: 1)
        }
        return negative ? -n : n
    }

    /// ` +1 day`, ` -2 days` after a weekday, holiday or easter.
    private mutating func parseDayOffset() throws(HoursSyntaxError) -> Int {
        let save = pos
        skipSpaces()
        guard peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-"), isDigit(at: pos + 1) else {
            pos = save
            return 0
        }
        let negative = peek() == UInt8(ascii: "-")
        pos += 1
        let n = try parseNumber(digits: 1...3, what: "a day offset")
        skipSpaces()
        guard accept("days") || accept("day") else { throw fail("expected 'day' or 'days' after the offset") }
        return negative ? -n : n
    }

    // MARK: times

    private mutating func parseTimeSpan() throws(HoursSyntaxError) -> TimeSpan {
        let start = try parseTimePoint(isEnd: false)
        if accept("+") { return TimeSpan(start: start, end: nil, openEnd: true) }
        guard accept("-") else { throw fail("expected '-' and an end time") }
        let end = try parseTimePoint(isEnd: true)
        if accept("/") { throw fail("repeating time spans ('/' intervals) are not supported", back: 1) }
        let openEnd = accept("+")
        if case .minutes(let a) = start, case .minutes(let b) = end, a == b {
            throw fail("a time span cannot start and end at the same time")
        }
        return TimeSpan(start: start, end: end, openEnd: openEnd)
    }

    private mutating func parseTimePoint(isEnd: Bool) throws(HoursSyntaxError) -> TimePoint {
        if accept("(") {
            guard let event = parseSunEvent() else { throw fail("expected sunrise, sunset, dawn or dusk after '('") }
            guard peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") else {
                throw fail("expected '+' or '-' and an offset")
            }
            let sign = peek() == UInt8(ascii: "-") ? -1 : 1
            pos += 1
            let minutes = try parseClock(limit: 24 * 60)
            guard accept(")") else { throw fail("expected ')' after the offset") }
            return .event(event, offsetMinutes: sign * minutes)
        }
        if let event = parseSunEvent() { return .event(event, offsetMinutes: 0) }
        return .minutes(try parseClock(limit: isEnd ? 48 * 60 : 24 * 60))
    }

    private mutating func parseSunEvent() -> SunEvent? {
        for e in SunEvent.allCases where peekWord() == e.rawValue {
            pos += e.rawValue.count
            return e
        }
        return nil
    }

    /// `hh:mm` as minutes, at most `limit`.
    private mutating func parseClock(limit: Int) throws(HoursSyntaxError) -> Int {
        let start = pos
        let h = try parseNumber(digits: 1...2, what: "an hour")
        guard accept(":") else { throw fail("expected ':' after the hour (write 08:00, not 8)") }
        guard isDigit(at: pos), isDigit(at: pos + 1), !isDigit(at: pos + 2) else {
            throw fail("expected two-digit minutes after ':'")
        }
        let m = try parseNumber(digits: 2...2, what: "minutes")
        guard m < 60 else { throw fail("minutes \(m) are out of range (00-59)", back: 2) }
        let total = h * 60 + m
        guard total <= limit else {
            pos = start
            let shown = String(decoding: chars[start..<min(chars.count, start + String(h).count + 3)], as: UTF8.self)
            throw fail("time \(shown) is out of range (00:00-\(limit / 60):00)")
        }
        return total
    }
}

extension OpeningHours {
    /// Parses an `opening_hours` value. Throws `HoursSyntaxError` with the position and
    /// what was expected.
    public init(parsing text: String) throws(HoursSyntaxError) {
        var p = Parser(text)
        self = try p.parse()
    }
}
