import Ingest
import Places
import Testing

/// The one rule for text that reaches a terminal (issue 36 item 6): characters that act
/// instead of showing are escaped; everything else, accents and scripts included, is kept.
@Suite struct TextEscapeTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}\u{1B}[2J", "\\u{1B}]0;pwned\\u{7}\\u{1B}[2J"),
        ("evil\u{202E}gpj.exe", "evil\\u{202E}gpj.exe"),
        ("a\u{2066}b\u{2069}c\u{200F}d\u{061C}", "a\\u{2066}b\\u{2069}c\\u{200F}d\\u{61C}"),
        ("line\u{2028}sep\u{2029}", "line\\u{2028}sep\\u{2029}"),
        ("c1\u{9B}31m", "c1\\u{9B}31m"),
        ("tab\there\nand\r", "tab\\there\\nand\\r"),
        ("Kauppatori WC – ženy/muži", "Kauppatori WC – ženy/muži"),
        ("مرحبا\u{200C}دنيا", "مرحبا\u{200C}دنيا"),  // a zero-width non-joiner belongs to the word
        ("👩\u{200D}🔬", "👩\u{200D}🔬"),
        ("", ""),
    ])
    func textIsEscapedForTheTerminal(text: String, shown: String) {
        #expect(TextEscape.quoted(text) == shown)
    }

    /// A whole message or table keeps its line breaks and tabs; nothing else changes.
    @Test(arguments: [
        ("error: a\nb\tc", "error: a\nb\tc"),
        ("name \u{1B}[2J\nnext", "name \\u{1B}[2J\nnext"),
        ("crlf\r\n", "crlf\\r\n"),
        ("\u{202E}x\n", "\\u{202E}x\n"),
    ])
    func messagesKeepTheirLines(text: String, shown: String) {
        #expect(TextEscape.quoted(text, keepingLineBreaks: true) == shown)
    }

    @Test(
        arguments: [(0x1B, true), (0x07, true), (0x7F, true), (0x85, true), (0x202E, true), (0x200E, true), (0x2028, true)]
            + [(0x41, false), (0x200C, false), (0x200D, false), (0xAD, false), (0x1F600, false)])
    func whatActsOnATerminal(code: UInt32, acts: Bool) throws {
        let u = try #require(Unicode.Scalar(code))
        #expect(TextEscape.actsOnTerminal(u) == acts)
    }
}
