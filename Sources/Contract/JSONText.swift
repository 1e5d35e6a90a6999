public import Foundation

/// JSON text helpers shared by every module that writes JSON (RFC 8259).
public enum JSONText {
    /// Appends `s` as a JSON string literal (quotes, escapes for `"`, `\`, control characters
    /// and U+2028/U+2029, which older JavaScript cannot hold in a string; everything else stays
    /// UTF-8), copying runs of plain bytes at once.
    public static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        var copy = s
        copy.withUTF8 { appendQuoted(utf8: $0, to: &bytes) }
    }

    /// `appendQuoted` for text given as its (valid) UTF-8 bytes.
    public static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var runStart = 0
        for i in 0..<utf8.count {
            let b = utf8[i]
            if b == 0xE2, i + 2 < utf8.count, utf8[i + 1] == 0x80, utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                bytes += Array("\\u202".utf8) + [utf8[i + 2] == 0xA8 ? 0x38 : 0x39]
                runStart = i + 3
                continue
            }
            guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            switch b {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            default: bytes += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(b >> 4)], hexDigits[Int(b & 0xF)]]
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(0x22)
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A coordinate in degrees with at most 7 decimals (about 1 cm), trailing zeros dropped:
    /// the same value always prints the same text.
    public static func degrees(_ v: Double) -> String {
        var scaled = (v * 10_000_000).rounded()
        if scaled == 0 { scaled = 0 }  // no "-0"
        let negative = scaled < 0
        let whole = Int64(abs(scaled))
        var frac = String(whole % 10_000_000)
        frac = String(repeating: "0", count: 7 - frac.count) + frac
        while frac.last == "0" { frac.removeLast() }
        return (negative ? "-" : "") + String(whole / 10_000_000) + (frac.isEmpty ? "" : "." + frac)
    }

    /// A finite number in the shortest form that reads back to the same value (`5`, `0.5`).
    public static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The lower-case hex digit of the low four bits of `v`.
    @inline(__always) private static func hexDigit(_ v: UInt64) -> UInt8 {
        let d = UInt8(truncatingIfNeeded: v & 0xF)
        return d < 10 ? 0x30 + d : 0x57 + d
    }

    /// Two 64-bit words as 32 lower-case hex digits, zero-padded (fingerprints).
    public static func hex(_ a: UInt64, _ b: UInt64) -> String {
        // Written into a stack buffer and read as ASCII: no array of the two words, and
        // no validating initialiser (both showed in ingest profiles: two hashes per record).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            for i in 0..<16 {
                let shift = UInt64(60 - 4 * i)
                buffer[i] = hexDigit(a >> shift)
                buffer[16 + i] = hexDigit(b >> shift)
            }
            return String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
        }
    }
}

/// Numbers as the JSON contract writes them (docs/json.md), for every document and both
/// encoders (`Encodable` and the server's direct writer): written once here.
public enum JSONNumber {
    /// Degrees with at most 7 decimals (about 1 cm).
    public static func degrees(_ v: Double) -> Double { rounded(v, places: 7) }

    /// `v` rounded to `places` decimals (distances and bearings: 1).
    public static func rounded(_ v: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (v * scale).rounded() / scale
    }
}

extension JSONText {
    /// `value` as the contract's JSON (docs/json.md, `ContractJSON`): keys sorted, so the
    /// same value always gives the same bytes, and `/` unescaped; `pretty` indents it (command
    /// answers, the bookmarks file), else it is compact (stored values, exports, the map's
    /// data, the server's answers).
    public static func encoded(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        Data(try ContractJSON.encode(value, pretty: pretty))
    }
}
