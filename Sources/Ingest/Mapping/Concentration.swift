import Contract
import Foundation
import Places
import Storage

/// Turns a source's values into µg/m³, the unit every norm and the EAQI use, and says how:
/// gases in ppb or ppm are converted at 20 °C and 1013.25 hPa, the standard conditions EU
/// law states gas volumes in (Directive 2008/50/EC, Annex VI, standardisation: 293 K and 101.3 kPa):
/// 1 ppb = M / 24.0553 µg/m³, with M the molar mass in g/mol and 24.0553 L/mol the molar
/// volume of an ideal gas there (R·T/p). Any other unit is refused: values are never mixed.
enum Concentration {
    /// Litres per mole of an ideal gas at 293.15 K and 101.325 kPa.
    static let molarVolume = 8.314_462_618 * 293.15 / 101.325

    /// Molar masses (g/mol) of the gases a ppb or ppm value can be converted for.
    static let molarMass: [String: Double] = [
        "NO2": 46.0055, "O3": 47.9982, "SO2": 64.064, "CO": 28.010, "NO": 30.006,
    ]

    /// How one sensor's values become µg/m³: multiply by `factor`; `conversion` names the
    /// rule (nil when they already are µg/m³).
    struct Rule: Equatable {
        var factor: Double
        var conversion: String?
    }

    /// The rule for values of `code` (`NO2`) reported in `unit`, or why there is none.
    static func rule(unit: String, code: String) -> Result<Rule, OpenAQReader.Problem> {
        let u = unit.lowercased().replacingOccurrences(of: "³", with: "3").replacingOccurrences(of: "μ", with: "µ")
        switch u {
        case "µg/m3", "ug/m3":
            return .success(Rule(factor: 1, conversion: nil))
        case "mg/m3":
            return .success(Rule(factor: 1000, conversion: "mg/m³ × 1000"))
        case "ppb", "ppm":
            guard let m = molarMass[code] else {
                return .failure(
                    OpenAQReader.Problem(
                        field: "units", reason: "\(code) in \(unit) cannot be converted to µg/m³ (no molar mass)"))
            }
            let perPPB = m / molarVolume
            let factor = u == "ppm" ? perPPB * 1000 : perPPB
            let shown = JSONText.number((factor * 10_000).rounded() / 10_000)
            return .success(
                Rule(
                    factor: factor, conversion: "\(u) × \(shown) (\(code), \(JSONText.number(m)) g/mol, at 20 °C and 1013.25 hPa)"
                ))
        default:
            return .failure(
                OpenAQReader.Problem(field: "units", reason: "unit '\(unit)' of \(code) is not a concentration locate converts"))
        }
    }

    /// The pollutant code of an OpenAQ parameter name (`pm25` → `PM2.5`, `no2` → `NO2`).
    static func code(ofParameter name: String) -> String {
        if let known = PollutantCode.canonical(name) { return known }
        return name == "nox" ? "NOx" : name.uppercased()
    }
}
