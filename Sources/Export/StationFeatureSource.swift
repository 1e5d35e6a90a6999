import Foundation
import GRDB
import Storage

/// Reads active stations in feature-id order as features: name and place fields, the
/// newest index, and per pollutant the newest value and its time (README, "GeoJSON").
struct StationFeatureSource {
    let store: LocateStore
    /// Data newer than this does not count (the generation time).
    let at: Date

    func forEach(_ body: (ToiletFeature) throws -> Void) throws {
        try store.reading { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT dataset, source_id, name, code, city, commune, district, province, street, lon, lat
                    FROM stations WHERE status = 'active' ORDER BY dataset, source_id
                    """)
            while let r = try rows.next() {
                let dataset: String = r[0]
                let sourceID: String = r[1]
                let lon: Double = r[9]
                let lat: Double = r[10]
                let air = try StationAir.read(db, station: sourceID, now: at)
                let id = dataset + "/" + sourceID
                var b = FeatureBytes()
                b.begin(id: id, longitude: lon, latitude: lat)
                b.text("name", r[2])
                b.text("code", r[3])
                b.text("city", r[4])
                b.text("commune", r[5])
                b.text("district", r[6])
                b.text("province", r[7])
                b.text("street", r[8])
                b.literal("index_level", air.index?.level.map(String.init))
                b.text("index_category", air.index?.category)
                b.text("index_time", air.index?.calculatedAt)
                var pollutants: [UInt8] = []
                JSONText.appendQuoted(air.readings.map(\.parameter).joined(separator: ","), to: &pollutants)
                b.literal("pollutants", String(decoding: pollutants, as: UTF8.self))
                for reading in air.readings {
                    let key = reading.parameter.lowercased().replacingOccurrences(of: ".", with: "")
                    b.dynamicKey("value_" + key)
                    b.out.append(contentsOf: JSONText.number(reading.value).utf8)
                    b.dynamicKey("time_" + key)
                    JSONText.appendQuoted(reading.measuredAt, to: &b.out)
                }
                b.text("dataset", dataset)
                b.text("source_id", sourceID)
                b.raw("}}")
                try body(ToiletFeature(id: id, longitude: lon, latitude: lat, json: b.out, stableBytes: b.out))
            }
        }
    }
}
