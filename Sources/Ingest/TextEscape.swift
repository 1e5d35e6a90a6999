/// Escapes control characters in text quoted from input, so a message never carries a raw
/// NUL, tab, newline or escape sequence to a terminal or a log (issue 10, item 19).
public enum TextEscape {
    /// `text` with every control character (C0, DEL, C1) written as `\t`, `\n`, `\r` or
    /// `\u{XX}`; other characters unchanged.
    public static func quoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where isControl(u): out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
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
