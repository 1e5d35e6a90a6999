/// Czech free-text opening hours turned into OSM `opening_hours` syntax, with the original
/// kept beside it and a status saying how sure the translation is.
public struct CzechHours: Sendable, Equatable, Codable {
    /// How the text was translated.
    public enum Status: String, Sendable, Equatable, Codable {
        /// Every part maps directly onto OSM syntax.
        case exact
        /// A reading was chosen (seasons, `dušičky`, a dropped day part, days carried over);
        /// `reason` says which.
        case interpreted
        /// Not a schedule (prose, events, typos): the expression is a comment and evaluates
        /// to unknown; `reason` says why.
        case unknown
        /// No text at all (null or blank).
        case missing
    }

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
        do {
            var reader = CzechReader(tokens: try CzechLexer.tokenize(text), text: text)
            let (expr, notes) = try reader.translate()
            // The translation must be valid OSM syntax; anything else is our bug, reported as such.
            do {
                expression = try OpeningHours(parsing: expr).canonical
            } catch {
                throw CzechReader.Failure("internal error: produced invalid syntax '\(expr)' (\(error))")
            }
            status = notes.isEmpty ? .exact : .interpreted
            reason = notes.isEmpty ? nil : notes.joined(separator: "; ")
        } catch {
            let clean = text.replacingQuotes.trimmingSpaces
            expression = "\"\(clean)\""
            status = .unknown
            reason = (error as? CzechReader.Failure)?.message ?? "\(error)"
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
