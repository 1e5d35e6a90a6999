/// Tokens of Czech free-text opening hours (IPR Praha's `OTEVRENO`).
enum CzechToken: Equatable {
    case weekday(Int)  // 0 = po … 6 = ne
    case month(Int)  // 1…12
    case date(day: Int, month: Int)  // 15.dubna, 1.6.
    case time(Int)  // minutes; `bare` hours are .hour
    case hour(Int)  // a bare number (6 in `6-21 h`)
    case dash, comma, semicolon, and, plus, colon
    case daily  // denně
    case nonstop
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

    static let weekdays: [String: Int] = [
        "po": 0, "pondělí": 0, "pondeli": 0, "út": 1, "ut": 1, "úterý": 1, "utery": 1, "st": 2, "středa": 2, "streda": 2,
        "čt": 3, "ct": 3, "čtvrtek": 3, "ctvrtek": 3, "pá": 4, "pa": 4, "pátek": 4, "patek": 4, "so": 5, "sobota": 5,
        "ne": 6, "neděle": 6, "nedele": 6,
    ]

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
    private let text: String
    /// Characters read so far (each `at(_:)` call): at most a small multiple of the length.
    private(set) var examined = 0
    /// Where each token of the last `tokens()` call lies, as character offsets.
    private(set) var spans: [Range<Int>] = []

    /// A lexer over `text` (lower-cased for matching).
    init(_ text: String) {
        self.text = text
        chars = Array(text.lowercased())
    }

    /// The tokens of `text`, or the first number too long to be part of a schedule.
    static func tokenize(_ text: String) throws(CzechReader.Failure) -> (tokens: [CzechToken], spans: [Range<Int>]) {
        var lexer = CzechLexer(text)
        let tokens = try lexer.tokens()
        return (tokens, lexer.spans)
    }

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
        var i = 0
        while let c = at(i) {
            let (first, count) = (i, out.count)
            defer { if out.count > count { spans.append(first..<min(i, chars.count)) } }
            if c == " " || c == "\t" {
                i += 1
            } else if c.isNewline {
                out.append(.semicolon)
                i += 1
            } else if c == "-" || c == "–" || c == "—" {
                out.append(.dash)
                i += 1
            } else if c == "," {
                out.append(.comma)
                i += 1
            } else if c == ";" {
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
            } else if c.isNumber, c.isASCII {
                i = try number(i, into: &out)
            } else if c.isLetter {
                var j = end(from: i) { $0.isLetter }
                let word = String(chars[i..<j])
                // `non-stop`, `non stop`: one word.
                if word == "non", let sep = at(j), sep == "-" || sep == " " || sep == "–", at(j + 1) == "s",
                    end(from: j + 1, while: { $0.isLetter }) == j + 5, String(chars[(j + 1)..<(j + 5)]) == "stop"
                {
                    out.append(.nonstop)
                    j += 5
                } else {
                    out.append(CzechLexer.word(word))
                }
                i = j
            } else {
                out.append(.word(String(c)))
                i += 1
            }
        }
        return out
    }

    private static func word(_ w: String) -> CzechToken {
        if let d = weekdays[w] { return .weekday(d) }
        if let m = months[w] { return .month(m) }
        switch w {
        case "a": return .and
        case "až", "az", "do": return .dash
        case "denně", "denne", "daily": return .daily
        case "nonstop": return .nonstop
        case "dušičky", "dusicky": return .allSouls
        case "h", "hod", "hodin": return .hoursMarker
        default: return .word(w)
        }
    }

    /// The ASCII digits at `from` as a number and the index after them; nil when there are
    /// none. Reads at most `maxDigits + 1` characters: a longer run fails here.
    private mutating func digits(_ from: Int) throws(CzechReader.Failure) -> (value: Int, end: Int)? {
        var j = from
        var v = 0
        while let c = at(j), c.isASCII, let d = c.wholeNumberValue {
            guard j - from < CzechLexer.maxDigits else {
                throw CzechReader.Failure(
                    "a number longer than \(CzechLexer.maxDigits) digits at character \(from + 1) in \(CzechReader.quote(text))")
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
        out.append(.hour(a))
        return j
    }
}
