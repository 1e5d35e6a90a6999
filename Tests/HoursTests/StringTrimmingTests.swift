import Hours
import Places
import Testing

/// The one trimming rule: ASCII whitespace at both ends goes, anything else stays.
@Suite struct StringTrimmingTests {
    @Test(arguments: [
        ("  Karlova 1 ", "Karlova 1"), ("\tpo-pá 8-20\r\n", "po-pá 8-20"), ("a  b", "a  b"), ("   ", ""), ("", ""),
        ("\u{A0}Karlova\u{A0}", "\u{A0}Karlova\u{A0}"), (" Łódź\n", "Łódź"),
        // The byte-level fast path must agree with the Character rule: a space that makes one
        // Character with a combining mark (after it) or a prepended sign (before it) stays.
        (" \u{301}a ", " \u{301}a"), ("\u{600} ", "\u{600} "), ("x\u{0B}\u{0C}\r\n", "x"), ("\u{1F}x\u{1F}", "\u{1F}x\u{1F}"),
        ("Łódź", "Łódź"), (" a", "a"), ("\r\n", ""),
    ])
    func trims(text: String, expected: String) {
        #expect(text.trimmingSpaces == expected)
    }

    @Test(arguments: [
        ("  Gdańsk  Wzorcowa (sample) ", "Gdańsk Wzorcowa (sample)"), ("a\u{A0}\tb\nc", "a b c"), (" \t ", ""),
    ])
    func collapses(text: String, expected: String) {
        #expect(text.collapsingWhitespace == expected)
    }

    @Test(arguments: [(" x ", "x"), (" \t ", nil), ("", nil)] as [(String, String?)])
    func blankIsMissing(text: String, expected: String?) {
        #expect(text.trimmedNonBlank == expected)
    }
}
