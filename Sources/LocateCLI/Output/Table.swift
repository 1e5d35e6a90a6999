import Ingest

/// A plain text table: columns padded to their widest cell (counted in characters), two
/// spaces apart, numeric columns right-aligned. Every cell is escaped for the terminal
/// (`TextEscape.quoted`: a name from the data cannot carry an escape sequence or a line break).
struct Table {
    var headers: [String]
    var rightAligned: Set<Int> = []
    var rows: [[String]] = []

    func render() -> String {
        let rows = self.rows.map { $0.map { TextEscape.quoted($0) } }
        var widths = headers.map(\.count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return rightAligned.contains(i) ? pad + c : c + pad
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
