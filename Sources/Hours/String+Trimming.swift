extension StringProtocol {
    /// The text without leading and trailing ASCII whitespace (spaces, tabs, line breaks):
    /// the one trimming rule of every module that reads source text. Other white space, such
    /// as a no-break space, is kept: it is the source's content.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isASCII, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isASCII, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// The words of the text joined by single spaces: any run of white space (Unicode) becomes
    /// one space, and none is left at either end (names compared or searched).
    public var collapsingWhitespace: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The trimmed text, or nil when nothing is left (a blank field counts as missing).
    public var trimmedNonBlank: String? {
        let t = trimmingSpaces
        return t.isEmpty ? nil : t
    }
}
