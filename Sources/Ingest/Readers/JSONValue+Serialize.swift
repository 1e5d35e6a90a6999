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

    /// Writes a JSON string literal with the escapes RFC 8259 requires (non-ASCII stays
    /// UTF-8). Copies runs of plain bytes at once.
    public static func writeString(_ s: String, to out: inout String) {
        var bytes: [UInt8] = [0x22]
        var copy = s
        copy.withUTF8 { utf8 in
            bytes.reserveCapacity(utf8.count + 2)
            var runStart = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                runStart = i + 1
                switch b {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, 0x6E]
                case 0x0D: bytes += [0x5C, 0x72]
                case 0x09: bytes += [0x5C, 0x74]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(0x22)
        out += String(decoding: bytes, as: UTF8.self)
    }
}
