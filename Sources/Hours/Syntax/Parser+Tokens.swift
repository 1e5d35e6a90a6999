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

    func peekName(_ names: [[UInt8]], at i: Int? = nil) -> Int? {
        let at = i ?? pos
        guard at + 2 <= chars.count else { return nil }
        for (n, name) in names.enumerated() where at + name.count <= chars.count {
            var same = true
            for k in 0..<name.count where chars[at + k] != name[k] {
                same = false
                break
            }
            if same && !isLetter(at: at + name.count) { return n }
        }
        return nil
    }

    func isYearAhead() -> Bool {
        (0..<4).allSatisfy { isDigit(at: pos + $0) } && !isDigit(at: pos + 4)
            && !(pos + 4 < chars.count && chars[pos + 4] == UInt8(ascii: ":"))
    }
    func isMonthAhead() -> Bool { peekName(Parser.monthNames) != nil }
    func isWeekdayAhead() -> Bool { peekName(Parser.weekdayNames) != nil }
    func isHolidayAhead() -> Bool { peekName(Parser.holidayNames) != nil }
    /// One or two digits followed by ':' (a clock time, not a day number).
    func isClockAhead() -> Bool {
        (isDigit(at: pos) && pos + 1 < chars.count && chars[pos + 1] == UInt8(ascii: ":"))
            || (isDigit(at: pos) && isDigit(at: pos + 1) && pos + 2 < chars.count && chars[pos + 2] == UInt8(ascii: ":"))
    }

    func isTimeAhead() -> Bool {
        if isDigit(at: pos) { return true }
        if peek() == UInt8(ascii: "(") { return true }
        return SunEvent.allCases.contains { peekWord() == $0.rawValue }
    }

    /// An error at the cursor (less `back` bytes), with the offset counted in characters.
    func fail(_ reason: String, back: Int = 0) -> HoursSyntaxError {
        let byte = min(chars.count, max(0, pos - back))
        let characters = String(decoding: chars[0..<byte], as: UTF8.self).count
        return HoursSyntaxError(offset: characters, reason: reason)
    }
}
