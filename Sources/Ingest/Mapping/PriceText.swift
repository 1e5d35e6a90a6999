import Foundation
import Hours
import Places

/// What a free-text price says: free or not, and the first amount with its currency.
///
/// Rules (documented in docs/pipelines.md): `zdarma`, `free`, `dobrovolné` (voluntary) alone mean
/// free; a text that is free only for some people (`pro zákazníky zdarma, ostatní 5 Kč`) is
/// not free and takes the amount the others pay; in `8/5 Kč` the first amount (8) is the
/// price; `Kč` and `CZK` are CZK, `E`, `€` and `EUR` are EUR; the first amount with a
/// currency wins (`10 Kč/0,5 E` is 10 CZK).
public struct PriceText: Sendable, Equatable {
    /// True when free for everybody, false when a price applies, nil when not understood.
    public var isFree: Bool?
    /// The amount, when the text names one.
    public var amount: Double?
    /// ISO 4217 code of `amount`.
    public var currency: String?

    /// No price text.
    static let none = PriceText(isFree: nil, amount: nil, currency: nil)

    init(isFree: Bool?, amount: Double?, currency: String?) {
        self.isFree = isFree
        self.amount = amount
        self.currency = currency
    }

    /// Interprets a price text; blank text gives all nil.
    public init(_ text: String) {
        let lower = text.lowercased()
        let (amount, currency) = PriceText.firstAmount(in: Array(lower.unicodeScalars))
        self.amount = amount
        self.currency = currency
        let saysFree = lower.contains("zdarma") || lower.contains("free") || lower.contains("dobrovoln")
        if amount != nil {
            isFree = false
        } else if saysFree {
            isFree = true
        } else if let n = Double(lower.trimmingSpaces.replacingOccurrences(of: ",", with: ".")), n.isFinite, n >= 0 {
            // A bare number: OSM-style fee without currency; 0 means free. Not understood:
            // `nan` and `inf` (which Double reads) and negative amounts.
            self.amount = n + 0  // -0 as 0
            isFree = n == 0
        } else {
            isFree = nil
        }
    }

    private static func firstAmount(in s: [Unicode.Scalar]) -> (Double?, String?) {
        var i = 0
        while i < s.count {
            guard s[i].properties.numericType != nil, ("0"..."9").contains(s[i]) else {
                if s[i] == "€" {
                    // `€ 1.0`: currency before the number.
                    var j = i + 1
                    while j < s.count, s[j] == " " { j += 1 }
                    if let (n, _) = number(s, from: j) { return (n, "EUR") }
                }
                i += 1
                continue
            }
            guard let (first, afterFirst) = number(s, from: i) else {
                i += 1
                continue
            }
            // Skip `/5/10` alternatives and `,-`, then look for a currency word.
            var j = afterFirst
            while j < s.count, s[j] == "/", let (_, next) = number(s, from: j + 1) { j = next }
            while j < s.count, s[j] == " " || s[j] == "," || s[j] == "-" { j += 1 }
            if let c = currency(s, at: j) { return (first, c) }
            i = afterFirst
        }
        return (nil, nil)
    }

    private static func number(_ s: [Unicode.Scalar], from start: Int) -> (Double, Int)? {
        var j = start
        var text = ""
        while j < s.count, ("0"..."9").contains(s[j]) {
            text.unicodeScalars.append(s[j])
            j += 1
        }
        guard !text.isEmpty else { return nil }
        if j + 1 < s.count, s[j] == "," || s[j] == ".", ("0"..."9").contains(s[j + 1]) {
            text += "."
            j += 1
            while j < s.count, ("0"..."9").contains(s[j]) {
                text.unicodeScalars.append(s[j])
                j += 1
            }
        }
        guard let v = Double(text) else { return nil }
        return (v, j)
    }

    private static func currency(_ s: [Unicode.Scalar], at j: Int) -> String? {
        let rest = String(String.UnicodeScalarView(s[j..<min(s.count, j + 3)]))
        if rest.hasPrefix("kč") || rest.hasPrefix("czk") { return "CZK" }
        if rest.hasPrefix("eur") || rest.hasPrefix("€") { return "EUR" }
        if rest.hasPrefix("e"), rest.count == 1 || !(rest.unicodeScalars.dropFirst().first?.properties.isAlphabetic ?? false) {
            return "EUR"
        }
        return nil
    }
}
