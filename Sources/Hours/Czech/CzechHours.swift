public import Places

/// Czech free-text opening hours turned into OSM `opening_hours` syntax, with the original
/// kept beside it and a status saying how sure the translation is.
public struct CzechHours: Sendable, Equatable, Codable {
    /// How the text was translated (the domain value `HoursStatus`).
    public typealias Status = HoursStatus

    /// The source text, exactly as given.
    public var original: String?
    /// OSM syntax; nil when missing.
    public var expression: String?
    /// How sure the translation is.
    public var status: Status
    /// Why the status is not `exact`.
    public var reason: String?

    /// Translates a source value. Never throws: what cannot be read becomes `unknown` with a
    /// reason. Seasons: `léto` = Apr-Sep, `zima` = Oct-Mar; `dušičky` = Nov 01-02; a missing
    /// day part means every day, or after other day groups, the days they left out.
    public init(czech text: String?) {
        original = text
        guard let text, !text.trimmingSpaces.isEmpty, text.contains(where: { !$0.isWhitespace }) else {
            expression = nil
            status = .missing
            reason = "no opening hours given"
            return
        }
        switch CzechHours.translate(text) {
        case .success(let t):
            expression = t.hours.canonical
            status = t.notes.isEmpty ? .exact : .interpreted
            reason = t.notes.isEmpty ? nil : t.notes.joined(separator: "; ")
        case .failure(let failure):
            expression = "\"\(text.replacingQuotes.trimmingSpaces)\""
            status = .unknown
            reason = failure.message
        }
    }

    /// A translation: the tree, the readings chosen (`léto read as Apr-Sep`) and the
    /// everyday forms corrected (`8` read as `08:00`).
    struct Translation {
        let hours: OpeningHours
        let notes: [String]
        let warnings: [HoursWarning]
    }

    /// Translates non-blank `text`, or says why it is not a schedule.
    static func translate(_ text: String) -> Result<Translation, CzechReader.Failure> {
        do throws(CzechReader.Failure) {
            let lexer = try CzechLexer.tokenize(text)
            var reader = CzechReader(tokens: lexer.tokenList, spans: lexer.spans, text: text, notes: lexer.notes)
            let (expr, notes) = try reader.translate()
            let warnings = (lexer.warnings + reader.warnings).sorted { $0.offset < $1.offset }
            // The translation must be valid OSM syntax; anything else is our bug, reported as such.
            guard let hours = try? OpeningHours(parsing: expr) else {
                throw CzechReader.Failure("internal error: produced invalid syntax '\(expr)'")
            }
            return .success(Translation(hours: hours, notes: notes, warnings: warnings))
        } catch {
            return .failure(error)
        }
    }
}

extension String {
    /// OSM comments cannot hold double quotes or line breaks. Replaced scalar by scalar: a
    /// quote followed by a combining mark (`"` + U+0655) is one `Character` that is not `"`,
    /// and `\r\n` is one `Character` that is neither `\r` nor `\n`.
    var replacingQuotes: String {
        var out = String.UnicodeScalarView()
        for s in unicodeScalars {
            switch s {
            case "\"": out.append("'")
            case "\r", "\n": out.append(" ")
            default: out.append(s)
            }
        }
        return String(out)
    }
}
