import Hours
import Places
import Storage

/// The price of an OSM toilet from its `fee` and `charge` tags (OSM wiki, Key:fee and
/// Key:charge). Rules (docs/pipelines.md, "OSM profile"):
/// - `fee=no` is free; `fee=donation` is free too (nobody has to pay), with the text kept;
/// - `fee=yes` is not free; the amount and currency come from `charge` (`0.50 EUR`,
///   `1.5 €`), else the amount is unknown;
/// - a `fee` that is itself an amount (`0.20`, `€ 1.0`) is read as one;
/// - without `fee`, a `charge` with an amount is the price (0 is free);
/// - anything else is not understood (a warning); neither tag: nothing known, no warning
///   (OSM tags are optional).
///
/// The price text kept is the tags as written: `fee=yes; charge=0.50 EUR`.
enum OSMPrice {
    /// The price, its text, and whether the tags were understood.
    static func read(fee: String?, charge: String?) -> (price: PriceText, text: String?, understood: Bool) {
        let f = fee?.trimmedNonBlank
        let c = charge?.trimmedNonBlank
        let text = [f.map { "fee=" + $0 }, c.map { "charge=" + $0 }].compactMap { $0 }.joined(separator: "; ")
        guard !text.isEmpty else { return (.none, nil, true) }
        let fromCharge = c.map { PriceText($0) }
        let chargeAmount = fromCharge?.amount
        switch f?.lowercased() {
        case "no"?, "donation"?:
            return (PriceText(isFree: true, amount: nil, currency: nil), text, true)
        case "yes"?:
            return (
                PriceText(isFree: false, amount: chargeAmount, currency: chargeAmount == nil ? nil : fromCharge?.currency),
                text, c == nil || chargeAmount != nil
            )
        case let other?:
            let p = PriceText(other)
            return (p, text, p.isFree != nil)
        case nil:
            guard let c else { return (.none, nil, true) }
            if c.lowercased() == "no" { return (PriceText(isFree: true, amount: nil, currency: nil), text, true) }
            guard let amount = chargeAmount else { return (.none, text, false) }
            return (PriceText(isFree: amount == 0, amount: amount, currency: fromCharge?.currency), text, true)
        }
    }
}

extension ToiletAccess {
    /// Reads an OSM `access` value (OSM wiki, Key:access): nil for a value it does not know
    /// (reported as a warning, stored as `unknown`).
    init?(osm text: String) {
        switch text.trimmingSpaces.lowercased() {
        case "yes", "public", "permissive", "designated": self = .public
        case "customers": self = .customers
        case "private", "no", "permit", "key", "employees", "staff", "residents", "members", "delivery", "military":
            self = .restricted
        case "unknown": self = .unknown
        default: return nil
        }
    }
}

/// OSM `yes`/`no` values (OSM wiki, Key:unisex, Key:changing_table): nil for any other value.
enum OSMBoolean {
    static func read(_ text: String) -> Bool? {
        switch text.trimmingSpaces.lowercased() {
        case "yes": return true
        case "no": return false
        default: return nil
        }
    }
}
