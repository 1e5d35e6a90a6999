/// A strict streaming reader of the XML subset OsmChange files use: elements with
/// attributes (quoted with `"` or `'`, the five predefined entities and character
/// references), the XML declaration, comments and whitespace between elements. Anything
/// else (text, CDATA, a DTD, processing instructions past the declaration) is an error.
/// Limits (docs/pipelines.md, "What is refused"): names at most 64 bytes, attribute values
/// 64 KiB (OSM allows 255 characters), at most 32 attributes a tag (OSM's elements have at
/// most 9) and 1 MiB a tag, and at most 1 MiB of whitespace, comments and the declaration
/// between two tags; every loop advances by a byte or stops.
///
/// Linear in its input: the content is read into one buffer; whitespace, comments and the
/// declaration are consumed as they are read (dropped with the next chunk, never read
/// twice), and a tag cut by the end of the buffer is read again from its start once the
/// buffer holds at least twice its bytes so far (so a tag is read at most about twice).
/// Attributes are byte ranges of that buffer (`Attribute`), valid until the next `next()`:
/// ids and positions are parsed from the bytes, and only the values a caller asks for become
/// strings.
struct XMLScanner {
    /// What the reader met.
    enum Event: Equatable, CustomStringConvertible {
        /// A start tag (`empty` for `<tag/>`); its attributes are `attributes`.
        case start(String, empty: Bool)
        /// An end tag.
        case end(String)

        var description: String {
            switch self {
            case .start(let n, _): "<\(n)>"
            case .end(let n): "</\(n)>"
            }
        }
    }

    /// One attribute of the last start tag: its name and value as ranges of the buffer (a
    /// value with entities is decoded into `scratch`).
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        var decoded: Bool
    }

    private let bytes: ChangeBytes
    private let path: String
    private var buffer: [UInt8] = []
    private var scratch: [UInt8] = []
    private var index = 0
    private var atEnd = false
    /// Set when the buffer ran out before the end of the content: the tag is read again.
    private var starved = false
    /// The attributes of the last start tag.
    private(set) var attributes: [Attribute] = []
    /// The 1-based line of the current position.
    private(set) var line = 1
    /// Bytes of content read so far.
    var offset: Int64 { dropped + Int64(index) }
    /// Bytes of content dropped from the front of the buffer so far.
    private var dropped: Int64 = 0
    private static let maxName = 64
    private static let maxValue = 65_536
    /// The most attributes a start tag may have.
    static let maxAttributes = 32
    /// The most bytes a tag may span (its attributes and the whitespace between them).
    static let maxTag = 1 << 20
    /// The most bytes of whitespace, comments and the XML declaration between two tags.
    static let maxSkipped = 1 << 20

    init(bytes: ChangeBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// An error at the current position.
    func error(_ reason: String) -> PBFError {
        .badChange(path: path, line: line, offset: offset, reason: reason)
    }

    @inline(__always)
    private mutating func peek() -> UInt8? {
        if index < buffer.count { return buffer[index] }
        if !atEnd { starved = true }
        return nil
    }

    @inline(__always)
    private mutating func take() -> UInt8? {
        guard let b = peek() else { return nil }
        index += 1
        if b == 0x0A { line += 1 }
        return b
    }

    /// Drops what is read (before `keep`), then appends chunks until at least `wanted` bytes
    /// follow the current position or the content ends.
    private mutating func refill(keep: Int, wanted: Int) throws(PBFError) {
        if keep > 0 {
            buffer.removeSubrange(0..<keep)
            index -= keep
            dropped += Int64(keep)
        }
        while !atEnd, buffer.count - index < wanted {
            if let next = try bytes.nextChunk() { buffer.append(contentsOf: next) } else { atEnd = true }
        }
    }

    /// Takes `byte`; `what` (built only for a message) names the place.
    private mutating func expect(_ byte: UInt8, _ what: Place) throws(PBFError) {
        guard let b = take() else { throw error("the file ends inside \(what.text) (truncated?)") }
        guard b == byte else {
            throw error("\(what.text): expected '\(Character(Unicode.Scalar(byte)))', found \(XMLScanner.show(b))")
        }
    }

    /// Where a name or byte is, named in messages (built only on failure).
    private enum Place {
        case startTag, endTag
        /// `</name`.
        case closing(String)
        /// `<name …/`.
        case emptyEnd(String)
        /// `<name>`.
        case element(String)

        var text: String {
            switch self {
            case .startTag: "a start tag"
            case .endTag: "an end tag"
            case .closing(let n): "</\(n)"
            case .emptyEnd(let n): "<\(n) …/"
            case .element(let n): "<\(n)>"
            }
        }
    }

    private static func show(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        (0x61...0x7A).contains(b) || (0x41...0x5A).contains(b) || (0x30...0x39).contains(b) || b == 0x5F || b == 0x3A
            || b == 0x2D || b == 0x2E
    }

    private mutating func skipSpace() {
        while let b = peek(), XMLScanner.isSpace(b) { _ = take() }
    }

    /// The next start or end tag, or nil at the end of the file. A tag the buffer cuts is
    /// read again, from its start, once the buffer holds twice its bytes so far.
    mutating func next() throws(PBFError) -> Event? {
        try skipBetweenTags()
        while true {
            let saved = (index, line)
            let event: Event?
            do {
                event = try nextInBuffer()
            } catch {
                guard starved else { throw error }
                event = nil
            }
            let seen = index - saved.0
            guard starved else {
                guard seen <= XMLScanner.maxTag else {
                    (index, line) = saved
                    throw self.error("a tag over \(XMLScanner.maxTag) bytes")
                }
                return event
            }
            starved = false
            (index, line) = saved
            let have = buffer.count - index
            guard have <= XMLScanner.maxTag else { throw self.error("a tag over \(XMLScanner.maxTag) bytes") }
            try refill(keep: index, wanted: max(2 * have, have + 1))
        }
    }

    /// Consumes the whitespace, comments and XML declaration before the next tag (or the end
    /// of the content), refilling as it goes: what it skips is dropped with the next chunk,
    /// never kept or read again. At most `maxSkipped` bytes.
    private mutating func skipBetweenTags() throws(PBFError) {
        var skipped = 0
        while true {
            while index < buffer.count, XMLScanner.isSpace(buffer[index]) {
                if buffer[index] == 0x0A { line += 1 }
                index += 1
                skipped += 1
                guard skipped <= XMLScanner.maxSkipped else { throw skippedTooMuch() }
            }
            if index == buffer.count {
                if atEnd { return }
                try refill(keep: index, wanted: 1)
                continue
            }
            guard buffer[index] == UInt8(ascii: "<") else { return }
            // Four bytes tell `<!--` and `<?` from a tag.
            if buffer.count - index < 4, !atEnd {
                try refill(keep: index, wanted: 4)
                continue
            }
            let c = index + 1 < buffer.count ? buffer[index + 1] : nil
            if c == UInt8(ascii: "?") {
                index += 1
                guard offset == 1 else { throw error("a processing instruction after the start") }
                index += 1
                skipped += 2
                try skip(until: Array("?>".utf8), what: "the XML declaration", skipped: &skipped)
            } else if c == UInt8(ascii: "!") {
                index += 2
                for _ in 0..<2 {
                    let dash = index < buffer.count ? buffer[index] : nil
                    if let dash {
                        index += 1
                        if dash == 0x0A { line += 1 }
                    }
                    guard dash == UInt8(ascii: "-") else { throw error("<! other than a comment (DTD and CDATA are not read)") }
                }
                skipped += 4
                try skip(until: Array("-->".utf8), what: "a comment", skipped: &skipped)
            } else {
                return
            }
        }
    }

    private func skippedTooMuch() -> PBFError {
        error("over \(XMLScanner.maxSkipped) bytes of whitespace and comments between two tags")
    }

    private mutating func nextInBuffer() throws(PBFError) -> Event? {
        guard let b = take() else { return nil }
        guard b == UInt8(ascii: "<") else { throw error("text outside a tag (\(XMLScanner.show(b)))") }
        guard let c = peek() else { throw error("the file ends inside a tag (truncated?)") }
        switch c {
        case UInt8(ascii: "/"):
            _ = take()
            let name = try readName(.endTag)
            skipSpace()
            try expect(UInt8(ascii: ">"), .closing(name))
            return .end(name)
        default:
            return try readStart()
        }
    }

    /// Skips through `end`, refilling as it goes (see `skipBetweenTags`).
    private mutating func skip(until end: [UInt8], what: String, skipped: inout Int) throws(PBFError) {
        var matched = 0
        while matched < end.count {
            if index == buffer.count {
                guard !atEnd else { throw error("the file ends inside \(what) (truncated?)") }
                try refill(keep: index, wanted: 1)
                continue
            }
            let b = buffer[index]
            index += 1
            if b == 0x0A { line += 1 }
            skipped += 1
            guard skipped <= XMLScanner.maxSkipped else { throw skippedTooMuch() }
            matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0)
        }
    }

    /// The name at the current position, as a range of the buffer.
    private mutating func nameRange(_ what: Place) throws(PBFError) -> Range<Int> {
        let start = index
        while let b = peek(), XMLScanner.isNameByte(b) {
            index += 1
            guard index - start <= XMLScanner.maxName else {
                throw error("a name in \(what.text) is over \(XMLScanner.maxName) bytes")
            }
        }
        guard index > start else {
            let found = peek().map(XMLScanner.show) ?? "the end of the file"
            throw error("\(what.text): expected a name, found \(found)")
        }
        return start..<index
    }

    private static let known: [String] = [
        "node", "way", "relation", "tag", "nd", "member", "osmChange", "create", "modify", "delete", "bounds",
    ]
    private static let knownBytes: [[UInt8]] = known.map { Array($0.utf8) }

    /// The text of a name: the element names of OsmChange without building a string.
    private func text(_ r: Range<Int>) -> String {
        for (i, k) in XMLScanner.knownBytes.enumerated() where k.count == r.count {
            var j = 0
            while j < k.count, buffer[r.lowerBound + j] == k[j] { j += 1 }
            if j == k.count { return XMLScanner.known[i] }
        }
        return String(decoding: buffer[r], as: UTF8.self)
    }

    private mutating func readName(_ what: Place) throws(PBFError) -> String {
        // Two statements: `text(try nameRange(what))` borrowed `self` for `text` before the
        // mutating argument ran, and the compiler copied the scanner to allow it, per tag.
        let range = try nameRange(what)
        return text(range)
    }

    private mutating func readStart() throws(PBFError) -> Event {
        let name = try readName(.startTag)
        attributes.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        while true {
            let hadSpace = peek().map(XMLScanner.isSpace) ?? false
            skipSpace()
            guard let b = peek() else { throw error("the file ends inside <\(name)> (truncated?)") }
            if b == UInt8(ascii: ">") {
                _ = take()
                return .start(name, empty: false)
            }
            if b == UInt8(ascii: "/") {
                _ = take()
                try expect(UInt8(ascii: ">"), .emptyEnd(name))
                return .start(name, empty: true)
            }
            guard hadSpace else { throw error("<\(name)>: expected a space before an attribute, found \(XMLScanner.show(b))") }
            guard attributes.count < XMLScanner.maxAttributes else {
                throw error("<\(name)> has over \(XMLScanner.maxAttributes) attributes")
            }
            let key = try nameRange(.element(name))
            for a in attributes where sameBytes(a.name, key) {
                throw error("<\(name)> has \(text(key)) twice")
            }
            skipSpace()
            // `expect`, with the message built only on failure.
            guard let eq = take() else { throw error("the file ends inside attribute \(text(key)) of <\(name)> (truncated?)") }
            guard eq == UInt8(ascii: "=") else {
                throw error("attribute \(text(key)) of <\(name)>: expected '=', found \(XMLScanner.show(eq))")
            }
            skipSpace()
            attributes.append(try readValue(key))
        }
    }

    private mutating func readValue(_ key: Range<Int>) throws(PBFError) -> Attribute {
        guard let quote = take() else { throw error("the file ends inside attribute \(text(key)) (truncated?)") }
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("attribute \(text(key)): expected a quote, found \(XMLScanner.show(quote))")
        }
        // The plain run up to the quote, '<', '&' or a line end, in one pass.
        let start = index
        let (end, high) = buffer.withUnsafeBufferPointer { p -> (Int, UInt8) in
            var i = start
            var high: UInt8 = 0
            while i < p.count {
                let b = p[i]
                if b == quote || b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == 0x0A { break }
                high |= b
                i += 1
            }
            return (i, high)
        }
        let plain = min(end - start, XMLScanner.maxValue + 1)
        index += plain
        if index < buffer.count, buffer[index] == quote, plain <= XMLScanner.maxValue {
            _ = take()
            // ASCII (ids, positions, most keys) needs no validation.
            if high >= 0x80, String(validating: buffer[start..<(start + plain)], as: UTF8.self) == nil {
                throw error("attribute \(text(key)): not UTF-8")
            }
            return Attribute(name: key, value: start..<(start + plain), decoded: false)
        }
        // Entities, line ends, or the end of the buffer: byte by byte, into `scratch`.
        let from = scratch.count
        scratch.append(contentsOf: buffer[start..<(start + plain)])
        while true {
            guard scratch.count - from <= XMLScanner.maxValue else {
                throw error("attribute \(text(key)): the value is over \(XMLScanner.maxValue) bytes")
            }
            guard let b = take() else { throw error("the file ends inside attribute \(text(key)) (truncated?)") }
            if b == quote { break }
            guard b != UInt8(ascii: "<") else { throw error("attribute \(text(key)): '<' in a value") }
            if b == UInt8(ascii: "&") { try readEntity(key) } else { scratch.append(b) }
            guard scratch.count - from <= XMLScanner.maxValue else {
                throw error("attribute \(text(key)): the value is over \(XMLScanner.maxValue) bytes")
            }
        }
        if scratch[from...].contains(where: { $0 >= 0x80 }),
            String(validating: scratch[from...], as: UTF8.self) == nil
        {
            throw error("attribute \(text(key)): not UTF-8")
        }
        return Attribute(name: key, value: from..<scratch.count, decoded: true)
    }

    /// The attribute `name` of the last start tag.
    func attribute(_ name: [UInt8]) -> Attribute? {
        for a in attributes where a.name.count == name.count {
            var i = 0
            while i < name.count, buffer[a.name.lowerBound + i] == name[i] { i += 1 }
            if i == name.count { return a }
        }
        return nil
    }

    /// Whether two ranges of the buffer hold the same bytes (no slices: a slice of the
    /// buffer retains it, and a tag's attributes are compared pairwise).
    @inline(__always)
    private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count, buffer[a.lowerBound + i] == buffer[b.lowerBound + i] { i += 1 }
        return i == a.count
    }

    /// The bytes of an attribute's value (entities decoded).
    func value(_ a: Attribute) -> ArraySlice<UInt8> { a.decoded ? scratch[a.value] : buffer[a.value] }

    /// An attribute's value as text (checked as UTF-8 when read).
    func string(_ a: Attribute) -> String { String(decoding: value(a), as: UTF8.self) }

    private mutating func readEntity(_ key: Range<Int>) throws(PBFError) {
        var name: [UInt8] = []
        while true {
            guard let b = take() else { throw error("the file ends inside an entity (truncated?)") }
            if b == UInt8(ascii: ";") { break }
            name.append(b)
            guard name.count <= 10 else { throw error("attribute \(text(key)): an entity without ';'") }
        }
        let text = String(decoding: name, as: UTF8.self)
        let named: [String: UInt8] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27]
        if let byte = named[text] {
            scratch.append(byte)
            return
        }
        var code: UInt32?
        if text.hasPrefix("#x") {
            code = UInt32(text.dropFirst(2), radix: 16)
        } else if text.hasPrefix("#") {
            code = UInt32(text.dropFirst(), radix: 10)
        }
        guard let code, code > 0, let scalar = Unicode.Scalar(code) else {
            throw error("attribute \(self.text(key)): unknown entity &\(text);")
        }
        scratch += Array(String(Character(scalar)).utf8)
    }

    /// Skips to the end tag of the element `name` just started (nested elements included).
    mutating func skipElement(_ name: String) throws(PBFError) {
        var depth = 1
        while depth > 0 {
            guard let e = try next() else { throw error("the file ends inside <\(name)> (truncated?)") }
            switch e {
            case .start(_, let empty): if !empty { depth += 1 }
            case .end: depth -= 1
            }
        }
    }
}
