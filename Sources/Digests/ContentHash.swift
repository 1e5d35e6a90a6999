import Contract

/// The one content-hash scheme of stored data: a 128-bit change detector over a sequence of
/// tagged values, made of two independent 64-bit FNV-1a lanes (Fowler–Noll–Vo, variant 1a:
/// XOR the byte, then multiply). Lane A uses the standard 64-bit offset basis and prime;
/// lane B another basis, the 32-bit FNV prime and an added odd constant, so that the two
/// lanes do not collide together. It is not a security hash: equal hashes mean "unchanged".
///
/// Framing, which is part of the stored data (changing it counts every stored record as
/// updated once):
/// - a text is its UTF-8 bytes, the byte 0xFF and its byte count as a word;
/// - a word is 8 bytes, least significant first;
/// - tagged values (`addString`, `addNumber`, `addBool`, `addNull`) start with the first
///   byte of their JSON spelling (`"`, `#` for numbers, `t`, `f`, `n`), numbers being hashed
///   as the bit pattern of their `Double` value (`0` and `-0` alike).
///
/// The properties fingerprint of ingested JSON (member order and number spelling ignored)
/// and the content hashes of toilet and station records are all made with it.
public struct ContentHash: Sendable, Hashable {
    /// Lane A: 64-bit FNV-1a state.
    public private(set) var a: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Lane B: the second, independent state.
    public private(set) var b: UInt64 = 0x6c62_272e_07bb_0142

    /// A hash of nothing yet.
    public init() {}

    /// Mixes one byte into both lanes.
    @inline(__always) public mutating func addByte(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37
    }

    /// Mixes a 64-bit word, least significant byte first.
    public mutating func addWord(_ v: UInt64) {
        // Both lanes in locals for the eight bytes (the same arithmetic as `addByte`).
        var (x, y) = (a, b)
        var w = v
        for _ in 0..<8 {
            let byte = w & 0xFF
            x = (x ^ byte) &* 0x0000_0100_0000_01B3
            y = (y ^ byte) &* 0x0000_0001_0000_0193 &+ 0x9E37
            w >>= 8
        }
        (a, b) = (x, y)
    }

    /// Mixes raw bytes, unframed (each as `addByte` would).
    public mutating func addBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        var (x, y) = (a, b)
        for byte in bytes {
            x = (x ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            y = (y ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9E37
        }
        (a, b) = (x, y)
    }

    /// Mixes a text, framed: its UTF-8 bytes, 0xFF, then its byte count as a word.
    public mutating func addText(_ s: String) {
        var copy = s
        let count = copy.withUTF8 { utf8 in
            addBytes(utf8)
            return utf8.count
        }
        addByte(0xFF)
        addWord(UInt64(count))
    }

    /// Mixes another hash's value (both lanes as words): a nested value.
    public mutating func add(_ other: ContentHash) {
        addWord(other.a)
        addWord(other.b)
    }

    /// Mixes `null`.
    public mutating func addNull() { addByte(0x6E) }

    /// Mixes a boolean, or `null` for nil.
    public mutating func addBool(_ value: Bool?) {
        guard let value else { return addNull() }
        addByte(value ? 0x74 : 0x66)
    }

    /// Mixes a number by its `Double` bit pattern (`-0` as `0`), or `null` for nil.
    public mutating func addNumber(_ value: Double?) {
        guard let value else { return addNull() }
        addByte(0x23)
        addWord(value == 0 ? 0 : value.bitPattern)
    }

    /// Mixes a string, or `null` for nil.
    public mutating func addString(_ value: String?) {
        guard let value else { return addNull() }
        addByte(0x22)
        addText(value)
    }

    /// The hash as 32 lower-case hex digits: lane A, then lane B.
    public var hex: String { JSONText.hex(a, b) }
}
