import Contract
import Foundation
import Geo
import Places
import Storage

/// Reads active stations in feature-id order as features with a fixed key set (docs/json.md):
/// name and place fields, the newest index, and for every known pollutant code the newest
/// value and its time (`value_pm10`, `measured_at_pm10`; null when not measured), and the
/// European Air Quality Index from those values (`eaqi_*`, null without `eaqi`).
struct StationFeatureSource {
    let store: LocateStore
    /// Data newer than this does not count (the generation time).
    let at: Date
    /// The EAQI rule the caller passes (nil: the `eaqi_*` properties are null).
    var eaqi: StationEAQIRule? = nil

    func forEach(_ body: (ExportedFeature) throws -> Void) throws {
        for s in try store.activeStations() {
            let air = try store.latestAir(station: s.sourceID, timeZone: s.timeZone, asOf: at)
            let q: (String?) -> String? = { $0.map(JSONText.quoted) }
            let zone = TimeZone(identifier: s.timeZone) ?? .gmt
            let e = eaqi?(air.readings, zone, at)
            var members: [(String, String?)] = [
                ("city", q(s.city)), ("code", q(s.code)), ("commune", q(s.commune)), ("dataset", q(s.dataset)),
                ("district", q(s.district)), ("eaqi_band", q(e?.band)),
                ("eaqi_calculated_at", q(e?.calculatedAt.map { InstantText.text($0, in: zone) })),
                ("eaqi_dominant_pollutant", q(e?.dominantPollutant)), ("eaqi_level", e?.level.map(String.init)),
                ("index_calculated_at", q(air.index?.calculatedAt)),
                ("index_category", q(air.index?.category)), ("index_level", air.index?.level.map(String.init)),
                ("name", q(s.name)), ("province", q(s.province)), ("source_id", q(s.sourceID)), ("street", q(s.street)),
                ("time_zone", q(s.timeZone)),
            ]
            for code in PollutantCode.known {
                let key = PollutantCode.keySuffix(code)
                let reading = air.reading(of: code)
                members.append(("value_" + key, FeatureBytes.number(reading?.value)))
                members.append(("measured_at_" + key, q(reading?.measuredAt)))
            }
            var b = FeatureBytes(keepStable: false)
            b.begin(id: s.globalID, longitude: s.coordinate.longitude, latitude: s.coordinate.latitude)
            for (k, v) in members.sorted(by: { $0.0 < $1.0 }) { b.member(named: k, json: v) }
            b.end()
            try body(
                ExportedFeature(
                    id: s.globalID, longitude: s.coordinate.longitude, latitude: s.coordinate.latitude, json: b.out,
                    stableBytes: nil))
        }
    }
}
