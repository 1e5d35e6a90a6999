import Storage

extension JSONValue {
    /// Compact JSON text with members in their stored order and non-ASCII left as UTF-8
    /// (numbers written as their source text).
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A 128-bit fingerprint (hex, `ContentHash`) that ignores object member order and number
    /// spelling (`1.50` = `1.5`): object members are hashed one by one and combined by
    /// addition, so no sorting or string building is needed.
    public var fingerprint: String { contentHash().hex }

    /// The value's `ContentHash`: leaves as tagged values, arrays as their items' hashes in
    /// order, objects as the member count and the lane-wise sums of the members' hashes.
    private func contentHash() -> ContentHash {
        var h = ContentHash()
        switch self {
        case .null: h.addNull()
        case .bool(let v): h.addBool(v)
        case .number(let n):
            if let d = Double(n) {
                h.addNumber(d)
            } else {
                h.addByte(0x23)
                h.addText(n)
            }
        case .string(let s): h.addString(s)
        case .array(let items):
            h.addByte(0x5B)
            for item in items { h.add(item.contentHash()) }
        case .object(let members):
            var sumA: UInt64 = 0
            var sumB: UInt64 = 0
            for (k, v) in members {
                var m = ContentHash()
                m.addText(k)
                m.add(v.contentHash())
                sumA &+= m.a
                sumB &+= m.b
            }
            h.addByte(0x7B)
            h.addWord(UInt64(members.count))
            h.addWord(sumA)
            h.addWord(sumB)
        }
        return h
    }

    /// The same text as UTF-8 bytes, written without intermediate strings.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += [0x6E, 0x75, 0x6C, 0x6C]
        case .bool(let b): out += b ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65]
        case .number(let n): out += n.utf8
        case .string(let s): JSONText.appendQuoted(s, to: &out)
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                item.write(to: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                JSONText.appendQuoted(k, to: &out)
                out.append(0x3A)
                v.write(to: &out)
            }
            out.append(0x7D)
        }
    }
}
