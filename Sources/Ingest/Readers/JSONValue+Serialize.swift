import Contract
import Digests

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

    /// `jsonText` and `fingerprint` in one walk of the value (each string's bytes read once
    /// for both): what an ingest stores for every record's properties.
    public var textAndFingerprint: (json: String, fingerprint: String) {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        let h = writeAndHash(to: &out)
        return (String(decoding: out, as: UTF8.self), h.hex)
    }

    /// Writes the value as `write(to:)` does and returns its `contentHash()`.
    private func writeAndHash(to out: inout [UInt8]) -> ContentHash {
        switch self {
        case .null, .bool, .number:
            write(to: &out)
            return contentHash()
        case .string(let s):
            var h = ContentHash()
            var copy = s
            copy.withUTF8 { utf8 in
                JSONText.appendQuoted(utf8: utf8, to: &out)
                h.addByte(0x22)
                h.addBytes(utf8)
                h.addByte(0xFF)
                h.addWord(UInt64(utf8.count))
            }
            return h
        case .array(let items):
            var h = ContentHash()
            h.addByte(0x5B)
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                h.add(item.writeAndHash(to: &out))
            }
            out.append(0x5D)
            return h
        case .object(let members):
            var sumA: UInt64 = 0
            var sumB: UInt64 = 0
            out.append(0x7B)
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                var m = ContentHash()
                var key = k
                key.withUTF8 { utf8 in
                    JSONText.appendQuoted(utf8: utf8, to: &out)
                    m.addBytes(utf8)
                    m.addByte(0xFF)
                    m.addWord(UInt64(utf8.count))
                }
                out.append(0x3A)
                m.add(v.writeAndHash(to: &out))
                sumA &+= m.a
                sumB &+= m.b
            }
            out.append(0x7D)
            var h = ContentHash()
            h.addByte(0x7B)
            h.addWord(UInt64(members.count))
            h.addWord(sumA)
            h.addWord(sumB)
            return h
        }
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
