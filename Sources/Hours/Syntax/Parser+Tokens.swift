/// The parser's low-level reading: comments, numbers, bytes, words and names.
extension Parser {

    mutating func parseComment() throws(HoursSyntaxError) -> String {
        pos += 1
        let start = pos
        while pos < chars.count, chars[pos] != UInt8(ascii: "\"") { pos += 1 }
        guard pos < chars.count else { throw fail("unterminated comment: expected a closing '\"'") }
        pos += 1
        return String(decoding: chars[start..<(pos - 1)], as: UTF8.self)
    }

    /// A number of `digits` digits (never more than 4, so it cannot overflow); `what` names
    /// it with its article in the error (`an hour`).
    mutating func parseNumber(digits: ClosedRange<Int>, what: String) throws(HoursSyntaxError) -> Int {
        let start = pos
        // At most one digit more than allowed is read: a longer run fails without being read.
        while isDigit(at: pos), pos - start <= digits.upperBound { pos += 1 }
        let count = pos - start
        guard count > 0 else { throw fail("expected \(what)") }
        guard digits.contains(count) else {
            pos = start
            let count =
                digits.lowerBound == digits.upperBound
                ? "\(digits.lowerBound) digit\(digits.lowerBound == 1 ? "" : "s")"
                : "\(digits.lowerBound)-\(digits.upperBound) digits"
            throw fail("expected \(what) of \(count)")
        }
        var v = 0
        for b in chars[start..<pos] { v = v * 10 + Int(b - 48) }
        return v
    }

    func isDigit(at i: Int) -> Bool { i < chars.count && chars[i] >= 0x30 && chars[i] <= 0x39 }
    func peek() -> UInt8? { pos < chars.count ? chars[pos] : nil }

    /// ASCII letters, and any non-ASCII byte (part of a letter in another script).
    func isLetter(at i: Int) -> Bool {
        guard i < chars.count else { return false }
        let b = chars[i] | 0x20
        return (b >= 0x61 && b <= 0x7A) || chars[i] >= 0x80
    }

    mutating func accept(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard pos + n <= chars.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where chars[pos + k] != p[k] { return false }
        pos += n
        return true
    }

    mutating func skipSpaces() { while pos < chars.count, chars[pos] == 0x20 { pos += 1 } }

    /// The run of ASCII letters at the cursor.
    func peekWord() -> String? {
        var i = pos
        while i < chars.count, chars[i] < 0x80, isLetter(at: i) { i += 1 }
        return i > pos ? String(decoding: chars[pos..<i], as: UTF8.self) : nil
    }

    /// The index of the name at `i` (the cursor by default), in any letter case, when no
    /// letter follows it.
    func peekName(_ names: [[UInt8]], at i: Int? = nil) -> Int? {
        let at = i ?? pos
        guard at + 2 <= chars.count else { return nil }
        for (n, name) in names.enumerated() where at + name.count <= chars.count {
            var same = true
            for k in 0..<name.count where chars[at + k] | 0x20 != name[k] | 0x20 {
                same = false
                break
            }
            if same && !isLetter(at: at + name.count) { return n }
        }
        return nil
    }

    /// Reads the name at the cursor (which `peekName` found), tolerating another letter case.
    @discardableResult
    mutating func takeName(_ names: [[UInt8]], reason: String) throws(HoursSyntaxError) -> Int {
        guard let n = peekName(names) else { throw fail("expected a name") }
        let name = names[n]
        let found = chars[pos..<(pos + name.count)]
        if !found.elementsEqual(name) {
            try tolerate(
                at: pos, found: String(decoding: found, as: UTF8.self), canonical: String(decoding: name, as: UTF8.self),
                reason: reason)
        }
        pos += name.count
        return n
    }

    /// Whether the word at the cursor is `keyword` in any letter case.
    func isKeywordAhead(_ keyword: String) -> Bool { peekWord()?.lowercased() == keyword }

    /// Reads the word at the cursor (`keyword` in some letter case), tolerating upper case.
    mutating func takeKeyword(_ keyword: String, reason: String) throws(HoursSyntaxError) {
        guard let word = peekWord(), word.lowercased() == keyword else { throw fail("expected '\(keyword)'") }
        if word != keyword { try tolerate(at: pos, found: word, canonical: keyword, reason: reason) }
        pos += word.utf8.count
    }

    /// A tolerated variant at byte `at`: a warning in lenient mode, an error naming it in strict mode.
    mutating func tolerate(at: Int, found: String, canonical: String, reason: String) throws(HoursSyntaxError) {
        let offset = characterOffset(at)
        if strict {
            let shown = found.isEmpty ? "a missing space" : "'\(found)'"
            throw HoursSyntaxError(offset: offset, reason: "\(shown) is not the specification's syntax (\(reason))")
        }
        warnings.append(HoursWarning(offset: offset, found: found, canonical: canonical, reason: reason))
    }

    /// A year, then easter or a month and a day or an nth weekday (`2026 Dec 24`, `2026 Jan Mo[1]`): the
    /// start of a year-anchored date range. `2026 Jul-Apr` is a year selector and months, as
    /// opening-hours-rs reads it.
    func isYearDateAhead() -> Bool {
        guard isYearAhead() else { return false }
        var i = pos + 4
        while i < chars.count, chars[i] == 0x20 { i += 1 }
        // `2029 easter -3 days-Dec 04`: easter is a day.
        if i + 6 <= chars.count, chars[i..<(i + 6)].map({ $0 | 0x20 }).elementsEqual("easter".utf8) { return true }
        guard peekName(Parser.monthNames, at: i) != nil else { return false }
        i += 3
        while i < chars.count, chars[i] == 0x20 { i += 1 }
        if isDigit(at: i) { return true }
        guard peekName(Parser.weekdayNames, at: i) != nil && i + 2 < chars.count && chars[i + 2] == UInt8(ascii: "[") else {
            return false
        }
        // `2026 Jan Mo[1]-…`: a year's date only when the nth weekday starts a range; before
        // anything else (`2020 May Su[1] 10:00-12:00`) the year is a year selector.
        return startsYearNthWeekdayRange()
    }

    func isYearAhead() -> Bool {
        (0..<4).allSatisfy { isDigit(at: pos + $0) } && !isDigit(at: pos + 4)
            && !(pos + 4 < chars.count && chars[pos + 4] == UInt8(ascii: ":") && isDigit(at: pos + 5))
    }
    func isMonthAhead() -> Bool { peekName(Parser.monthNames) != nil }
    func isWeekdayAhead() -> Bool { peekName(Parser.weekdayNames) != nil }
    func isHolidayAhead() -> Bool { peekName(Parser.holidayNames) != nil }
    /// One or two digits, ':' and a digit (a clock time, not a day number: `Jan 02: 18:00`
    /// is a day and the wide-range colon).
    func isClockAhead() -> Bool {
        guard isDigit(at: pos) else { return false }
        let colon = isDigit(at: pos + 1) ? pos + 2 : pos + 1
        return colon < chars.count && chars[colon] == UInt8(ascii: ":") && isDigit(at: colon + 1)
    }

    func isTimeAhead() -> Bool {
        if isDigit(at: pos) { return true }
        if peek() == UInt8(ascii: "(") { return true }
        let word = peekWord()?.lowercased()
        return SunEvent.allCases.contains { word == $0.rawValue }
    }

    /// An error at the cursor (less `back` bytes), with the offset counted in characters.
    func fail(_ reason: String, back: Int = 0) -> HoursSyntaxError {
        HoursSyntaxError(offset: characterOffset(pos - back), reason: reason)
    }
}
