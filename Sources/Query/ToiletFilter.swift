public import Foundation
public import Geo
public import Places
import SpatialIndex
import Storage

/// Which toilets a query keeps. Restricted toilets (`access` private, no, permit, key, …)
/// are never kept.
public struct ToiletFilter: Sendable, Equatable {
    /// Only wheelchair-accessible (wheelchair = yes).
    public var wheelchair: Bool
    /// Only free ones (price text says free).
    public var free: Bool
    /// Only within this many metres.
    public var maxDistanceMeters: Double?
    /// Not customers-only ones (`--public`); toilets whose access is unknown are kept.
    public var publicOnly: Bool
    /// The attributes a toilet must have (`--with`; `--changing-table` and `--unisex` are
    /// `changing_table` and `unisex`), sorted, without repeats.
    public var attributes: [AttributeCondition]
    /// Only free ones or those priced at most this (in its currency; `--max-price`).
    public var maxPrice: PriceLimit?
    /// Only records of these datasets (`--dataset`, repeatable); nil: every active dataset.
    public var datasets: Set<String>?
    /// Only toilets inside this box (`--bbox`).
    public var box: SearchBox?
    /// Only toilets whose name, address or operator contains this text, case and diacritics
    /// ignored (`--name`); kept folded (`ToiletFilter.fold`), nil or never empty.
    public private(set) var name: String?
    /// Only toilets verified within this many seconds before the asked time (`--verified-within`,
    /// `verified_within=`; `Verification`); nil: verified or not. The request's answer sets
    /// `verifiedSince` from it at the asked time.
    public var verifiedWithin: TimeInterval?
    /// The instant `verifiedWithin` counts back to: an RFC 3339 instant in UTC, compared with
    /// `verified_at` as text (both written by `InstantText.utc`). A toilet never verified never
    /// passes.
    public var verifiedSince: String?

    /// Creates a filter; the default keeps every toilet that is not restricted.
    public init(
        wheelchair: Bool = false, free: Bool = false, maxDistanceMeters: Double? = nil, publicOnly: Bool = false,
        attributes: [AttributeCondition] = [], maxPrice: PriceLimit? = nil, datasets: Set<String>? = nil,
        box: SearchBox? = nil, name: String? = nil
    ) {
        self.datasets = datasets
        self.box = box
        self.name = name.map(ToiletFilter.fold).flatMap { $0.isEmpty ? nil : $0 }
        self.wheelchair = wheelchair
        self.free = free
        self.maxDistanceMeters = maxDistanceMeters
        self.publicOnly = publicOnly
        self.attributes = Array(Set(attributes)).sorted()
        self.maxPrice = maxPrice
    }

    var requiredFlags: PointFlags {
        var f: PointFlags = []
        if wheelchair { f.insert(.wheelchair) }
        if free { f.insert(.free) }
        if attributes.contains(AttributeCondition(.changingTable, .flag(true))) { f.insert(.changingTable) }
        if attributes.contains(AttributeCondition(.unisex, .flag(true))) { f.insert(.unisex) }
        return f
    }

    var forbiddenFlags: PointFlags { publicOnly ? [.restricted, .customers] : [.restricted] }

    /// Whether the index flags of a toilet pass (everything but the price limit).
    func accepts(_ flags: PointFlags) -> Bool {
        flags.isSuperset(of: requiredFlags) && flags.isDisjoint(with: forbiddenFlags)
    }

    /// Whether a position passes the box (true without one).
    func accepts(_ position: Coordinate) -> Bool { box?.contains(position) ?? true }

    /// How far the search goes from `point`: `maxDistanceMeters`, and no farther than the
    /// box's farthest point (nil: no bound).
    func searchRadius(from point: Coordinate, geodesic: Geodesic) -> Double? {
        let bounds = [maxDistanceMeters, box.flatMap { $0.farthestMeters(from: point, geodesic: geodesic) }].compactMap {
            $0
        }
        return bounds.min()
    }

    /// Text as `--name` compares it: lower case, without diacritics (`Staroměstské` →
    /// `staromestske`; Polish ł → l), each run of white space one space, trimmed.
    static func fold(_ text: String) -> String {
        StationRecord.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether the toilet's name, address or operator contains `name` (true without it).
    func acceptsName(_ t: StoredToilet) -> Bool {
        guard let name else { return true }
        return [t.name, t.address, t.details.text(.operatorName)].contains { text in
            text.map { ToiletFilter.fold($0).contains(name) } ?? false
        }
    }

    /// Whether a stored toilet passes the attributes, the price limit, the dataset list and
    /// the name (true without them).
    func acceptsRow(_ t: StoredToilet) -> Bool {
        if let datasets, !datasets.contains(t.dataset) { return false }
        for c in attributes where !c.admits(t.details) { return false }
        if !acceptsName(t) { return false }
        if let verifiedSince {
            guard let at = t.verifiedAt, at >= verifiedSince else { return false }
        }
        guard let maxPrice else { return true }
        return maxPrice.admits(t)
    }
}

/// `--max-price 0.50EUR`: a toilet passes when it is free, or when its parsed amount is in
/// this currency and at most this amount. A price in another currency, or with no parsed
/// amount (`fee=yes` alone), never passes: amounts are never converted or guessed.
public struct PriceLimit: Sendable, Equatable {
    /// The largest amount.
    public var amount: Double
    /// ISO 4217 code (`EUR`, `CZK`).
    public var currency: String

    /// A limit.
    public init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// Reads `0.50EUR`, `0.5 EUR`, `20 CZK`, `1€`, `20Kč` (decimal point or comma); nil for
    /// anything else, a negative or a non-finite amount, or a missing currency.
    public init?(text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        let digits = t.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        let rest = t.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).uppercased()
        guard !digits.isEmpty, let a = Double(digits.replacingOccurrences(of: ",", with: ".")), a.isFinite, a >= 0 else {
            return nil
        }
        switch rest {
        case "€": currency = "EUR"
        case "KČ": currency = "CZK"
        case let code where code.count == 3 && code.allSatisfy({ $0.isASCII && $0.isLetter }): currency = code
        default: return nil
        }
        amount = a
    }

    /// True when `t` is free, or priced in this currency at most `amount`.
    func admits(_ t: StoredToilet) -> Bool {
        if t.isFree == true { return true }
        guard let a = t.priceAmount, t.priceCurrency == currency else { return false }
        return a <= amount
    }
}
