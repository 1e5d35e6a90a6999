/// The one rule for text that reaches a terminal or a log (issue 10, item 19; issue 36,
/// item 6): characters that would act rather than show are escaped, so an OSM name such as
/// `ESC ] 0 ; pwned BEL ESC [ 2 J` cannot set the window title or clear the screen, and a
/// right-to-left override (U+202E) cannot reorder what follows. Every table, `review show`,
/// station and toilet line and every stderr line of `locate` goes through `quoted`; the data
/// itself is stored and written to JSON, CSV and GeoJSON unchanged.
public enum TextEscape {
    /// `text` with every character that acts on a terminal (`actsOnTerminal`) written as
    /// `\t`, `\n`, `\r` or `\u{XX}`; other characters unchanged. With `keepingLineBreaks`
    /// (a whole message or table of several lines), line feeds and tabs stay as they are.
    public static func quoted(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func escapes(_ u: Unicode.Scalar) -> Bool { actsOnTerminal(u) && !(keepingLineBreaks && (u == "\n" || u == "\t")) }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case _ where !escapes(u): out.unicodeScalars.append(u)
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    /// Whether `u` acts on a terminal instead of showing: a control character (C0, DEL, C1:
    /// ESC starts escape sequences, BEL ends some), a bidirectional control (Unicode's
    /// Bidi_Control: U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069), or a line or
    /// paragraph separator (U+2028, U+2029).
    public static func actsOnTerminal(_ u: Unicode.Scalar) -> Bool {
        isControl(u) || u.properties.isBidiControl || u.value == 0x2028 || u.value == 0x2029
    }

    /// The first control character of `text` by name (`NUL`, `tab`, `newline`, `U+001B`), or nil.
    public static func firstControl(in text: String) -> String? {
        guard let u = text.unicodeScalars.first(where: isControl) else { return nil }
        switch u.value {
        case 0: return "NUL"
        case 9: return "tab"
        case 10: return "newline"
        case 13: return "carriage return"
        default:
            return "U+" + String(repeating: "0", count: max(0, 4 - String(u.value, radix: 16).count))
                + String(u.value, radix: 16, uppercase: true)
        }
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }
}
