/// The words of opening-hours signs in Czech, Polish, English and German that the free-text
/// reader knows, folded to lower case. `so` and `do` are Czech (Saturday, "to") unless the
/// text uses German words (`Mo-Do`, `Uhr`, `bis`): then they are German (Sunday, Thursday),
/// and the reading says so.
extension CzechLexer {
    /// Day names written out or abbreviated (with or without a dot), 0 = Monday … 6 = Sunday.
    static let weekdays: [String: Int] = {
        let forms: [(Int, [String])] = [
            (0, ["po", "pondělí", "pondeli", "pn", "pon", "poniedziałek", "poniedzialek", "mon", "monday", "mo", "montag"]),
            (1, ["út", "ut", "úterý", "utery", "wt", "wtorek", "tue", "tues", "tuesday", "tu", "di", "dienstag"]),
            (
                2,
                [
                    "st", "středa", "streda", "śr", "sr", "środa", "sroda", "wed", "weds", "wednesday", "we", "mi",
                    "mittwoch",
                ]
            ),
            (
                3,
                [
                    "čt", "ct", "čtvrtek", "ctvrtek", "cz", "czw", "czwartek", "thu", "thur", "thurs", "thursday", "th",
                    "donnerstag",
                ]
            ),
            (4, ["pá", "pa", "pátek", "patek", "pt", "piątek", "piatek", "fri", "friday", "fr", "freitag"]),
            (5, ["so", "sobota", "sb", "sob", "sat", "saturday", "sa", "samstag", "sonnabend"]),
            (6, ["ne", "neděle", "nedele", "nd", "ndz", "niedz", "niedziela", "sun", "sunday", "su", "sonntag"]),
        ]
        var out: [String: Int] = [:]
        for (d, names) in forms { for n in names { out[n] = d } }
        return out
    }()

    /// Words only German signs use: with one of them, `so` is Sunday and `do` Thursday.
    static let germanWords: Set<String> = [
        "mo", "di", "mi", "fr", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag",
        "uhr", "bis", "täglich", "taglich", "taeglich", "geschlossen", "ruhetag", "feiertag", "feiertage", "feiertags", "und",
        "öffnungszeiten", "offnungszeiten", "geöffnet", "geoffnet",
    ]

    /// Every other word a sign uses, by the token it reads as.
    static let signWords: [String: CzechToken] = {
        let forms: [(CzechToken, [String])] = [
            (.and, ["a", "i", "and", "und", "oraz", "&"]),
            (.dash, ["až", "az", "do", "bis", "to", "till", "until"]),
            (.daily, ["denně", "denne", "codziennie", "täglich", "taglich", "taeglich", "daily", "everyday"]),
            // `całą dobę` (Polish "all day and night"): `dobę` alone is the 24 hours.
            (.nonstop, ["nonstop", "całodobowo", "calodobowo", "dobę", "dobe"]),
            (
                .closed,
                ["zavřeno", "zavreno", "nieczynne", "nieczynny", "zamknięte", "zamkniete", "closed", "geschlossen", "ruhetag"]
            ),
            (
                .holiday,
                [
                    "svátky", "svatky", "svátek", "svatek", "święta", "swieta", "feiertag", "feiertage", "feiertags", "holidays",
                    "holiday",
                ]
            ),
            (.allSouls, ["dušičky", "dusicky"]),
            (.hoursMarker, ["h", "hod", "hodin", "godz", "uhr", "hrs", "hr"]),
            // Headings and prepositions a sign puts around its hours: nothing to read.
            (
                .filler,
                [
                    "celoročně", "celorocne", "od", "von", "from", "otevírací", "oteviraci", "doba", "otevřeno", "otevreno",
                    "godziny", "otwarcia", "czynne", "öffnungszeiten", "offnungszeiten", "geöffnet", "geoffnet", "opening",
                    "hours", "open", "public", "bank", "státní", "statni", "ganzjährig", "ganzjahrig", "całą", "cała", "cala",
                    "przez",
                    // German "at" ("um 9 Uhr"), and what text recognition makes of a small "Uhr"
                    // after a time (the rotated German sign of the corpus read "9-18 um").
                    "um",
                ]
            ),
        ]
        var out: [String: CzechToken] = [:]
        for (token, words) in forms { for w in words { out[w] = token } }
        return out
    }()

    /// The words of "24 hours" after the number (`open 24 hours`, `24 hodin`, `24 godziny`,
    /// `24 Stunden`): the number and the word read as `nonstop`.
    static let dayLongWords: Set<String> = [
        "hours", "hrs", "hodin", "godzin", "godziny", "godz", "stunden", "std", "h", "hod",
    ]

    /// Why a word OCR misread was read as the word it resembles.
    static let misreadReason = "a word read with a letter text recognition confuses (ł read as t)"

    /// The token of an unknown word that is a word of signs once a `t` is read as `ł`
    /// (`Poniedziatek`: what text recognition makes of `Poniedziałek`), nil otherwise.
    static func misreadToken(_ w: String) -> (CzechToken, String)? {
        guard w.contains("t") else { return nil }
        let original = CzechLexer.unaccented(w)
        let plain = String(original.map { $0 == "t" ? "l" : $0 })
        // Only the t's: try each alone, then all (a word has one or two ł at most).
        var tries: [String] = [plain]
        for (k, c) in original.enumerated() where c == "t" {
            var chars = Array(original)
            chars[k] = "l"
            tries.insert(String(chars), at: 0)
        }
        for t in tries {
            if let d = CzechLexer.weekdays[t] { return (.weekday(d), t) }
            if let token = CzechLexer.signWords[t], token != .filler { return (token, t) }
        }
        return nil
    }

    /// Why a word was read without its accents.
    static let accentReason = "a word read without its accents"

    /// `word` with the accents of Czech, Polish and German letters taken off (`táglich` →
    /// `taglich`): text recognition often confuses them (`ä` for `á`).
    static func unaccented(_ word: String) -> String {
        var out = ""
        for c in word {
            switch c {
            case "á", "ä", "ą", "à", "â": out.append("a")
            case "č", "ć": out.append("c")
            case "ď": out.append("d")
            case "é", "ě", "ę", "è", "ë": out.append("e")
            case "í", "ì", "ï": out.append("i")
            case "ł": out.append("l")
            case "ň", "ń": out.append("n")
            case "ó", "ö", "ô", "ò": out.append("o")
            case "ř": out.append("r")
            case "š", "ś": out.append("s")
            case "ť": out.append("t")
            case "ú", "ů", "ü", "ù": out.append("u")
            case "ý": out.append("y")
            case "ž", "ź", "ż": out.append("z")
            default: out.append(c)
            }
        }
        return out
    }

    /// Why a letter was read as a digit.
    static let confusedDigitReason = "a letter read as the digit it resembles"
    /// Why a semicolon was read as a colon.
    static let semicolonReason = "a semicolon between hour and minutes read as a colon"

    /// The value of a raised digit (`³⁰` in `8³⁰`), nil for any other character.
    static func superscript(_ c: Character) -> Int? {
        switch c {
        case "⁰": 0
        case "¹": 1
        case "²": 2
        case "³": 3
        case "⁴": 4
        case "⁵": 5
        case "⁶": 6
        case "⁷": 7
        case "⁸": 8
        case "⁹": 9
        default: nil
        }
    }

    /// The digit OCR often reads as a letter (`O` for 0, `l` and `I` for 1), folded.
    static func confusedDigit(_ c: Character) -> Int? {
        switch c {
        case "o": 0
        case "l", "i", "|": 1
        default: nil
        }
    }
}
