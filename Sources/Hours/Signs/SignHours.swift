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
        func read(_ picked: [Int]) -> HoursReading? {
            let r = HoursReading(picked.map { lines[$0] }.joined(separator: "\n"))
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
    }

    /// The reasons of the warnings that correct what OCR misreads (a letter for a digit, a
    /// semicolon for a colon, a dropped dash).
    public static let ocrReasons: Set<String> = [
        CzechLexer.confusedDigitReason, CzechLexer.semicolonReason, CzechReader.droppedDashReason, CzechLexer.accentReason,
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
