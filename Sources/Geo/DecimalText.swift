/// Numbers as people and query strings write them: decimal only. `Double(_:)` also reads
/// hexadecimal (`0x10` is 16, `0x1p4` too), `inf`, `nan` and `infinity`; every number from
/// outside (`--near`, `--bbox`, `lat=`, `radius=`, `--within`) is read here instead.
public enum DecimalText {
    /// Whether `text` is a decimal number: an optional sign, digits with an optional
    /// fraction (`12`, `-0.5`, `.5`, `5.`), and an optional exponent (`1e3`, `2.5E-4`).
    /// No spaces, no hexadecimal, no `inf` or `nan`, no decimal comma.
    public static func isDecimal(_ text: some StringProtocol) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let n = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(n)
            return n
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// `text` as a finite number when it is decimal (`isDecimal`), else nil.
    public static func number(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
