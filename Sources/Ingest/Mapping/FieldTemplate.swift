import Hours
import Places

/// A field made of several source properties: `{addr:street} {addr:housenumber}, {addr:city}`.
///
/// Rules (docs/pipelines.md, "Field templates"): `{NAME}` stands for the property `NAME`; a property
/// that is missing or blank is dropped with the text around it, so that
/// - between two present parts stands the longest text that separated them in the template
///   (ties: the later one), so `Rue X, Paris` when the house number is missing;
/// - the text before the first part is kept only when that part is present, and likewise
///   the text after the last part;
/// - the result is trimmed, and nil when no part is present.
///
/// Braces cannot be escaped: a value with `{` or `}` is always a template.
struct FieldTemplate: Sendable, Equatable {
    /// A piece of a template.
    enum Part: Sendable, Equatable {
        case text(String)
        case property(String)
    }

    /// Why a template cannot be read.
    struct Problem: Error, Equatable {
        let reason: String
    }

    let parts: [Part]

    /// True when `value` is a template rather than a property name.
    static func isTemplate(_ value: String) -> Bool { value.contains("{") || value.contains("}") }

    /// Reads a template; it must name at least one property, each `{` closed before the next.
    init(_ template: String) throws(Problem) {
        var parts: [Part] = []
        var text = ""
        var name: String? = nil
        for c in template {
            switch (c, name) {
            case ("{", nil):
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                name = ""
            case ("{", _?): throw Problem(reason: "'{' inside a property name")
            case ("}", nil): throw Problem(reason: "'}' without an opening '{'")
            case ("}", let n?):
                let trimmed = n.trimmingSpaces
                guard !trimmed.isEmpty else { throw Problem(reason: "empty property name '{}'") }
                parts.append(.property(trimmed))
                name = nil
            case (_, let n?): name = n + String(c)
            case (_, nil): text.append(c)
            }
        }
        guard name == nil else { throw Problem(reason: "'{' is never closed") }
        if !text.isEmpty { parts.append(.text(text)) }
        guard parts.contains(where: { if case .property = $0 { true } else { false } }) else {
            throw Problem(reason: "names no property (write {NAME})")
        }
        self.parts = parts
    }

    /// The properties the template reads, in order.
    var properties: [String] {
        parts.compactMap { if case .property(let p) = $0 { p } else { nil } }
    }

    /// The text for one record; `value` gives a property's text (nil when missing).
    func render(_ value: (String) -> String?) -> String? {
        var out = ""
        var separator: String? = nil  // the longest text since the last present part
        var anyPresent = false
        var lastWasPresent = false
        var sawProperty = false
        for part in parts {
            switch part {
            case .text(let t):
                if !sawProperty {
                    out = t  // leading text, kept only if the first part is present
                } else if separator.map({ t.count >= $0.count }) ?? true {
                    separator = t
                }
            case .property(let p):
                let v = value(p)?.trimmedNonBlank
                if !sawProperty, v == nil { out = "" }
                sawProperty = true
                lastWasPresent = v != nil
                guard let v else { continue }
                if anyPresent { out += separator ?? "" }
                out += v
                anyPresent = true
                separator = nil
            }
        }
        guard anyPresent else { return nil }
        // The trailing text belongs to the last part: dropped with it.
        if lastWasPresent, case .text(let t)? = parts.last { out += t }
        return out.trimmingSpaces.isEmpty ? nil : out.trimmingSpaces
    }
}
