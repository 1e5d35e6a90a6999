import Foundation
import Hours
import Places

/// Properties of the hours readers that must hold for every input.
enum HoursFuzzing {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt
    /// Instants every expression is evaluated at: a summer noon, inside the spring-forward
    /// gap, New Year's Eve, and the ends of the calendar.
    static let instants: [Date] = [
        1_780_308_000, 1_774_744_200, 1_798_757_940, -62_135_596_800, 253_402_300_799,
    ].map { Date(timeIntervalSince1970: $0) }

    /// Czech text: never an internal error; a translation is valid OSM syntax that reads
    /// back to itself and evaluates consistently.
    static func czech(_ input: [UInt8]) -> [String] {
        let text = String(decoding: input, as: UTF8.self)
        var broken: [String] = []
        let h = CzechHours(czech: text)
        if let reason = h.reason, reason.hasPrefix("internal error") { broken.append("czech: \(reason)") }
        switch h.status {
        case .exact, .interpreted:
            if let expression = h.expression {
                broken += check(expression, context: HoursContext(timeZone: prague, country: "CZ"))
            } else {
                broken.append("czech: a translation without an expression")
            }
        case .unknown:
            if h.reason == nil { broken.append("czech: unknown without a reason") }
        case .missing:
            if text.contains(where: { !$0.isWhitespace }) { broken.append("czech: text read as missing") }
        }
        let reading = HoursReading(text)
        if reading.osm != reading.hours?.canonical {
            broken.append("hours reading: the OSM form differs from the tree's canonical one")
        }
        if let reason = reading.reason, reason.contains("internal error") { broken.append("hours reading: \(reason)") }
        if reading.status == .unknown, reading.reason == nil { broken.append("hours reading: unknown without a reason") }
        return broken
    }

    /// OSM syntax: what parses prints back to a form that parses to the same tree, and
    /// evaluates consistently (with and without a position for sun times); what the lenient
    /// mode reads without a warning, strict mode reads as the same tree, and what strict mode
    /// reads, the lenient mode reads without a warning.
    static func openingHours(_ input: [UInt8]) -> [String] {
        let text = String(decoding: input, as: UTF8.self)
        let strict = try? OpeningHours.parse(text, mode: .strict)
        guard let lenient = try? OpeningHours.parse(text, mode: .lenient) else {
            return strict == nil ? [] : ["'\(text)' is read in strict mode only"]
        }
        var broken: [String] = []
        if lenient.warnings.isEmpty, strict?.hours != lenient.hours {
            broken.append("'\(text)' has no warning but strict mode reads it differently")
        }
        if let strict, !lenient.warnings.isEmpty || strict.hours != lenient.hours {
            broken.append("'\(text)' is strict syntax but the lenient mode warns or reads it differently")
        }
        return broken + check(text, context: HoursContext(timeZone: prague, country: "CZ", latitude: 50.08, longitude: 14.42))
    }

    /// `expression` parses, its canonical form is a fixed point, and at every instant the
    /// next change is later and has another state.
    static func check(_ expression: String, context: HoursContext) -> [String] {
        let tree: OpeningHours
        do {
            tree = try OpeningHours(parsing: expression)
        } catch {
            return ["'\(expression)' does not parse: \(error)"]
        }
        var broken: [String] = []
        let canonical = tree.canonical
        switch Result(catching: { () throws(HoursSyntaxError) in try OpeningHours(parsing: canonical) }) {
        case .success(let again):
            if again != tree { broken.append("'\(canonical)' (canonical of '\(expression)') reads back differently") }
            if again.canonical != canonical { broken.append("'\(canonical)' is not its own canonical form") }
        case .failure(let error):
            broken.append("the canonical form '\(canonical)' of '\(expression)' does not parse: \(error)")
        }
        for instant in instants {
            let answer = tree.state(at: instant, in: context)
            if answer.state != tree.currentState(at: instant, in: context).state {
                broken.append("'\(expression)' at \(instant): state and currentState disagree")
            }
            guard let next = answer.nextChange else { continue }
            if next <= instant { broken.append("'\(expression)' at \(instant): next change \(next) is not later") }
            if tree.currentState(at: next, in: context).state == answer.state {
                broken.append("'\(expression)' at \(instant): the state does not change at \(next)")
            }
        }
        return broken
    }
}
