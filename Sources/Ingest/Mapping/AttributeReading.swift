import Hours
import Places

/// Reads a source's text as the value of an attribute of the field table, by its kind:
/// yes/no (OSM `yes`/`no`), one of a choice's words (OSM `no` is `none`), or the known words
/// of a list (`;`-separated, kept in the table's order without repeats). The one reader of
/// attribute values: pipelines and the OSM profile read through it.
enum AttributeReading {
    /// Why a text is not a value of the attribute (a warning; the value is stored as unknown).
    struct Problem: Error, Equatable {
        /// The warning's text.
        let message: String
    }

    /// The value of `text` (trimmed, not blank) for `a`, or why it is none.
    static func read(_ text: String, as a: ToiletAttribute) -> Result<AttributeValue, Problem> {
        switch a.kind {
        case .triState:
            let word = text.trimmingSpaces.lowercased()
            if a.yesWords.contains(word) { return .success(.flag(true)) }
            guard word == "no" else {
                return .failure(
                    Problem(
                        message: "\(a.key) value '\(text)' not known (expected \(listed(a.yesWords + ["no"]))), stored as unknown"
                    ))
            }
            return .success(.flag(false))
        case .choice(let words):
            let word = text.trimmingSpaces.lowercased()
            if word == "no", words.contains("none") { return .success(.text("none")) }
            guard words.contains(word) else {
                return .failure(
                    Problem(
                        message: "\(a.key) value '\(text)' not known (expected \(listed(words + ["no"]))), stored as unknown"))
            }
            return .success(.text(word))
        case .list(let words):
            let given = text.split(separator: ";").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
            let unknown = given.filter { !words.contains($0) }
            guard unknown.isEmpty, !given.isEmpty else {
                return .failure(
                    Problem(
                        message: "\(a.key) value '\(text)' not known (expected \(listed(words)), several joined by ';'), "
                            + "stored as unknown"))
            }
            return .success(.text(words.filter(given.contains).joined(separator: ";")))
        case .text:
            return .success(.text(text))
        }
    }

    private static func listed(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}
