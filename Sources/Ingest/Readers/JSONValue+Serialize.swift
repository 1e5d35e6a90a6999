extension JSONValue {
    /// Compact JSON text with members in their stored order and non-ASCII left as UTF-8
    /// (numbers written as their source text).
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// A canonical form for change detection: members sorted by key, numbers by value
    /// (`1.50` and `1.5` agree), so a re-serialised but equal input is "unchanged".
    public var canonicalText: String {
        switch self {
        case .number(let n): return Double(n).map { "\($0)" } ?? n
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.0 < $1.0 }.map { k, v in
                var key = ""
                JSONValue.writeString(k, to: &key)
                return key + ":" + v.canonicalText
            }.joined(separator: ",") + "}"
        default: return jsonText
        }
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(k, to: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        }
    }

    /// Writes a JSON string literal with the escapes RFC 8259 requires.
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
