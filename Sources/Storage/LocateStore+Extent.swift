import GRDB
public import Geo

extension LocateStore {
    /// The smallest box holding every active toilet, or nil when there is none (the
    /// default service region of `locate serve`'s submissions).
    public func activeToiletExtent() throws -> BoundingBox? {
        let lat = ToiletRow.CodingKeys.lat.rawValue
        let lon = ToiletRow.CodingKeys.lon.rawValue
        return try read { db in
            let r = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*) AS n, min(\(lat)) AS s, min(\(lon)) AS w, max(\(lat)) AS north, max(\(lon)) AS e
                    FROM toilets WHERE \(PlaceStatus.isActive())
                    """)
            guard let r, (r["n"] as Int? ?? 0) > 0, let s: Double = r["s"], let w: Double = r["w"],
                let n: Double = r["north"], let e: Double = r["e"]
            else { return nil }
            return BoundingBox(minLongitude: w, minLatitude: s, maxLongitude: e, maxLatitude: n)
        }
    }
}
