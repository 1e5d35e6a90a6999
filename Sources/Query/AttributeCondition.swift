import Foundation
public import Places

/// An attribute a toilet must have (`--with changing_table`, `--with centralkey=eurokey`,
/// `with=gender_neutral` over HTTP), for any attribute of the field table but free text:
/// `NAME` or `NAME=yes|no` for yes/no attributes, `NAME=WORD` for a choice (equal) or a list
/// (contains it). A toilet whose value is unknown never passes.
public struct AttributeCondition: Sendable, Hashable, Comparable {
    /// The attribute.
    public var attribute: ToiletAttribute
    /// The value it must have (a list attribute: a word it must contain).
    public var value: AttributeValue

    /// A condition.
    public init(_ attribute: ToiletAttribute, _ value: AttributeValue) {
        self.attribute = attribute
        self.value = value
    }

    /// Reads `NAME[=VALUE]`; the reason when it is not a condition (for
    /// `RequestProblem.badValue`).
    static func read(_ text: String) -> Result<AttributeCondition, ConditionProblem> {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let filters = ToiletAttribute.ordered.filter(\.isFilter).map(\.key)
        guard let a = ToiletAttribute(name: parts[0]) else {
            return .failure(ConditionProblem("names no attribute (known: \(filters.joined(separator: ", ")))"))
        }
        let given = parts.count > 1 ? parts[1].lowercased() : nil
        switch a.kind {
        case .triState:
            switch given {
            case nil, "yes", "true", "1": return .success(AttributeCondition(a, .flag(true)))
            case "no", "false", "0": return .success(AttributeCondition(a, .flag(false)))
            default: return .failure(ConditionProblem("\(a.key) takes yes or no"))
            }
        case .choice(let words), .list(let words):
            // OSM's `no` for a choice with `none` (centralkey=no), as the ingest reads it.
            let word = given == "no" && words.contains("none") ? "none" : given
            guard let given = word, words.contains(given) else {
                return .failure(ConditionProblem("\(a.key) takes one of \(words.joined(separator: ", ")) (\(a.key)=WORD)"))
            }
            return .success(AttributeCondition(a, .text(given)))
        case .text:
            return .failure(ConditionProblem("\(a.key) is free text, not a filter (filters: \(filters.joined(separator: ", ")))"))
        }
    }

    /// Whether `details` pass.
    public func admits(_ details: ToiletDetails) -> Bool {
        guard let have = details[attribute] else { return false }
        if case .list = attribute.kind, let word = value.text, let list = have.text {
            return list.split(separator: ";").contains { $0 == word }
        }
        return have == value
    }

    /// `changing_table`, `centralkey=eurokey`, `gender_neutral=no`: as it is asked for.
    public var text: String {
        switch value {
        case .flag(true): return attribute.key
        case .flag(false): return attribute.key + "=no"
        case .text(let word): return attribute.key + "=" + word
        }
    }

    /// Table order, then value.
    public static func < (a: AttributeCondition, b: AttributeCondition) -> Bool {
        a.attribute != b.attribute ? a.attribute < b.attribute : a.text < b.text
    }
}

/// Why a `with` text is not a condition.
struct ConditionProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
