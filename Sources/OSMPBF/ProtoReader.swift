/// A protobuf wire-format reader over one message's bytes (protobuf encoding spec:
/// varints, zigzag, length-delimited fields). Every read is bounds-checked and every call
/// advances or throws, so a loop over fields always ends. Errors are `ProtoError` and are
/// turned into `PBFError.malformed` by the caller, who knows the file and the block.
struct ProtoReader {
    /// The wire types this format uses (fixed32/64 are skipped, groups refused).
    enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    private let base: UnsafeRawBufferPointer
    private(set) var position: Int
    private let end: Int

    /// A reader of `bytes` (valid while the reader is used).
    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes
        position = 0
        end = bytes.count
    }

    private init(base: UnsafeRawBufferPointer, start: Int, end: Int) {
        self.base = base
        position = start
        self.end = end
    }

    /// True when every byte was read.
    var isAtEnd: Bool { position >= end }

    /// The bytes not yet read.
    var remaining: Int { end - position }

    /// How many varints the unread bytes hold (each ends with a byte under 0x80): the
    /// element count of a packed field, without decoding it.
    var varintCount: Int {
        guard position < end else { return 0 }
        return UnsafeRawBufferPointer(rebasing: base[position..<end]).reduce(0) { $1 < 0x80 ? $0 + 1 : $0 }
    }

    /// A reader of no bytes.
    static var empty: ProtoReader { ProtoReader(UnsafeRawBufferPointer(start: nil, count: 0)) }

    /// The next field's number and wire type, or nil at the end of the message.
    mutating func nextField() throws(ProtoError) -> (number: Int, type: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        let number = Int(truncatingIfNeeded: key >> 3)
        guard number > 0, key >> 3 <= 536_870_911 else { throw ProtoError("field number \(key >> 3) out of range") }
        guard let type = WireType(rawValue: UInt8(key & 7)) else {
            throw ProtoError("field \(number) has wire type \(key & 7), not one of 0, 1, 2, 5")
        }
        return (number, type)
    }

    /// A base-128 varint (at most 10 bytes).
    @inline(__always)
    mutating func varint() throws(ProtoError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw ProtoError("varint runs past the end of the message") }
            let byte = base[position]
            position += 1
            if shift == 63 && byte > 1 { throw ProtoError("varint longer than 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A zigzag-encoded signed varint (`sint32`, `sint64`).
    @inline(__always)
    mutating func signedVarint() throws(ProtoError) -> Int64 { zigzag(try varint()) }

    /// A plain varint read as a two's-complement `int64`/`int32`.
    mutating func int64() throws(ProtoError) -> Int64 { Int64(bitPattern: try varint()) }

    /// The bytes of a length-delimited field as a reader of their own.
    mutating func message() throws(ProtoError) -> ProtoReader {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw ProtoError("length \(length) runs past the end of the message (\(end - position) bytes left)")
        }
        let start = position
        position += Int(length)
        return ProtoReader(base: base, start: start, end: position)
    }

    /// Where a length-delimited field's bytes lie in the buffer the first reader was made on.
    mutating func range() throws(ProtoError) -> Range<Int> {
        let sub = try message()
        return sub.position..<sub.end
    }

    /// The bytes of a length-delimited field.
    mutating func bytes() throws(ProtoError) -> UnsafeRawBufferPointer {
        let sub = try message()
        return UnsafeRawBufferPointer(rebasing: base[sub.position..<sub.end])
    }

    /// A length-delimited field as UTF-8 text (invalid sequences replaced).
    mutating func string() throws(ProtoError) -> String { String(decoding: try bytes(), as: UTF8.self) }

    /// Skips a field of `type`.
    mutating func skip(_ type: WireType) throws(ProtoError) {
        switch type {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try message()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        }
    }

    private mutating func advance(_ n: Int) throws(ProtoError) {
        guard n <= end - position else { throw ProtoError("fixed field runs past the end of the message") }
        position += n
    }

    /// Reads a repeated varint field into `out`, packed (wire type 2) or one value (type 0);
    /// `transform` turns each raw varint into the stored value.
    mutating func repeated<T>(_ type: WireType, into out: inout [T], _ transform: (UInt64) -> T) throws(ProtoError) {
        switch type {
        case .varint: out.append(transform(try varint()))
        case .lengthDelimited:
            var sub = try message()
            while !sub.isAtEnd { out.append(transform(try sub.varint())) }
        default: throw ProtoError("a repeated number has wire type \(type.rawValue)")
        }
    }
}

/// A wire-format problem, as a message fragment; `overBudget` when the bytes are well formed
/// but would cost more memory decoded than the reader allows.
struct ProtoError: Error {
    let reason: String
    let overBudget: Bool
    init(_ reason: String, overBudget: Bool = false) {
        self.reason = reason
        self.overBudget = overBudget
    }
}

/// Zigzag decoding of a raw varint (`sint64`).
@inline(__always)
func zigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }

/// Runs `body` over the bytes of `array` with `body`'s typed error (the standard library's
/// `withUnsafeBytes` rethrows untyped).
func withBytes<T>(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ProtoError) -> T) throws(ProtoError) -> T {
    let result: Result<T, ProtoError> = array.withUnsafeBytes { b in Result { () throws(ProtoError) -> T in try body(b) } }
    return try result.get()
}
