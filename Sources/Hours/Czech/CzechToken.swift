import Places

/// Tokens of free-text opening hours: Czech (IPR Praha's `OTEVRENO`) and the words of signs
/// in Czech, Polish, English and German (`SignWords.swift`).
enum CzechToken: Equatable {
    case weekday(Int)  // 0 = po … 6 = ne
    case month(Int)  // 1…12
    case date(day: Int, month: Int)  // 15.dubna, 1.6.
    case time(Int)  // minutes; `bare` hours are .hour
    case hour(Int)  // a bare number (6 in `6-21 h`)
    case dash, comma, semicolon, and, plus, colon
    case daily  // denně
    case nonstop
    case closed  // zavřeno, nieczynne, closed, geschlossen, Ruhetag
    case holiday  // svátky, święta, Feiertage, holidays: PH
    case lineBreak  // a new line of a sign: a rule separator, or a lunch break's later times
    case filler  // a heading or preposition: `od`, `Öffnungszeiten`
    case allSouls  // dušičky
    case hoursMarker  // h
    case note(String)  // (léto), (orientačně)
    case word(String)  // anything else: prose
}

/// Splits Czech hours text into tokens. Case and diacritics are folded for matching.
///
/// Bounded by construction: a number is read digit by digit up to `maxDigits` (a longer run
/// fails at once, so no number can overflow and no run is read twice), and every step of
/// the main loop consumes at least one character. `examined` counts character reads, so
/// tests can check that the work is linear in the input.
struct CzechLexer {
    /// The most digits a number may have (`0600`, a year); a longer run is not a schedule.
    static let maxDigits = 4

    /// Nominative and genitive month names, with and without diacritics.
    static let months: [String: Int] = {
        let forms: [(Int, [String])] = [
            (1, ["leden", "ledna"]), (2, ["únor", "února", "unor", "unora"]), (3, ["březen", "března", "brezen", "brezna"]),
            (4, ["duben", "dubna"]), (5, ["květen", "května", "kveten", "kvetna"]),
            (6, ["červen", "června", "cerven", "cervna"]),
            (7, ["červenec", "července", "cervenec", "cervence"]), (8, ["srpen", "srpna"]), (9, ["září", "zari"]),
            (10, ["říjen", "října", "rijen", "rijna"]), (11, ["listopad", "listopadu"]), (12, ["prosinec", "prosince"]),
        ]
        var out: [String: Int] = [:]
        for (m, names) in forms { for n in names { out[n] = m } }
        return out
    }()

    private let chars: [Character]
    /// The characters as written (not folded), for the text of a warning.
    private let written: [Character]
    private let text: String
    /// Whether the text uses German words (then `so` is Sunday and `do` Thursday).
    private var german = false
    /// The everyday and OCR forms read (`8³⁰` as `08:30`, `1O` as `10`), in input order.
    private(set) var warnings: [HoursWarning] = []
    /// The readings chosen (`so read as Su (German day names)`).
    private(set) var notes: [String] = []
    /// Characters read so far (each `at(_:)` call): at most a small multiple of the length.
    private(set) var examined = 0
    /// Where each token of the last `tokens()` call lies, as character offsets.
    private(set) var spans: [Range<Int>] = []

    /// A lexer over `text` (lower-cased for matching).
    init(_ text: String) {
        self.text = text
        chars = Array(text.lowercased())
        let original = Array(text)
        written = original.count == chars.count ? original : chars
    }

    /// The tokens of `text`, or the first number too long to be part of a schedule.
    static func tokenize(_ text: String) throws(CzechReader.Failure) -> CzechLexer {
        var lexer = CzechLexer(text)
        lexer.tokenList = try lexer.tokens()
        return lexer
    }

    /// The tokens of the last `tokenize`.
    private(set) var tokenList: [CzechToken] = []

    /// The character at `i`, or nil past the end; counted in `examined`.
    private mutating func at(_ i: Int) -> Character? {
        examined += 1
        return i < chars.count ? chars[i] : nil
    }

    /// The end of the run of characters from `i` that satisfy `test`.
    private mutating func end(from i: Int, while test: (Character) -> Bool) -> Int {
        var j = i
        while let c = at(j), test(c) { j += 1 }
        return j
    }

    mutating func tokens() throws(CzechReader.Failure) -> [CzechToken] {
        var out: [CzechToken] = []
        spans = []
        warnings = []
        notes = []
        german = usesGerman()
        var i = 0
        while let c = at(i) {
            let (first, count) = (i, out.count)
            defer { if out.count > count { spans.append(first..<min(i, chars.count)) } }
            if c == " " || c == "\t" {
                i += 1
            } else if c.isNewline {
                out.append(.lineBreak)
                i += 1
            } else if digitValue(at: i) != nil {
                i = try number(i, into: &out)
            } else if CzechLexer.dashes.contains(c) {
                out.append(.dash)
                i += 1
            } else if c == "," {
                out.append(.comma)
                i += 1
            } else if c == ";" || c == "/" {
                out.append(.semicolon)
                i += 1
            } else if c == "+" {
                out.append(.plus)
                i += 1
            } else if c == ":" {
                out.append(.colon)
                i += 1
            } else if c == "(" {
                let j = end(from: i + 1) { $0 != ")" }
                out.append(.note(String(chars[(i + 1)..<j]).trimmingSpaces))
                i = min(j + 1, chars.count)
            } else if c == "&" {
                out.append(.and)
                i += 1
            } else if c.isLetter {
                var j = end(from: i) { $0.isLetter }
                let word = String(chars[i..<j])
                // `non-stop`, `non stop`: one word.
                if word == "non", let sep = at(j), sep == "-" || sep == " " || sep == "–", at(j + 1) == "s",
                    end(from: j + 1, while: { $0.isLetter }) == j + 5, String(chars[(j + 1)..<(j + 5)]) == "stop"
                {
                    out.append(.nonstop)
                    j += 5
                } else if case .word = self.word(word), let token = CzechLexer.unaccentedToken(word) {
                    out.append(token)
                    warn(i..<j, CzechLexer.unaccented(word), CzechLexer.accentReason)
                    if at(j) == "." { j += 1 }
                } else if case .word = self.word(word), let (token, read) = CzechLexer.misreadToken(word) {
                    out.append(token)
                    warn(i..<j, read, CzechLexer.misreadReason)
                    if at(j) == "." { j += 1 }
                } else {
                    out.append(self.word(word))
                    // `po.`, `hod.`, `Mo.-Fr.`: the dot of an abbreviation.
                    if at(j) == "." { j += 1 }
                }
                i = j
            } else {
                out.append(.word(String(c)))
                i += 1
            }
        }
        return out
    }

    /// Dashes: hyphen, en dash, em dash, the Unicode hyphens and the minus sign.
    static let dashes: Set<Character> = ["-", "–", "—", "‐", "‑", "‒", "−"]

    private mutating func word(_ w: String) -> CzechToken {
        if german, w == "so" || w == "do" {
            let note = w == "so" ? "so read as Su (German day names)" : "do read as Th (German day names)"
            if !notes.contains(note) { notes.append(note) }
            return .weekday(w == "so" ? 6 : 3)
        }
        if let d = CzechLexer.weekdays[w] { return .weekday(d) }
        if let m = CzechLexer.months[w] { return .month(m) }
        if let t = CzechLexer.signWords[w] { return t }
        return .word(w)
    }

    /// The token of a word that is none as written but is one without its accents (`Táglich`):
    /// nil when neither.
    private static func unaccentedToken(_ w: String) -> CzechToken? {
        let plain = CzechLexer.unaccented(w)
        guard plain != w else { return nil }
        if let d = CzechLexer.weekdays[plain] { return .weekday(d) }
        if let m = CzechLexer.months[plain] { return .month(m) }
        return CzechLexer.signWords[plain]
    }

    /// Whether a word of the text is one only German signs use.
    private func usesGerman() -> Bool {
        var word = ""
        for c in chars {
            if c.isLetter {
                word.append(c)
                continue
            }
            if CzechLexer.germanWords.contains(word) { return true }
            word = ""
        }
        return CzechLexer.germanWords.contains(word)
    }

    /// The digit at `i`: an ASCII digit, or a letter OCR confuses with one (`O`, `l`, `I`)
    /// standing between digits or beside one with no letter on either side (`1O:00`, `l0`).
    private func digitValue(at i: Int) -> Int? {
        guard i >= 0, i < chars.count else { return nil }
        let c = chars[i]
        if c.isASCII, let d = c.wholeNumberValue { return d }
        guard let d = CzechLexer.confusedDigit(c) else { return nil }
        let before = i > 0 ? chars[i - 1] : " "
        let after = i + 1 < chars.count ? chars[i + 1] : " "
        guard !before.isLetter, !after.isLetter else { return nil }
        let digit = { (x: Character) in x.isASCII && x.wholeNumberValue != nil }
        return digit(before) || digit(after) ? d : nil
    }

    /// Records an OCR or sign form read as another (offsets in characters of the text).
    private mutating func warn(_ range: Range<Int>, _ canonical: String, _ reason: String) {
        let found = range.upperBound <= written.count ? String(written[range]) : canonical
        warnings.append(HoursWarning(offset: range.lowerBound, found: found, canonical: canonical, reason: reason))
    }

    /// The ASCII digits at `from` as a number and the index after them; nil when there are
    /// none. Reads at most `maxDigits + 1` characters: a longer run fails here.
    private mutating func digits(_ from: Int) throws(CzechReader.Failure) -> (value: Int, end: Int)? {
        var j = from
        var v = 0
        while at(j) != nil, let d = digitValue(at: j) {
            guard j - from < CzechLexer.maxDigits else {
                throw CzechReader.Failure(
                    "a number longer than \(CzechLexer.maxDigits) digits at character \(from + 1) in \(CzechReader.quote(text))")
            }
            if !(chars[j].isASCII && chars[j].isNumber) {
                warn(j..<(j + 1), String(d), CzechLexer.confusedDigitReason)
            }
            v = v * 10 + d
            j += 1
        }
        return j > from ? (v, j) : nil
    }

    /// Numbers: `6:00`, `24 :00`, `6.30` (time), `15.dubna` and `1.6.` (dates), `6` (bare hour).
    private mutating func number(_ start: Int, into out: inout [CzechToken]) throws(CzechReader.Failure) -> Int {
        guard let (a, afterA) = try digits(start) else { return start + 1 }
        var j = afterA
        // `8³⁰`: minutes written raised.
        let next = at(j)
        if let high = next.flatMap(CzechLexer.superscript), let low = at(j + 1).flatMap(CzechLexer.superscript) {
            let m = high * 10 + low
            guard m < 60 else {
                out.append(.word(String(chars[start..<(j + 2)])))
                return j + 2
            }
            out.append(.time(a * 60 + m))
            warn(start..<(j + 2), CzechReader.clock(a * 60 + m), "minutes written raised")
            return j + 2
        }
        // `8;30`: OCR reads a colon as a semicolon. Only before :00 or :30, and not where a
        // list goes on (`8-12;30-17` is two ranges).
        if next == ";" {
            let kept = warnings.count
            if let (b, afterB) = try digits(j + 1), afterB - (j + 1) == 2, b == 0 || b == 30, a < 24,
                at(afterB) != ":", at(afterB) != ".", !(out.last == .dash && at(afterB).map(CzechLexer.dashes.contains) == true)
            {
                out.append(.time(a * 60 + b))
                warn(j..<(j + 1), ":", CzechLexer.semicolonReason)
                return afterB
            }
            warnings.removeSubrange(kept...)
        }
        // `24 :00`: a space before the colon.
        let k = end(from: j) { $0 == " " }
        if at(k) == ":", let (b, afterB) = try digits(k + 1) {
            out.append(afterB - (k + 1) == 2 && b < 60 ? .time(a * 60 + b) : .word(String(chars[start..<afterB])))
            return afterB
        }
        if at(j) == "." {
            // `15.dubna`, `15. dubna`
            let m = end(from: j + 1) { $0 == " " }
            if let c = at(m), c.isLetter {
                let e = end(from: m) { $0.isLetter }
                if let month = CzechLexer.months[String(chars[m..<e])] {
                    out.append(.date(day: a, month: month))
                    return e
                }
            }
            if let (b, afterB) = try digits(j + 1) {
                let width = afterB - (j + 1)
                let trailingDot = at(afterB) == "."
                if trailingDot || (width == 1 && b >= 1 && b <= 12) {
                    out.append(.date(day: a, month: b))
                    return trailingDot ? afterB + 1 : afterB
                }
                out.append(width == 2 && b < 60 ? .time(a * 60 + b) : .word(String(chars[start..<afterB])))
                return afterB
            }
            j += 1
        }
        // `24 hours`, `24 h`, `24 godziny` standing alone (not the end of a range): nonstop.
        if a == 24, j - start == 2, out.last != .dash, let word = dayLongWord(after: j) {
            out.append(.nonstop)
            return word
        }
        out.append(.hour(a))
        return j
    }

    /// The index after a word of "24 hours" (`CzechLexer.dayLongWords`) that follows `j`
    /// after spaces (and its dot) when no dash or digit comes next; nil otherwise.
    private mutating func dayLongWord(after j: Int) -> Int? {
        let s = end(from: j) { $0 == " " }
        let e = end(from: s) { $0.isLetter }
        guard e > s, CzechLexer.dayLongWords.contains(String(chars[s..<e])) else { return nil }
        let k = at(e) == "." ? e + 1 : e
        let after = end(from: k) { $0 == " " }
        if let c = at(after), CzechLexer.dashes.contains(c) || c.isNumber { return nil }
        return k
    }
}
