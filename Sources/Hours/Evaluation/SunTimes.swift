import Contract
import Foundation

/// Sunrise, sunset and civil twilight from the NOAA solar equations (accurate to about a
/// minute between the polar circles), in local wall-clock minutes.
enum SunTimes {
    static func localMinutes(_ event: SunEvent, day: CivilDay, latitude: Double, longitude: Double, offsets: ZoneOffsets) -> Int?
    {
        // Outside the globe (or NaN) no sun times exist; this also keeps every result an Int.
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let zenith: Double
        let rising: Bool
        switch event {
        case .dawn: (zenith, rising) = (96, true)
        case .sunrise: (zenith, rising) = (90.833, true)
        case .sunset: (zenith, rising) = (90.833, false)
        case .dusk: (zenith, rising) = (96, false)
        }
        // Julian century at local noon.
        let jd = Double(day.number) + 2_440_587.5 + 0.5 - longitude / 360
        let t = (jd - 2_451_545) / 36525
        let l0 = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let m = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let rad = Double.pi / 180
        let c =
            sin(m * rad) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * m * rad) * (0.019993 - 0.000101 * t)
            + sin(3 * m * rad) * 0.000289
        let trueLong = l0 + c
        let omega = 125.04 - 1934.136 * t
        let lambda = trueLong - 0.00569 - 0.00478 * sin(omega * rad)
        let eps0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let eps = eps0 + 0.00256 * cos(omega * rad)
        let decl = asin(sin(eps * rad) * sin(lambda * rad))
        let y = pow(tan(eps * rad / 2), 2)
        let eqTime =
            4 / rad
            * (y * sin(2 * l0 * rad) - 2 * e * sin(m * rad) + 4 * e * y * sin(m * rad) * cos(2 * l0 * rad)
                - 0.5 * y * y * sin(4 * l0 * rad) - 1.25 * e * e * sin(2 * m * rad))
        let cosH = (cos(zenith * rad) - sin(latitude * rad) * sin(decl)) / (cos(latitude * rad) * cos(decl))
        guard cosH >= -1, cosH <= 1 else { return nil }  // the sun never reaches that angle today
        let hourAngle = acos(cosH) / rad
        let noonUTC = 720 - 4 * longitude - eqTime
        let utcMinutes = rising ? noonUTC - 4 * hourAngle : noonUTC + 4 * hourAngle
        let offset = offsets.offset(at: day.number * 86400 + 43200) / 60
        return Int((utcMinutes + Double(offset)).rounded())
    }
}
