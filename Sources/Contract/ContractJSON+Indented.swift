extension ContractJSON {
    /// `compact` JSON text (as `encode` writes it: no spaces outside strings) laid out for
    /// people: two spaces per level, one member or item per line, `"key" : value`, and an
    /// empty object or array as an opening line, an empty line and a closing one, which is
    /// the layout of Foundation's `JSONEncoder` with `.prettyPrinted`. Strings are copied
    /// as they are.
    public static func indented(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0
        func newline(_ level: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * max(0, level)))
        }
        var i = 0
        let n = compact.count
        while i < n {
            let byte = compact[i]
            switch byte {
            case UInt8(ascii: "\""):
                // The string whole, escapes included, up to its closing quote.
                var j = i + 1
                while j < n, compact[j] != UInt8(ascii: "\"") { j += compact[j] == UInt8(ascii: "\\") ? 2 : 1 }
                let end = min(j + 1, n)
                out.append(contentsOf: compact[i..<end])
                i = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                out.append(byte)
                if i + 1 < n, compact[i + 1] == close {
                    out.append(0x0A)
                    newline(depth)
                    out.append(close)
                    i += 2
                    continue
                }
                depth += 1
                newline(depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline(depth)
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline(depth)
            case UInt8(ascii: ":"):
                out.append(contentsOf: " : ".utf8)
            default:
                out.append(byte)
            }
            i += 1
        }
        return out
    }
}
