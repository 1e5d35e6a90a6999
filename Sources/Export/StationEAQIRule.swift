public import Foundation
public import Storage

/// The European Air Quality Index of a station as its map feature carries it (the flat
/// `eaqi_level`, `eaqi_band`, `eaqi_dominant_pollutant`, `eaqi_calculated_at` properties,
/// docs/json.md): the station's newest values (`readings`, in its zone) as of an instant give
/// the level, its band name, the pollutant that sets it and the newest judged instant; nil
/// when no pollutant of the index's table was measured. The caller passes the one
/// implementation (Query's `EuropeanAirQualityIndex.headline`): Export does not depend on
/// Query. Without a rule the properties are null.
public typealias StationEAQIRule =
    @Sendable (_ readings: [StationAir.Reading], _ zone: TimeZone, _ now: Date) -> (
        level: Int?, band: String?, dominantPollutant: String?, calculatedAt: Date?
    )?
