import Hours
import Testing

/// The one trimming rule: ASCII whitespace at both ends goes, anything else stays.
@Suite struct StringTrimmingTests {
    @Test(arguments: [
        ("  Karlova 1 ", "Karlova 1"), ("\tpo-pá 8-20\r\n", "po-pá 8-20"), ("a  b", "a  b"), ("   ", ""), ("", ""),
        ("\u{A0}Karlova\u{A0}", "\u{A0}Karlova\u{A0}"), (" Łódź\n", "Łódź"),
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
