/// Reads Czech hours tokens into groups (dates, days, times) and writes OSM rules.
struct CzechReader {
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    struct Group {
        var dates: [String] = []
        var days: [(Int, Int)] = []
        /// `svátky`, `Feiertage`: public holidays (`PH`) among the days.
        var holidays = false
        var times: [String] = []
        var nonstop = false
        /// `zavřeno`, `closed`: the days are closed (`off`).
        var closed = false
        var notes: [String] = []
        var hasContent: Bool { !dates.isEmpty || !days.isEmpty || holidays || !times.isEmpty || nonstop || closed }
        var hasTimes: Bool { !times.isEmpty || nonstop || closed }
    }

    private let tokens: [CzechToken]
    /// Where each token lies in `text` (character offsets).
    private let spans: [Range<Int>]
    private let text: String
    /// The characters of `text`, for the text of a warning.
    private let source: [Character]
    private var i = 0
    var notes: [String] = []
    /// The corrections of everyday forms (`8` read as `08:00`), in input order.
    private(set) var warnings: [HoursWarning] = []

    static let osmDays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let osmMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init(tokens: [CzechToken], spans: [Range<Int>], text: String, notes: [String] = []) {
        precondition(tokens.count == spans.count, "a span per token")
        self.tokens = tokens
        self.spans = spans
        self.text = text
        self.notes = notes
        source = Array(text)
    }

    /// Why two times without a dash between them were read as a range.
    static let droppedDashReason = "two times without a dash read as a range"

    /// The longest source text a message repeats; longer texts are cut with `…`.
    static let quotedLength = 60

    /// `text` trimmed and in single quotes, cut after `quotedLength` characters, for messages.
    static func quote(_ text: String) -> String {
        let t = text.trimmingSpaces
        return "'" + (t.count > quotedLength ? t.prefix(quotedLength) + "…" : t) + "'"
    }

    private var quoted: String { CzechReader.quote(text) }

    mutating func translate() throws(Failure) -> (String, [String]) {
        var groups: [Group] = []
        var cur = Group()
        func close() throws(Failure) {
            guard cur.hasContent || !cur.notes.isEmpty else { return }
            guard cur.hasTimes else { throw Failure("no times for \(quoted)") }
            guard !cur.closed || (cur.times.isEmpty && !cur.nonstop) else {
                throw Failure("times and 'closed' for the same days in \(quoted)")
            }
            groups.append(cur)
            cur = Group()
        }
        while i < tokens.count {
            let before = i
            switch tokens[i] {
            case .weekday:
                if cur.hasTimes { try close() }
                cur.days += try dayList()
            case .holiday:
                if cur.hasTimes { try close() }
                cur.holidays = true
                i += 1
            case .closed:
                cur.closed = true
                i += 1
            case .lineBreak:
                i += 1
                // A line of times alone after a line with days and times: the later hours of
                // the same days (a lunch break, `Po-Pá 8:00-12:00` / `13:00-17:00`).
                if cur.hasTimes, !cur.nonstop, !cur.closed, isTime(at: i), let more = try laterTimes(after: cur.times) {
                    cur.times += more
                    let note = "times on a line of their own read as later hours of the line before"
                    if !notes.contains(note) { notes.append(note) }
                } else if cur.hasTimes {
                    try close()
                }
            case .month, .date, .allSouls:
                if cur.hasTimes { try close() }
                cur.dates += try dateList()
            case .time, .hour:
                cur.times += try timeList()
            case .nonstop:
                cur.nonstop = true
                i += 1
            case .daily, .colon, .hoursMarker, .filler:
                i += 1
            case .note(let n):
                i += 1
                switch n {
                case "léto", "leto":
                    cur.dates.append("Apr-Sep")
                    notes.append("léto read as Apr-Sep")
                case "zima":
                    cur.dates.append("Oct-Mar")
                    notes.append("zima read as Oct-Mar")
                default:
                    cur.notes.append(n)
                }
            case .semicolon, .comma, .and:
                i += 1
                if cur.hasTimes { try close() }
            case .word(let w):
                throw Failure("not a schedule: '\(w)' in \(quoted)")
            case .dash, .plus:
                throw Failure("unexpected '-' or '+' in \(quoted)")
            }
            // Every step consumes a token or fails: a reader that cannot advance is our bug.
            guard i > before else { throw Failure("internal error: no progress at token \(i + 1) of \(quoted)") }
        }
        try close()
        guard !groups.isEmpty else { throw Failure("no times in \(quoted)") }
        return (render(groups), notes)
    }

    // MARK: lists

    private mutating func dayList() throws(Failure) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        while i < tokens.count, case .weekday(let a) = tokens[i] {
            i += 1
            var b = a
            if i + 1 < tokens.count, tokens[i] == .dash, case .weekday(let z) = tokens[i + 1] {
                b = z
                i += 2
            }
            out.append((a, b))
            // `po a st`, `po,st`, `po-čt, ne`: a list goes on while another weekday follows.
            if i + 1 < tokens.count, tokens[i] == .comma || tokens[i] == .and, case .weekday = tokens[i + 1] {
                i += 1
                continue
            }
            // `ne a svátky`, `So. und Feiertage`: the holidays join the days.
            if i + 1 < tokens.count, tokens[i] == .comma || tokens[i] == .and, tokens[i + 1] == .holiday { i += 1 }
            break
        }
        return out
    }

    private mutating func dateList() throws(Failure) -> [String] {
        var out: [String] = []
        while i < tokens.count {
            try checkDate(at: i)
            guard let a = datePoint() else { break }
            if i + 1 < tokens.count, tokens[i] == .dash { try checkDate(at: i + 1) }
            if i + 1 < tokens.count, tokens[i] == .dash, let b = peekDatePoint(at: i + 1) {
                i += 1
                _ = datePoint()
                out.append(try range(a, b))
            } else {
                out.append(a.osm)
            }
            // Lists: `listopad prosinec leden`, `říjen a březen`, `říjen+dušičky`, `1.9-3.10. a 1.4.-31.5.`
            if i < tokens.count, tokens[i] == .and || tokens[i] == .plus || tokens[i] == .comma,
                i + 1 < tokens.count, peekDatePoint(at: i + 1) != nil
            {
                i += 1
                continue
            }
            if i < tokens.count, peekDatePoint(at: i) != nil { continue }
            break
        }
        return out
    }

    private enum DatePoint {
        case month(Int)
        case day(Int, Int)
        case allSouls
        var osm: String {
            switch self {
            case .month(let m): return CzechReader.osmMonths[m - 1]
            case .day(let d, let m): return "\(CzechReader.osmMonths[m - 1]) \(d < 10 ? "0" : "")\(d)"
            case .allSouls: return "Nov 01-02"
            }
        }
    }

    /// Days in each month, February with its leap day (`29.2.` is a date).
    private static let monthLengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    private static func isDate(day: Int, month: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= monthLengths[month - 1]
    }

    /// Fails when the token at `j` is a day and month that name no date (`32.1.`, `15.13.`).
    private func checkDate(at j: Int) throws(Failure) {
        guard j < tokens.count, case .date(let d, let m) = tokens[j], !CzechReader.isDate(day: d, month: m) else { return }
        guard (1...12).contains(m) else { throw Failure("month \(m) does not exist in \(quoted)") }
        throw Failure("day \(d) does not exist in \(CzechReader.osmMonths[m - 1]) in \(quoted)")
    }

    private func peekDatePoint(at j: Int) -> DatePoint? {
        guard j < tokens.count else { return nil }
        switch tokens[j] {
        case .month(let m): return .month(m)
        case .date(let d, let m): return CzechReader.isDate(day: d, month: m) ? .day(d, m) : nil
        case .allSouls: return .allSouls
        default: return nil
        }
    }

    private mutating func datePoint() -> DatePoint? {
        guard let p = peekDatePoint(at: i) else { return nil }
        i += 1
        if case .allSouls = p { notes.append("dušičky read as Nov 01-02") }
        return p
    }

    private func range(_ a: DatePoint, _ b: DatePoint) throws(Failure) -> String {
        switch (a, b) {
        case (.month, .month): return a.osm + "-" + b.osm
        case (.day, .day): return a.osm + "-" + b.osm
        default: throw Failure("a date range mixes months and days in \(quoted)")
        }
    }

    private mutating func timeList() throws(Failure) -> [String] {
        var out: [String] = []
        while true {
            let start = try timePoint()
            if i < tokens.count, tokens[i] == .hoursMarker { i += 1 }
            // `8:00 18:00`: a dash OCR dropped between two times.
            let dropped = i < tokens.count && tokens[i] != .dash && isTime(at: i)
            guard i < tokens.count, tokens[i] == .dash || dropped else {
                throw Failure("a time without a range in \(quoted)")
            }
            if !dropped { i += 1 }
            let endAt = i
            var end = try timePoint()
            if dropped {
                warnings.append(
                    HoursWarning(
                        offset: spans[endAt].lowerBound, found: "", canonical: "-",
                        reason: CzechReader.droppedDashReason))
            }
            if i < tokens.count, tokens[i] == .hoursMarker { i += 1 }
            guard start < 24 * 60 else { throw Failure("a start time past 24:00 in \(quoted)") }
            if end == 0 { end = 24 * 60 }
            guard end != start else {
                throw Failure("a time range that starts and ends at the same time in \(quoted)")
            }
            out.append(CzechReader.clock(start) + "-" + CzechReader.clock(end))
            // `5.30-11.45 a 12.15-19 h`, `10:00-12:00,14:00-16:00`
            if i + 1 < tokens.count, tokens[i] == .and || tokens[i] == .comma, isTime(at: i + 1) {
                i += 1
                continue
            }
            return out
        }
    }

    /// The times at the cursor when they all start after the last of `times` ends (a later
    /// part of the same day); nil, with the cursor where it was, otherwise.
    private mutating func laterTimes(after times: [String]) throws(Failure) -> [String]? {
        let at = i
        let kept = warnings.count
        let more = try timeList()
        let lastEnd = times.last.flatMap(CzechReader.minutes(endOf:)) ?? 24 * 60
        if let first = more.first.flatMap(CzechReader.minutes(startOf:)), first >= lastEnd, lastEnd < 24 * 60 {
            return more
        }
        i = at
        warnings.removeSubrange(kept...)
        return nil
    }

    /// The minutes of the start or end of `hh:mm-hh:mm`.
    static func minutes(startOf range: String) -> Int? { minutes(range.prefix(5)) }
    static func minutes(endOf range: String) -> Int? { minutes(range.suffix(5)) }
    private static func minutes(_ clock: Substring) -> Int? {
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        return h * 60 + m
    }

    private func isTime(at j: Int) -> Bool {
        guard j < tokens.count else { return false }
        switch tokens[j] {
        case .time, .hour: return true
        default: return false
        }
    }

    private mutating func timePoint() throws(Failure) -> Int {
        guard i < tokens.count else { throw Failure("a time range is cut short in \(quoted)") }
        switch tokens[i] {
        case .time(let m):
            i += 1
            guard m <= 24 * 60 else { throw Failure("a time past 24:00 in \(quoted)") }
            return m
        case .hour(let h):
            guard h <= 24 else { throw Failure("hour \(h) is out of range in \(quoted)") }
            // A bare hour (`8-16`, `6-21 h`) is what signs say: read with a warning.
            let span = spans[i]
            let found = span.upperBound <= source.count ? String(source[span]) : "\(h)"
            warnings.append(
                HoursWarning(
                    offset: span.lowerBound, found: found, canonical: CzechReader.clock(h * 60),
                    reason: "times are written hh:mm, with minutes"))
            i += 1
            return h * 60
        default:
            throw Failure("expected a time in \(quoted)")
        }
    }
}
