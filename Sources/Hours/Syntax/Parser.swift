/// A recursive-descent parser for the OSM `opening_hours` syntax. In strict mode it accepts
/// the specification's forms only; in lenient mode it also reads the variants the reference
/// evaluators tolerate (letter case, one-digit hours and days, a missing space, …), recording
/// each as a `HoursWarning` with its canonical form. Everything else is rejected with the
/// position and what was expected.
struct Parser {
    /// The input as UTF-8 bytes (the syntax is ASCII; comments may hold any text).
    let chars: [UInt8]
    var pos = 0
    let strict: Bool
    var warnings: [HoursWarning] = []

    /// ASCII input (the usual): a byte offset is the character offset, so errors and
    /// warnings cost nothing to place (no quadratic time for inputs with many of them).
    let isASCII: Bool

    init(_ text: String, strict: Bool = false) {
        chars = Array(text.utf8)
        isASCII = chars.allSatisfy { $0 < 0x80 }
        self.strict = strict
    }

    /// The character offset of byte `byte`.
    func characterOffset(_ byte: Int) -> Int {
        let byte = min(max(0, byte), chars.count)
        return isASCII ? byte : String(decoding: chars[0..<byte], as: UTF8.self).count
    }

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
        let modifiers: [(String, Rule.Modifier)] = [
            ("open", .open), ("closed", .closed), ("off", .closed), ("unknown", .unknown),
        ]
        if let word = peekWord(), let (name, modifier) = modifiers.first(where: { $0.0 == word.lowercased() }) {
            try takeKeyword(name, reason: "modifiers are written in lower case")
            rule.modifier = modifier
            sawModifier = true
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
        var wide = false
        // Year selectors: a 4-digit number not followed by ':' (and not starting a dated range).
        if isYearAhead(), !isYearDateAhead() {
            rule.years = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseYearRange() }
            skipSpaces()
            wide = true
        }
        if isMonthAhead() || isKeywordAhead("easter") || isYearDateAhead() {
            rule.dates = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseDateRange() }
            skipSpaces()
            wide = true
        }
        if isKeywordAhead("week") {
            try takeKeyword("week", reason: "'week' is written in lower case")
            skipSpaces()
            rule.weeks = try parseList { (p: inout Parser) throws(HoursSyntaxError) in try p.parseWeekRange() }
            skipSpaces()
            wide = true
        }
        // The specification's optional colon after the wide-range selectors (`Apr-Oct: Mo-Su`).
        if wide, accept(":") { skipSpaces() }
        if isWeekdayAhead() || isHolidayAhead() {
            try parseDays(into: &rule)
            if isTimeAhead(), pos > 0, chars[pos - 1] != 0x20 {
                try tolerate(at: pos, found: "", canonical: " ", reason: "selectors are separated by a space")
            }
            skipSpaces()
        }
        if isTimeAhead() {
            rule.times = try parseList(spacedCommas: true) { (p: inout Parser) throws(HoursSyntaxError) in
                try p.parseTimeSpan()
            }
        }
    }

    /// Weekdays and holidays, joined by ',' (or a space after holidays: `PH We,Fr`). Both
    /// kinds select a day when either matches (as opening-hours-rs reads them).
    private mutating func parseDays(into rule: inout Rule) throws(HoursSyntaxError) {
        var lastWasHoliday = false
        while true {
            skipSpaces()
            if isHolidayAhead() {
                let kind: HolidaySelector.Kind = (peek() ?? 0) | 0x20 == UInt8(ascii: "p") ? .publicHoliday : .schoolHoliday
                try takeName(Parser.holidayNames, reason: "holidays are written PH and SH")
                rule.holidays.append(HolidaySelector(kind: kind, offsetDays: try parseDayOffset()))
                lastWasHoliday = true
            } else if isWeekdayAhead() {
                rule.weekdays.append(try parseWeekdayRange())
                lastWasHoliday = false
            } else {
                throw fail("expected a weekday (Mo-Su) or PH/SH after ','")
            }
            let save = pos
            if accept(","), isWeekdayAhead() || isHolidayAhead() { continue }
            pos = save
            // `PH Mo-Fr` (the specification's form) or `Mo-We PH` (tolerated): a space joins them.
            skipSpaces()
            if pos > save, isHolidayAhead() || isWeekdayAhead() {
                let holidayNext = isHolidayAhead()
                if holidayNext == lastWasHoliday { throw fail("expected ',' between day selectors") }
                if !lastWasHoliday {
                    try tolerate(at: save, found: " ", canonical: ",", reason: "weekdays and holidays are joined by ','")
                }
                continue
            }
            pos = save
            break
        }
    }

    /// Parses `item(,item)*`, stopping before a comma that does not start another item. Only
    /// time lists take spaces after the comma: in year, date and week lists `, ` starts an
    /// additional rule (`2025-2029, 2026+ 09:00-18:00`), as opening-hours-rs reads it.
    mutating func parseList<T>(
        spacedCommas: Bool = false, _ item: (inout Parser) throws(HoursSyntaxError) -> T
    ) throws(HoursSyntaxError) -> [T] {
        var out = [try item(&self)]
        while true {
            let save = pos
            let saveWarnings = warnings.count
            guard accept(",") else { break }
            if !spacedCommas, peek() == 0x20 {
                pos = save
                break
            }
            skipSpaces()
            if let next = try? item(&self) {
                out.append(next)
            } else {
                pos = save
                warnings.removeLast(warnings.count - saveWarnings)
                break
            }
        }
        return out
    }

    // MARK: weekdays

    private mutating func parseWeekdayRange() throws(HoursSyntaxError) -> WeekdayRange {
        let from = try takeName(Parser.weekdayNames, reason: "weekdays are written Mo, Tu, We, Th, Fr, Sa, Su")
        var range = WeekdayRange(from: from)
        if peek() == UInt8(ascii: "-"), peekName(Parser.weekdayNames, at: pos + 1) != nil {
            pos += 1
            range.to = try takeName(Parser.weekdayNames, reason: "weekdays are written Mo, Tu, We, Th, Fr, Sa, Su")
        } else if accept("[") {
            range.nth = try parseNthList()
        }
        range.offsetDays = try parseDayOffset()
        return range
    }

    mutating func parseNthList() throws(HoursSyntaxError) -> [ClosedRange<Int>] {
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

    mutating func parseSignedNth() throws(HoursSyntaxError) -> Int {
        let negative = accept("-")
        let n = try parseNumber(digits: 1...1, what: "an nth weekday")
        guard (1...5).contains(n) else {
            throw fail("nth weekday \(negative ? -n : n) is out of range (1 to 5, or -1 to -5)", back: 1)
        }
        return negative ? -n : n
    }

    /// ` +1 day`, ` -2 days` after a weekday, holiday or easter.
    mutating func parseDayOffset() throws(HoursSyntaxError) -> Int {
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
        let word = peekWord()?.lowercased()
        guard word == "day" || word == "days" else { throw fail("expected 'day' or 'days' after the offset") }
        try takeKeyword(word ?? "day", reason: "'day' is written in lower case")
        return negative ? -n : n
    }
}

extension OpeningHours {
    /// Parses an `opening_hours` value in lenient mode (warnings dropped). Throws
    /// `HoursSyntaxError` with the position and what was expected.
    public init(parsing text: String) throws(HoursSyntaxError) {
        self = try OpeningHours.parse(text, mode: .lenient).hours
    }

    /// Parses an `opening_hours` value in `mode`, with the warnings of its tolerated variants.
    public static func parse(_ text: String, mode: HoursSyntaxMode) throws(HoursSyntaxError) -> ParsedHours {
        guard mode == .lenient, text.utf8.contains(0xE2) else {
            var p = Parser(text, strict: mode == .strict)
            let hours = try p.parse()
            return ParsedHours(hours: hours, warnings: p.warnings)
        }
        // Dashes as typed (`Mo–Fr 8–16`) outside comments read as '-': one character for one,
        // so every offset stays the input's.
        var plain = String.UnicodeScalarView()
        var dashes: [HoursWarning] = []
        var inComment = false
        var offset = 0
        for c in text {
            if c == "\"" { inComment.toggle() }
            if !inComment, c == "\u{2013}" || c == "\u{2014}" {
                plain.append("-")
                dashes.append(
                    HoursWarning(offset: offset, found: String(c), canonical: "-", reason: "ranges are written with '-'"))
            } else {
                plain.append(contentsOf: c.unicodeScalars)
            }
            offset += 1
        }
        var p = Parser(String(plain))
        let hours = try p.parse()
        let warnings = (dashes + p.warnings).enumerated().sorted {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }
        return ParsedHours(hours: hours, warnings: warnings.map(\.element))
    }
}
