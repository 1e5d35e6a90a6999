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
enum CzechLexer {
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

    static func tokenize(_ text: String) -> [CzechToken] {
        let chars = Array(text.lowercased())
        var out: [CzechToken] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
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
                var j = i + 1
                while j < chars.count, chars[j] != ")" { j += 1 }
                out.append(.note(String(chars[(i + 1)..<min(j, chars.count)]).trimmingSpaces))
                i = min(j + 1, chars.count)
            } else if c.isNumber {
                i = number(chars, i, into: &out)
            } else if c.isLetter {
                var j = i
                while j < chars.count, chars[j].isLetter { j += 1 }
                let w = String(chars[i..<j])
                i = j
                if let d = weekdays[w] {
                    out.append(.weekday(d))
                } else if let m = months[w] {
                    out.append(.month(m))
                } else {
                    switch w {
                    case "a": out.append(.and)
                    case "až", "az", "do": out.append(.dash)
                    case "denně", "denne", "daily": out.append(.daily)
                    case "nonstop": out.append(.nonstop)
                    case "dušičky", "dusicky": out.append(.allSouls)
                    case "h", "hod", "hodin": out.append(.hoursMarker)
                    default: out.append(.word(w))
                    }
                }
            } else {
                out.append(.word(String(c)))
                i += 1
            }
        }
        return out
    }

    /// Numbers: `6:00`, `24 :00`, `6.30` (time), `15.dubna` and `1.6.` (dates), `6` (bare hour).
    private static func number(_ chars: [Character], _ start: Int, into out: inout [CzechToken]) -> Int {
        func digits(_ from: Int) -> (Int, Int)? {
            var j = from
            while j < chars.count, chars[j].isNumber, chars[j].isASCII { j += 1 }
            guard j > from, let v = Int(String(chars[from..<j])) else { return nil }
            return (v, j)
        }
        guard let (a, afterA) = digits(start) else { return start + 1 }
        var j = afterA
        // `24 :00`: a space before the colon.
        var k = j
        while k < chars.count, chars[k] == " " { k += 1 }
        if k < chars.count, chars[k] == ":", let (b, afterB) = digits(k + 1) {
            out.append(afterB - (k + 1) == 2 && b < 60 ? .time(a * 60 + b) : .word(String(chars[start..<afterB])))
            return afterB
        }
        if j < chars.count, chars[j] == "." {
            // `15.dubna`, `15. dubna`
            var m = j + 1
            while m < chars.count, chars[m] == " " { m += 1 }
            if m < chars.count, chars[m].isLetter {
                var e = m
                while e < chars.count, chars[e].isLetter { e += 1 }
                if let month = months[String(chars[m..<e])] {
                    out.append(.date(day: a, month: month))
                    return e
                }
            }
            if let (b, afterB) = digits(j + 1) {
                let width = afterB - (j + 1)
                let trailingDot = afterB < chars.count && chars[afterB] == "."
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
