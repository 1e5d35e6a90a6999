import Storage

extension JSONValue {
    /// Compact JSON text with members in their stored order and non-ASCII left as UTF-8
    /// (numbers written as their source text).
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A 128-bit fingerprint (hex) that ignores object member order and number spelling
    /// (`1.50` = `1.5`): object members are hashed one by one and combined by addition, so
    /// no sorting or string building is needed.
    public var fingerprint: String {
        let (a, b) = hashPair()
        return JSONText.hex(a, b)
    }

    private func hashPair() -> (UInt64, UInt64) {
        var h = PairHasher()
        switch self {
        case .null: h.addByte(0x6E)
        case .bool(let v): h.addByte(v ? 0x74 : 0x66)
        case .number(let n):
            h.addByte(0x23)
            if let d = Double(n) { h.addWord(d == 0 ? 0 : d.bitPattern) } else { h.addText(n) }
        case .string(let s):
            h.addByte(0x22)
            h.addText(s)
        case .array(let items):
            h.addByte(0x5B)
            for item in items {
                let (x, y) = item.hashPair()
                h.addWord(x)
                h.addWord(y)
            }
        case .object(let members):
            var sumA: UInt64 = 0
            var sumB: UInt64 = 0
            for (k, v) in members {
                var m = PairHasher()
                m.addText(k)
                let (x, y) = v.hashPair()
                m.addWord(x)
                m.addWord(y)
                sumA &+= m.a
                sumB &+= m.b
            }
            h.addByte(0x7B)
            h.addWord(UInt64(members.count))
            h.addWord(sumA)
            h.addWord(sumB)
        }
        return (h.a, h.b)
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

/// Two independent 64-bit FNV-1a streams (different offsets and primes).
struct PairHasher {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func addByte(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37
    }

    mutating func addWord(_ v: UInt64) {
        for s in stride(from: 0, to: 64, by: 8) { addByte(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
    }

    mutating func addText(_ s: String) {
        var copy = s
        copy.withUTF8 { for byte in $0 { addByte(byte) } }
        addByte(0xFF)
        addWord(UInt64(s.utf8.count))
    }
}
