import Foundation

/// One shell example of a document: a command of a ```` ```console ```` block and the output
/// the text shows for it (CONTRIBUTING.md, "Examples in docs").
struct DocExample: Sendable, Equatable {
    /// The command line(s) after `$ `, joined with newlines (a line ending in `\` continues).
    var command: String
    /// The 1-based line of the document where the command starts.
    var line: Int
    /// The expected output lines (stdout and stderr as a terminal shows them, then
    /// `[exit N]` when the command fails).
    var expected: [String]
    /// The 0-based range of document lines holding `expected` (empty when it shows none).
    var outputLines: Range<Int>
}

/// Reads the examples of a Markdown document and compares outputs with the masks.
enum DocExamples {
    /// Alone on a line (indentation allowed), it stands for any number of output lines (0 or
    /// more); inside a line, for any text on that line.
    static let mask = "…"

    /// True for a line that is the mask alone, with any indentation.
    static func isMaskLine(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces) == mask
    }

    /// The info strings of blocks that show commands without running them (a download, a
    /// cron line, a benchmark, a server that runs until stopped).
    static let notRun: Set<String> = ["sh", "text"]

    /// A problem with a document's blocks: the line and what is wrong.
    struct LayoutProblem: Error, CustomStringConvertible, Equatable {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// The examples of every ```` ```console ```` block of `text`, in order; throws for a
    /// block without an info string that holds `$ ` lines (an example nobody runs) and for a
    /// console block whose first line is not a command.
    static func parse(_ text: String) throws -> [DocExample] {
        let lines = text.components(separatedBy: "\n")
        var examples: [DocExample] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                index += 1
                continue
            }
            let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let open = index
            var close = index + 1
            while close < lines.count, !lines[close].hasPrefix("```") { close += 1 }
            let body = Array(lines[(open + 1)..<min(close, lines.count)])
            if info == "console" {
                examples += try commands(in: body, firstLine: open + 1)
            } else if info.isEmpty, let shown = body.firstIndex(where: { $0.hasPrefix("$ ") }) {
                throw LayoutProblem(
                    line: open + 1 + shown + 1,
                    message:
                        "a block with `$ ` commands must be ```console (run by DocExampleTests) or ```sh/```text (shown only)")
            }
            index = close + 1
        }
        return examples
    }

    /// The commands of one console block whose first body line is document line `firstLine` (0-based).
    private static func commands(in body: [String], firstLine: Int) throws -> [DocExample] {
        var examples: [DocExample] = []
        var index = 0
        guard body.first?.hasPrefix("$ ") ?? true else {
            throw LayoutProblem(line: firstLine + 1, message: "a console block starts with a `$ ` command")
        }
        while index < body.count {
            let start = index
            var command = String(body[index].dropFirst(2))
            while command.hasSuffix("\\"), index + 1 < body.count {
                index += 1
                command += "\n" + body[index]
            }
            index += 1
            let outputStart = index
            while index < body.count, !body[index].hasPrefix("$ ") { index += 1 }
            examples.append(
                DocExample(
                    command: command, line: firstLine + start + 1, expected: Array(body[outputStart..<index]),
                    outputLines: (firstLine + outputStart)..<(firstLine + index)))
        }
        return examples
    }

    /// The lines a command printed as the text shows them: stdout and stderr together,
    /// without the final newline, then `[exit N]` when the status is not 0.
    static func shownLines(output: String, status: Int32) -> [String] {
        // CSV's CRLF line ends are shown as plain line ends: a document holds no CR.
        let output = output.replacingOccurrences(of: "\r\n", with: "\n")
        var lines = output.isEmpty ? [] : output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        if status != 0 { lines.append("[exit \(status)]") }
        return lines
    }

    /// True when `actual` is what `expected` shows, masks included.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        align(expected, actual).cost < edit
    }

    /// True when one output line matches one expected line (`…` inside it matches any text).
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        guard pattern.contains(mask) else { return pattern == line }
        let parts = pattern.components(separatedBy: mask)
        var rest = Substring(line)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for (offset, part) in parts.enumerated().dropFirst() {
            if offset == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) && rest.count >= part.count }
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The expected text after an update from `actual`: the actual lines, except that lines
    /// of `expected` that still match (masks above all) are kept as written.
    static func updated(_ expected: [String], _ actual: [String]) -> [String] {
        align(expected, actual).lines
    }

    /// The first differing lines of `expected` and `actual`, for a failure message: the lines
    /// that match at both ends are left out but for a few of context, then `-` expected
    /// and `+` actual lines of the part between.
    static func difference(_ expected: [String], _ actual: [String], context: Int = 2, shown: Int = 12) -> String {
        var head = 0
        while head < expected.count, head < actual.count, lineMatches(expected[head], actual[head]) { head += 1 }
        var tail = 0
        while tail < expected.count - head, tail < actual.count - head,
            lineMatches(expected[expected.count - 1 - tail], actual[actual.count - 1 - tail])
        {
            tail += 1
        }
        var text: [String] = []
        let from = max(0, head - context)
        if from > 0 { text.append("  (\(from) matching lines)") }
        text += expected[from..<head].map { "  " + $0 }
        let removed = expected[head..<(expected.count - tail)]
        let added = actual[head..<(actual.count - tail)]
        text += removed.prefix(shown).map { "- " + $0 }
        if removed.count > shown { text.append("  (\(removed.count - shown) more lines shown)") }
        text += added.prefix(shown).map { "+ " + $0 }
        if added.count > shown { text.append("  (\(added.count - shown) more lines printed)") }
        text += expected[(expected.count - tail)...].prefix(context).map { "  " + $0 }
        return text.joined(separator: "\n")
    }

    /// The cost of a line added, dropped or replaced; a line the mask swallows costs 1, so
    /// an update replaces a changed line under a mask rather than dropping it.
    private static let edit = 1_000_000

    /// The cheapest alignment of expected lines with actual lines: an expected line that
    /// matches an actual line costs nothing, the mask line swallows actual lines for 1 each,
    /// a line added, dropped or replaced costs `edit`. `lines` is the updated text: the
    /// expected lines kept, the actual lines added or replacing.
    private static func align(_ expected: [String], _ actual: [String]) -> (cost: Int, lines: [String]) {
        let n = expected.count
        let m = actual.count
        // cost[i][j]: the cheapest alignment of expected[i...] with actual[j...].
        var cost = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) {
                if i == n {
                    cost[i][j] = (m - j) * edit
                    continue
                }
                var best = cost[i + 1][j] + (isMaskLine(expected[i]) ? 0 : edit)
                if j < m { best = min(best, cost[i][j + 1] + (isMaskLine(expected[i]) ? 1 : edit)) }
                if j < m, !isMaskLine(expected[i]) {
                    best = min(best, cost[i + 1][j + 1] + (lineMatches(expected[i], actual[j]) ? 0 : edit))
                }
                cost[i][j] = best
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, isMaskLine(expected[i]) {
                if cost[i][j] == cost[i + 1][j] {
                    lines.append(expected[i])
                    i += 1
                } else if j < m, cost[i][j] == cost[i][j + 1] + 1 {
                    j += 1
                } else {
                    lines.append(actual[j])
                    j += 1
                }
            } else if i < n, j < m, cost[i][j] == cost[i + 1][j + 1] + (lineMatches(expected[i], actual[j]) ? 0 : edit) {
                lines.append(lineMatches(expected[i], actual[j]) ? expected[i] : actual[j])
                i += 1
                j += 1
            } else if j < m, cost[i][j] == cost[i][j + 1] + edit {
                lines.append(actual[j])
                j += 1
            } else {
                i += 1
            }
        }
        return (cost[0][0], lines)
    }
}
