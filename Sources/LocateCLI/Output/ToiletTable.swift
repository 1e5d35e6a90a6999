import Foundation
import Geo
import Query

/// The human table of toilet results.
enum ToiletTable {
    static func render(_ results: [ToiletResult]) -> String {
        var t = Table(headers: ["#", "distance", "dir", "place", "hours", "price", "wheelchair"], rightAligned: [0, 1])
        for (i, r) in results.enumerated() {
            let place = [r.name, r.address].compactMap { $0 }.joined(separator: ", ")
            t.rows.append([
                "\(i + 1)", distance(r.distanceMeters), compass(r.bearingDegrees),
                clip(
                    place.isEmpty
                        ? String(format: "(no address) %.5f,%.5f", r.coordinate.latitude, r.coordinate.longitude) : place, 44),
                clip(r.hours.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "?", 40),
                price(r), r.wheelchair,
            ])
        }
        return t.render()
    }

    static func distance(_ m: Double) -> String {
        m < 1000 ? "\(Int(m.rounded())) m" : String(format: "%.2f km", m / 1000)
    }

    static func compass(_ bearing: Double) -> String {
        let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        return names[Int((bearing + 22.5) / 45) % 8]
    }

    static func price(_ r: ToiletResult) -> String {
        if r.isFree == true { return "free" }
        if let a = r.priceAmount {
            let amount = a == a.rounded() ? "\(Int(a))" : "\(a)"
            return "\(amount) \(r.priceCurrency ?? "")".trimmingCharacters(in: .whitespaces)
        }
        return "?"
    }

    static func clip(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
}
