/// A strict streaming reader of the XML subset OsmChange files use: elements with
/// attributes (quoted with `"` or `'`, the five predefined entities and character
/// references), the XML declaration, comments and whitespace between elements. Anything
/// else (text, CDATA, a DTD, processing instructions past the declaration) is an error.
/// Names are at most 64 bytes and attribute values 64 KiB (OSM allows 255 characters);
/// every loop advances by a byte or stops.
struct XMLScanner {
    /// What the reader met.
    enum Event: Equatable, CustomStringConvertible {
        /// A start tag (`empty` for `<tag/>`), with its attributes in order.
        case start(String, [(String, String)], empty: Bool)
        /// An end tag.
        case end(String)

        static func == (a: Event, b: Event) -> Bool {
            switch (a, b) {
            case (.end(let x), .end(let y)): x == y
            case (.start(let x, let ax, let ex), .start(let y, let ay, let ey)):
                x == y && ex == ey && ax.map { [$0.0, $0.1] } == ay.map { [$0.0, $0.1] }
            default: false
            }
        }

        var description: String {
            switch self {
            case .start(let n, _, _): "<\(n)>"
            case .end(let n): "</\(n)>"
            }
        }
    }

    private let bytes: ChangeBytes
    private let path: String
    private var chunk: [UInt8] = []
    private var index = 0
    /// The 1-based line of the current position.
    private(set) var line = 1
    /// Bytes of content read so far.
    private(set) var offset: Int64 = 0
    private static let maxName = 64
    private static let maxValue = 65_536

    init(bytes: ChangeBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// An error at the current position.
    func error(_ reason: String) -> PBFError {
        .badChange(path: path, line: line, offset: offset, reason: reason)
    }

    @inline(__always)
    private mutating func peek() throws(PBFError) -> UInt8? {
        if index < chunk.count { return chunk[index] }
        guard let next = try bytes.nextChunk() else { return nil }
        chunk = next
        index = 0
        return chunk[0]
    }

    @inline(__always)
    private mutating func take() throws(PBFError) -> UInt8? {
        guard let b = try peek() else { return nil }
        index += 1
        offset += 1
        if b == 0x0A { line += 1 }
        return b
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(PBFError) {
        guard let b = try take() else { throw error("the file ends inside \(what) (truncated?)") }
        guard b == byte else {
            throw error("\(what): expected '\(Character(Unicode.Scalar(byte)))', found \(XMLScanner.show(b))")
        }
    }

    private static func show(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (0x61...0x7A).contains(b) || (0x41...0x5A).contains(b) || (0x30...0x39).contains(b) || b == 0x5F || b == 0x3A
            || b == 0x2D || b == 0x2E
    }

    private mutating func skipSpace() throws(PBFError) {
        while let b = try peek(), XMLScanner.isSpace(b) { _ = try take() }
    }

    /// The next start or end tag, or nil at the end of the file.
    mutating func next() throws(PBFError) -> Event? {
        while true {
            try skipSpace()
            guard let b = try take() else { return nil }
            guard b == UInt8(ascii: "<") else { throw error("text outside a tag (\(XMLScanner.show(b)))") }
            guard let c = try peek() else { throw error("the file ends inside a tag (truncated?)") }
            switch c {
            case UInt8(ascii: "?"):
                guard offset == 1 else { throw error("a processing instruction after the start") }
                try skip(until: Array("?>".utf8), what: "the XML declaration")
            case UInt8(ascii: "!"):
                _ = try take()
                guard try take() == UInt8(ascii: "-"), try take() == UInt8(ascii: "-") else {
                    throw error("<! other than a comment (DTD and CDATA are not read)")
                }
                try skip(until: Array("-->".utf8), what: "a comment")
            case UInt8(ascii: "/"):
                _ = try take()
                let name = try readName("an end tag")
                try skipSpace()
                try expect(UInt8(ascii: ">"), "</\(name)")
                return .end(name)
            default:
                return try readStart()
            }
        }
    }

    private mutating func skip(until end: [UInt8], what: String) throws(PBFError) {
        var matched = 0
        while matched < end.count {
            guard let b = try take() else { throw error("the file ends inside \(what) (truncated?)") }
            matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0)
        }
    }

    private mutating func readName(_ what: String) throws(PBFError) -> String {
        var name: [UInt8] = []
        while let b = try peek(), XMLScanner.isNameByte(b) {
            _ = try take()
            name.append(b)
            guard name.count <= XMLScanner.maxName else { throw error("a name in \(what) is over \(XMLScanner.maxName) bytes") }
        }
        guard !name.isEmpty else {
            let found = try peek().map(XMLScanner.show) ?? "the end of the file"
            throw error("\(what): expected a name, found \(found)")
        }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func readStart() throws(PBFError) -> Event {
        let name = try readName("a start tag")
        var attributes: [(String, String)] = []
        while true {
            let hadSpace = try peek().map(XMLScanner.isSpace) ?? false
            try skipSpace()
            guard let b = try peek() else { throw error("the file ends inside <\(name)> (truncated?)") }
            if b == UInt8(ascii: ">") {
                _ = try take()
                return .start(name, attributes, empty: false)
            }
            if b == UInt8(ascii: "/") {
                _ = try take()
                try expect(UInt8(ascii: ">"), "<\(name) …/")
                return .start(name, attributes, empty: true)
            }
            guard hadSpace else { throw error("<\(name)>: expected a space before an attribute, found \(XMLScanner.show(b))") }
            let key = try readName("<\(name)>")
            guard !attributes.contains(where: { $0.0 == key }) else { throw error("<\(name)> has \(key) twice") }
            try skipSpace()
            try expect(UInt8(ascii: "="), "attribute \(key) of <\(name)>")
            try skipSpace()
            attributes.append((key, try readValue(key)))
        }
    }

    private mutating func readValue(_ key: String) throws(PBFError) -> String {
        guard let quote = try take() else { throw error("the file ends inside attribute \(key) (truncated?)") }
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("attribute \(key): expected a quote, found \(XMLScanner.show(quote))")
        }
        var value: [UInt8] = []
        while true {
            guard let b = try take() else { throw error("the file ends inside attribute \(key) (truncated?)") }
            if b == quote { break }
            guard b != UInt8(ascii: "<") else { throw error("attribute \(key): '<' in a value") }
            if b == UInt8(ascii: "&") { try readEntity(into: &value, key) } else { value.append(b) }
            guard value.count <= XMLScanner.maxValue else {
                throw error("attribute \(key): the value is over \(XMLScanner.maxValue) bytes")
            }
        }
        // ASCII (ids, positions, most keys) needs no validation.
        if value.allSatisfy({ $0 < 0x80 }) { return String(decoding: value, as: UTF8.self) }
        guard let text = String(validating: value, as: UTF8.self) else { throw error("attribute \(key): not UTF-8") }
        return text
    }

    private mutating func readEntity(into value: inout [UInt8], _ key: String) throws(PBFError) {
        var name: [UInt8] = []
        while true {
            guard let b = try take() else { throw error("the file ends inside an entity (truncated?)") }
            if b == UInt8(ascii: ";") { break }
            name.append(b)
            guard name.count <= 10 else { throw error("attribute \(key): an entity without ';'") }
        }
        let text = String(decoding: name, as: UTF8.self)
        let named: [String: UInt8] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27]
        if let byte = named[text] {
            value.append(byte)
            return
        }
        var code: UInt32?
        if text.hasPrefix("#x") {
            code = UInt32(text.dropFirst(2), radix: 16)
        } else if text.hasPrefix("#") {
            code = UInt32(text.dropFirst(), radix: 10)
        }
        guard let code, code > 0, let scalar = Unicode.Scalar(code) else {
            throw error("attribute \(key): unknown entity &\(text);")
        }
        value += Array(String(Character(scalar)).utf8)
    }

    /// Skips to the end tag of the element `name` just started (nested elements included).
    mutating func skipElement(_ name: String) throws(PBFError) {
        var depth = 1
        while depth > 0 {
            guard let e = try next() else { throw error("the file ends inside <\(name)> (truncated?)") }
            switch e {
            case .start(_, _, let empty): if !empty { depth += 1 }
            case .end: depth -= 1
            }
        }
    }
}
