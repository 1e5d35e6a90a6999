import Foundation
import Geo
import Places

extension PointFileReader {
    /// The CSV rows after the header: one per line (RFC 4180 quoting within a line; a quoted
    /// line break is not read), blank lines skipped.
    func forEachCSVRow(_ body: (InputPointRow) throws -> Void) throws -> Int {
        guard let (headerLine, headerBytes) = try nextLine() else {
            throw IngestError.notPointFile(path: label, reason: "it is empty")
        }
        guard let headerBytes else {
            throw IngestError.notPointFile(
                path: label, reason: "line \(headerLine): the header is over \(Self.maxLineBytes) bytes")
        }
        let delimiter = PointFileReader.delimiter(ofHeader: headerBytes)
        guard let header = PointFileReader.fields(headerBytes, delimiter: delimiter) else {
            throw IngestError.notPointFile(path: label, reason: "line \(headerLine): the header has an unclosed quote")
        }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ accepted: [String]) -> Int? { accepted.lazy.compactMap { names.firstIndex(of: $0) }.first }
        guard let lat = column(PointFileReader.latitudeHeaders), let lon = column(PointFileReader.longitudeHeaders) else {
            let shown = names.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
            throw IngestError.notPointFile(
                path: label,
                reason: "line \(headerLine): no latitude and longitude columns: the header names \(shown); "
                    + "accepted: \(PointFileReader.acceptedHeaders)")
        }
        let id = column(PointFileReader.idHeaders)
        // A decimal comma is read only where the comma is no delimiter (`;` or tab).
        let decimalComma = delimiter != UInt8(ascii: ",")
        var points = 0
        while let (number, bytes) = try nextLine() {
            guard let bytes else {
                try body(.bad(line: number, reason: "the line is over \(Self.maxLineBytes) bytes"))
                continue
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let fields = PointFileReader.fields(bytes, delimiter: delimiter) else {
                try body(.bad(line: number, reason: "a quote is not closed on its line"))
                continue
            }
            guard fields.count == names.count else {
                try body(.bad(line: number, reason: "\(fields.count) fields, the header has \(names.count)"))
                continue
            }
            func coordinate(_ i: Int) -> String {
                // ASCII white space at once; a no-break space (a spreadsheet's padding) or
                // another Unicode space, as `.whitespaces` trims it, only where there is one.
                var text = fields[i].trimmingSpaces
                if let a = text.unicodeScalars.first, let b = text.unicodeScalars.last, !a.isASCII || !b.isASCII {
                    text = text.trimmingCharacters(in: .whitespaces)
                }
                return decimalComma ? text.replacingOccurrences(of: ",", with: ".") : text
            }
            let row = PointFileReader.point(
                latitude: coordinate(lat), longitude: coordinate(lon), id: id.map { fields[$0] }, line: number)
            if case .point = row { points += 1 }
            try body(row)
        }
        return points
    }

    /// The delimiter the header uses: a comma, else a semicolon, else a tab, else a comma.
    static func delimiter(ofHeader header: ArraySlice<UInt8>) -> UInt8 {
        for d in [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09] where header.contains(d) { return d }
        return UInt8(ascii: ",")
    }

    /// The fields of one line, quotes removed (`""` inside quotes is one quote); nil when a
    /// quote is not closed.
    static func fields(_ line: ArraySlice<UInt8>, delimiter: UInt8) -> [String]? {
        var out: [String] = []
        var field: [UInt8] = []
        var i = line.startIndex
        var quoted = false
        var fieldStart = true
        while i < line.endIndex {
            let c = line[i]
            if quoted {
                if c == UInt8(ascii: "\"") {
                    if i + 1 < line.endIndex, line[i + 1] == UInt8(ascii: "\"") {
                        field.append(c)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == delimiter {
                out.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                fieldStart = true
                i += 1
                continue
            } else if c == UInt8(ascii: "\"") && fieldStart {
                quoted = true
            } else {
                field.append(c)
            }
            fieldStart = false
            i += 1
        }
        guard !quoted else { return nil }
        out.append(String(decoding: field, as: UTF8.self))
        return out
    }

    /// The next line (its 1-based number and bytes, without the line break and a CR before
    /// it; bytes nil for a line over `maxLineBytes`, which is skipped), or nil at the end.
    func nextLine() throws -> (Int, ArraySlice<UInt8>?)? {
        let number = line
        var searched = 0
        while true {
            if let nl = buffer[(index + searched)...].firstIndex(of: 0x0A) {
                let end = nl > index && buffer[nl - 1] == 0x0D ? nl - 1 : nl
                let bytes = buffer[index..<end]
                index = nl + 1
                line += 1
                return (number, bytes.count > Self.maxLineBytes ? nil : bytes)
            }
            searched = buffer.count - index
            if searched > Self.maxLineBytes {
                // Too long: drop what is buffered, skip on to the line break.
                index = buffer.count
                while true {
                    try fill(atLeast: 1)
                    guard index < buffer.count else { break }
                    if let nl = buffer[index...].firstIndex(of: 0x0A) {
                        index = nl + 1
                        break
                    }
                    index = buffer.count
                }
                line += 1
                return (number, nil)
            }
            if atEnd {
                guard searched > 0 else { return nil }
                let end = buffer[buffer.count - 1] == 0x0D ? buffer.count - 1 : buffer.count
                let bytes = buffer[index..<end]
                index = buffer.count
                line += 1
                return (number, bytes)
            }
            try fill(atLeast: searched + 1)
            searched = min(searched, buffer.count - index)
        }
    }
}
