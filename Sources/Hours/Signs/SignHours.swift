import Places

/// Opening hours read from the lines of a sign's recognised text (OCR output): the lines
/// that read as hours together, the lines left out (headings, a shop's name, noise), and the
/// reading itself with what it assumed. Nothing is written from it: it is a suggestion.
///
/// Bounded: at most `maxLines` lines of at most `HoursReading.maxLength` characters are
/// looked at (more are ignored), so a page of noise costs at most `maxLines`² readings of
/// short text.
public struct SignHours: Sendable, Equatable {
    /// The most lines looked at; later lines are ignored.
    public static let maxLines = 40

    /// The lines as given (blank ones included), after trimming.
    public let lines: [String]
    /// The indices (0-based) of the lines the suggestion is read from, in order.
    public let used: [Int]
    /// The indices of the non-blank lines left out.
    public let ignored: [Int]
    /// The reading of the used lines; nil when no line reads as hours.
    public let reading: HoursReading?
    /// What was corrected in the used lines: the stray marks left out at their ends
    /// (`strayReason`, offsets in the used lines joined by line breaks) and the reading's
    /// warnings, in that order.
    public let warnings: [HoursWarning]

    /// The suggested `opening_hours` value; nil when none.
    public var suggestion: String? { reading?.osm }

    /// Reads `lines`: all of them together when they read as hours, else the lines that, one
    /// by one in order, keep the text readable and change what it says.
    public init(lines input: [String]) {
        let lines = input.map(\.trimmingSpaces)
        self.lines = lines
        let candidates = lines.indices.filter {
            $0 < SignHours.maxLines && !lines[$0].isEmpty && lines[$0].count <= HoursReading.maxLength
        }
        // The lines without the marks text recognition adds at their ends (a frame's edge
        // read as `|`, a speck as `©` or a dash).
        var clean: [Int: (text: String, head: String, tail: String)] = [:]
        for i in candidates { clean[i] = SignHours.withoutStrays(lines[i]) }
        func read(_ picked: [Int]) -> HoursReading? {
            let r = HoursReading(picked.map { clean[$0]?.text ?? lines[$0] }.joined(separator: "\n"))
            return r.hours == nil ? nil : r
        }
        var used: [Int] = []
        var best: HoursReading? = nil
        if let all = read(candidates), candidates.allSatisfy({ SignHours.saysSomething(lines[$0]) }) {
            used = candidates
            best = all
        } else {
            for i in candidates {
                guard let r = read(used + [i]), r.osm != best?.osm else { continue }
                used.append(i)
                best = r
            }
        }
        self.used = used
        ignored = candidates.filter { !used.contains($0) }
        reading = best
        var strays: [HoursWarning] = []
        var offset = 0
        for i in used {
            guard let c = clean[i] else { continue }
            if !c.head.isEmpty {
                strays.append(HoursWarning(offset: offset, found: c.head, canonical: "", reason: SignHours.strayReason))
            }
            if !c.tail.isEmpty {
                strays.append(
                    HoursWarning(offset: offset + c.text.count, found: c.tail, canonical: "", reason: SignHours.strayReason))
            }
            offset += c.text.count + 1
        }
        warnings = best == nil ? [] : strays + (best?.warnings ?? [])
    }

    /// Why marks at a line's end were left out.
    public static let strayReason = "a stray mark at the end of a line left out"

    /// Marks text recognition finds at the ends of a sign's lines: a frame's edge (`|`, `[`),
    /// specks (`©`, `*`, `•`), quotes and dashes with nothing after them.
    static let strays: Set<Character> = [
        "|", "[", "]", "{", "}", "©", "®", "_", "—", "–", "-", "~", "'", "\"", "«", "»", "‘", "’", "“", "”", "*", "•",
        "·", "¦", "!", "\\", "/", "`", "^",
    ]

    /// `line` without the stray marks (and the spaces beside them) at its start and end, and
    /// what was taken off each end.
    static func withoutStrays(_ line: String) -> (text: String, head: String, tail: String) {
        let chars = Array(line)
        var start = 0
        var end = chars.count
        while start < end, strays.contains(chars[start]) || chars[start] == " " { start += 1 }
        while end > start, strays.contains(chars[end - 1]) || chars[end - 1] == " " { end -= 1 }
        let head = String(chars[0..<start]).trimmingSpaces
        let tail = String(chars[end..<chars.count]).trimmingSpaces
        return (String(chars[start..<end]), head, tail)
    }

    /// The reasons of the warnings that correct what OCR misreads (a letter for a digit, a
    /// semicolon for a colon, a dropped dash).
    public static let ocrReasons: Set<String> = [
        CzechLexer.confusedDigitReason, CzechLexer.semicolonReason, CzechReader.droppedDashReason, CzechLexer.accentReason,
        CzechLexer.misreadReason, SignHours.strayReason,
    ]

    /// Whether a line holds a digit or a word of hours (not only a heading).
    public static func saysSomething(_ line: String) -> Bool {
        if line.contains(where: { $0.isASCII && $0.isNumber }) { return true }
        let lexer = try? CzechLexer.tokenize(line)
        return lexer?.tokenList.contains { token in
            switch token {
            case .weekday, .closed, .nonstop, .holiday, .month, .date: true
            default: false
            }
        } ?? false
    }
}
