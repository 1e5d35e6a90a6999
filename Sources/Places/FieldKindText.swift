/// The kinds of the field table as text (`ToiletRowFile`'s layout hash): what
/// `String(describing:)` writes for them, `choice(["yes", "no"])`, spelled out. The
/// runtime's reflection behind `String(describing:)` looks for the type's conformances
/// among every conformance record of the binary at its first use: 8.9 M of a query's
/// 20.6 M instructions (valgrind, 2026-12-03). `FieldKindTextTests` checks that the two
/// texts agree for every field, so the layout hash, and every row file written, stays the
/// same.
extension ToiletAttribute.Kind {
    /// The kind as `String(describing:)` writes it.
    public var layoutText: String {
        switch self {
        case .triState: "triState"
        case .choice(let words): "choice(" + describedWords(words) + ")"
        case .list(let words): "list(" + describedWords(words) + ")"
        case .text: "text"
        }
    }
}

extension ToiletColumn.Kind {
    /// The kind as `String(describing:)` writes it.
    package var layoutText: String {
        switch self {
        case .text: "text"
        case .requiredText: "requiredText"
        case .real: "real"
        case .flag: "flag"
        case .choice(let words): "choice(" + describedWords(words) + ")"
        }
    }
}

/// `["a", "b"]`: an array of words as `String(describing:)` writes it, for words that it
/// writes unescaped (no quote, apostrophe, backslash or control character: every word of the
/// field table; `FieldKindTextTests` fails for one that is not).
private func describedWords(_ words: [String]) -> String {
    "[" + words.map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
}
