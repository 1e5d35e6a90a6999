import Foundation
public import Geo
import Hours
public import Places
public import Storage

/// When two records of different datasets are the same toilet (docs/guide.md, "Several datasets in
/// one answer"), and when a record joins a place of several: within 5 m whatever their text, or within 15 m when a name or address of
/// one agrees with a name or address of the other. Texts agree when, lower-cased, without
/// diacritics and with every run of other characters than letters and digits made one
/// space, one contains the other and the shorter has at least 4 characters. Records of the
/// same dataset are never the same place (a source lists each of its toilets once); a record
/// joins a place when it matches one of its records and no record of its dataset is there.
public enum SamePlace {
    /// Within this distance, any two records of different datasets are one place.
    public static let anyTextMeters = 5.0
    /// Within this distance, records whose name or address agree are one place.
    public static let agreeingTextMeters = 15.0

    /// Whether `a` and `b`, `distanceMeters` apart, are one place.
    public static func matches(_ a: StoredToilet, _ b: StoredToilet, distanceMeters d: Double) -> Bool {
        guard a.dataset != b.dataset, d <= agreeingTextMeters else { return false }
        if d <= anyTextMeters { return true }
        let left = [a.name, a.address].compactMap { $0.flatMap(folded) }
        let right = [b.name, b.address].compactMap { $0.flatMap(folded) }
        return left.contains { l in right.contains { r in agree(l, r) } }
    }

    /// Whether `a` and `b` are one place (their geodesic distance computed here).
    public static func matches(_ a: StoredToilet, _ b: StoredToilet, geodesic: Geodesic) -> Bool {
        guard a.dataset != b.dataset,
            abs(a.coordinate.latitude - b.coordinate.latitude) < 0.001,
            abs(a.coordinate.longitude - b.coordinate.longitude) < 0.002
        else { return false }
        return matches(a, b, distanceMeters: geodesic.distance(from: a.coordinate, to: b.coordinate))
    }

    /// Whether `t` joins the place of `records`: no record of its dataset is there yet and it
    /// is the same place as one of them.
    public static func joins(_ t: StoredToilet, _ records: [StoredToilet], geodesic: Geodesic) -> Bool {
        !records.contains { $0.dataset == t.dataset } && records.contains { matches($0, t, geodesic: geodesic) }
    }

    /// Whether two folded texts agree: one contains the other, the shorter of 4 characters or more.
    static func agree(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return short.count >= 4 && long.contains(short)
    }

    /// The comparable form of a text, nil when nothing is left.
    static func folded(_ text: String) -> String? {
        let plain = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var out = ""
        var space = false
        for c in plain {
            if c.isLetter || c.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                out.append(c)
                space = false
            } else {
                space = true
            }
        }
        return out.isEmpty ? nil : out
    }

    /// One place from its records, nearest (the one the search found) first: each attribute
    /// from the first record that has it; hours (with what verified them) and price each as
    /// one group; the place's verification the newest of its records'.
    public static func merged(_ records: [StoredToilet]) -> StoredToilet {
        guard var m = records.first else { preconditionFailure("a place has at least one record") }
        for r in records.dropFirst() {
            if m.name == nil { m.name = r.name }
            if m.address == nil { m.address = r.address }
            if m.hoursStatus == .missing && r.hoursStatus != .missing {
                (m.hoursText, m.hoursOSM, m.hoursStatus) = (r.hoursText, r.hoursOSM, r.hoursStatus)
                (m.hoursVerifiedAt, m.hoursVerifiedBy) = (r.hoursVerifiedAt, r.hoursVerifiedBy)
            }
            // Instants in UTC of one width: the text order is the time order.
            if let at = r.verifiedAt, at > (m.verifiedAt ?? "") { (m.verifiedAt, m.verifiedBy) = (at, r.verifiedBy) }
            if m.isFree == nil && m.priceText == nil {
                (m.priceText, m.priceAmount, m.priceCurrency, m.isFree) = (r.priceText, r.priceAmount, r.priceCurrency, r.isFree)
            }
            if m.wheelchair == .unknown { m.wheelchair = r.wheelchair }
            if m.kind == nil { m.kind = r.kind }
            if m.locationDetail == nil { m.locationDetail = r.locationDetail }
            if m.country == nil { m.country = r.country }
            var d = m.details
            let o = r.details
            if d.access == .unknown { d.access = o.access }
            for a in ToiletAttribute.ordered where d[a] == nil { d[a] = o[a] }
            m.details = d
        }
        return m
    }
}
