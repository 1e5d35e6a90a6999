extension StringProtocol {
    /// The text without leading and trailing ASCII whitespace (spaces, tabs, line breaks):
    /// the one trimming rule of every module that reads source text. Other white space, such
    /// as a no-break space, is kept: it is the source's content.
    public var trimmingSpaces: String {
        switch utf8.withContiguousStorageIfAvailable(asciiSpaceCut) {
        case .whole?: return String(self)
        case .part(let trimmed)?: return trimmed
        case .undecided?, nil: break
        }
        var s = Substring(self)
        while let f = s.first, f.isASCII, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isASCII, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// `trimmingSpaces` on the UTF-8 bytes, undecided when a cut point touches non-ASCII text
    /// (there a space may make one Character with the next scalar, a combining mark, and the
    /// Character loop decides). Beside ASCII bytes every ASCII white-space byte is a
    /// Character of its own (CR LF aside, white space as a whole): the same answer, faster.
    private func asciiSpaceCut(_ b: UnsafeBufferPointer<UInt8>) -> ASCIISpaceCut {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        var lo = 0
        var hi = b.count
        while lo < hi, isSpace(b[lo]) { lo += 1 }
        while hi > lo, isSpace(b[hi - 1]) { hi -= 1 }
        if lo == hi { return .part("") }
        if lo == 0 && hi == b.count { return .whole }
        guard lo == 0 || b[lo] < 0x80, hi == b.count || b[hi - 1] < 0x80 else { return .undecided }
        return .part(String(decoding: UnsafeBufferPointer(rebasing: b[lo..<hi]), as: UTF8.self))
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

/// What the byte-level trim found (`StringProtocol.trimmingSpaces`).
private enum ASCIISpaceCut {
    /// Nothing to trim.
    case whole
    /// The trimmed text.
    case part(String)
    /// A cut point touches non-ASCII text: ask the Character loop.
    case undecided
}
