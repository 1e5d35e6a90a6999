import Digests
import Foundation

/// Why a JSON text could not be read, with the 1-based line and byte offset.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// What was wrong, such as `expected ',' or '}'`.
    public var reason: String
    /// 1-based line of the offending byte.
    public var line: Int
    /// 0-based byte offset of the offending byte.
    public var offset: Int
}

/// A pull parser over a byte source read in fixed-size chunks, so a 1 GB file is parsed in
/// bounded memory: callers parse one value at a time (`parseValue`) or walk containers
/// (`beginObject`/`nextKey`, `beginArray`/`nextElement`). RFC 8259 grammar, UTF-8 input.
final class JSONStreamParser {
    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var index = 0
    private var consumedBefore = 0
    private var atEnd = false
    /// The 1-based line of the next byte (a caller that read a prefix itself sets where it starts).
    var line = 1
    private let chunkSize: Int
    /// SHA-256 of every byte read from the file so far, hashed as each chunk arrives (the
    /// ingest's input digest; measured cheaper inline than on a thread of its own).
    private(set) var digest = SHA256Hasher()

    /// Parses a file, reading `chunkSize` bytes at a time.
    init(handle: FileHandle, chunkSize: Int = 1 << 20) {
        self.handle = handle
        self.buffer = []
        self.chunkSize = chunkSize
    }

    /// Parses `prefix` (bytes a caller read already to tell the form), then the file.
    init(handle: FileHandle, prefix: [UInt8], chunkSize: Int = 1 << 20) {
        self.handle = handle
        self.buffer = prefix
        self.chunkSize = chunkSize
    }

    /// Parses bytes already in memory.
    init(bytes: [UInt8]) {
        self.handle = nil
        self.buffer = bytes
        self.chunkSize = 0
        self.atEnd = true
    }

    var offset: Int { consumedBefore + index }

    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, line: line, offset: offset)
    }

    // MARK: bytes

    @inline(__always) private func peekByte() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        try refill()
        return index < buffer.count ? buffer[index] : nil
    }

    private func refill() throws {
        guard !atEnd, let handle else { return }
        consumedBefore += buffer.count
        index = 0
        let data = try handle.read(upToCount: chunkSize) ?? Data()
        if data.isEmpty {
            atEnd = true
            buffer = []
        } else {
            buffer = [UInt8](data)
            digest.update(buffer)
        }
    }

    /// Makes sure `count` bytes from `index` are buffered (fewer only at the end of the
    /// input), appending chunks instead of replacing the buffer.
    private func bufferAtLeast(_ count: Int) throws {
        while buffer.count - index < count, !atEnd, let handle {
            let data = try handle.read(upToCount: chunkSize) ?? Data()
            if data.isEmpty {
                atEnd = true
                break
            }
            let more = [UInt8](data)
            digest.update(more)
            buffer += more
        }
    }

    @inline(__always) private func skipWhitespace() throws {
        while true {
            // On locals: each access to a stored property of the class is checked for
            // exclusivity at run time, and this runs before every token.
            var i = index
            var lines = 0
            let found = buffer.withUnsafeBufferPointer { b in
                while i < b.count {
                    let c = b[i]
                    if c == 0x20 || c == 0x09 || c == 0x0D {
                        i += 1
                    } else if c == 0x0A {
                        lines += 1
                        i += 1
                    } else {
                        return true
                    }
                }
                return false
            }
            index = i
            if lines > 0 { line += lines }
            if found { return }
            if atEnd || handle == nil { return }
            try refill()
            if atEnd { return }
        }
    }

    /// The next non-space byte, not consumed; nil at the end of input.
    func peek() throws -> UInt8? {
        // Fast path, one access to the buffer: the next byte is here and no whitespace (the
        // common case in compact JSON; called before every token).
        let i = index
        let next: UInt8? = buffer.withUnsafeBufferPointer { b in
            guard i < b.count else { return nil }
            let c = b[i]
            return c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A ? nil : c
        }
        if let next { return next }
        try skipWhitespace()
        return try peekByte()
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        let b = try peek()
        guard b == byte else { throw error(b == nil ? "unexpected end of input" : "expected \(what)") }
        index += 1
    }

    /// Skips a UTF-8 byte order mark at the very start, if present.
    func skipByteOrderMark() throws {
        guard offset == 0, let first = try peekByte() else { return }
        // The second byte too, however small the chunks: the answer must not depend on them.
        try bufferAtLeast(2)
        let second: UInt8? = index + 1 < buffer.count ? buffer[index + 1] : nil
        if first == 0xFF || first == 0xFE {
            if second == (first == 0xFF ? 0xFE : 0xFF) {
                throw error(
                    "the file is UTF-16 (byte order mark \(first == 0xFF ? "FF FE" : "FE FF")); save it as UTF-8 "
                        + "(iconv -f UTF-16 -t UTF-8)")
            }
            throw error("byte 0x\(String(first, radix: 16, uppercase: true)) cannot start UTF-8 text")
        }
        if first == 0 || (first < 0x80 && second == 0) {
            throw error(
                "the file holds NUL bytes: UTF-16 or UTF-32 without a byte order mark, or binary data; locate reads UTF-8 JSON")
        }
        guard first == 0xEF else { return }
        for b: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard try peekByte() == b else { throw error("invalid byte order mark") }
            index += 1
        }
    }

    /// Fails unless only whitespace remains.
    func expectEnd() throws {
        if try peek() != nil { throw error("unexpected data after the top-level value") }
    }

    // MARK: containers

    /// Consumes `{`.
    func beginObject() throws { try expect(UInt8(ascii: "{"), "'{'") }
    /// Consumes `[`.
    func beginArray() throws { try expect(UInt8(ascii: "["), "'['") }

    /// The next member key of the object being walked (consuming `,` and `:`), or nil at
    /// `}`. `first` is true for the first call after `beginObject`.
    func nextKey(first: Bool) throws -> String? {
        guard let b = try peek() else { throw error("unexpected end of input") }
        if b == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if !first {
            guard b == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
            index += 1
        }
        guard let q = try peek() else { throw error("unexpected end of input") }
        guard q == UInt8(ascii: "\"") else { throw error("expected a member name") }
        let key = try parseString()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// True when another element follows in the array being walked (consuming `,`); false
    /// at `]`.
    func nextElement(first: Bool) throws -> Bool {
        guard let b = try peek() else { throw error("unexpected end of input") }
        if b == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if !first {
            guard b == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
            index += 1
        }
        return true
    }

    // MARK: values

    /// Parses one complete value.
    func parseValue(depth: Int = 0) throws -> JSONValue {
        guard depth < 512 else { throw error("nesting deeper than 512 levels") }
        guard let b = try peek() else { throw error("unexpected end of input") }
        switch b {
        case UInt8(ascii: "{"):
            index += 1
            // Room for a typical feature's members at once instead of growing 1, 2, 4, 8.
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(8)
            var first = true
            while let key = try nextKey(first: first) {
                first = false
                members.append((key, try parseValue(depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            items.reserveCapacity(2)  // a position
            var first = true
            while try nextElement(first: first) {
                first = false
                items.append(try parseValue(depth: depth + 1))
            }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(b)))'")
        }
    }

    private func literal(_ word: String) throws {
        for expected in word.utf8 {
            guard try peekByte() == expected else { throw error("invalid literal, expected '\(word)'") }
            index += 1
        }
    }

    private func parseNumber() throws -> String {
        var text: [UInt8] = []
        while let b = try peekByte() {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                text.append(b)
                index += 1
            default:
                return try validNumber(text)
            }
        }
        return try validNumber(text)
    }

    private func validNumber(_ bytes: [UInt8]) throws -> String {
        let s = String(decoding: bytes, as: UTF8.self)
        // RFC 8259 number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        var i = bytes.startIndex
        func digits() -> Int {
            let start = i
            while i < bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intDigits = digits()
        var ok = intDigits > 0 && !(intDigits > 1 && bytes[i - intDigits] == UInt8(ascii: "0"))
        if ok, i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") {
            i += 1
            ok = digits() > 0
        }
        if ok, i < bytes.endIndex, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            ok = digits() > 0
        }
        guard ok, i == bytes.endIndex else { throw error("invalid number '\(s)'") }
        return s
    }

    func parseString() throws -> String {
        try expect(UInt8(ascii: "\""), "'\"'")
        // Fast path: no escapes and the closing quote is in this chunk. One scan over a
        // buffer pointer (each access to a stored property of the class is checked for
        // exclusivity at run time).
        let start = index
        let fast: (end: Int, text: String?)? = buffer.withUnsafeBufferPointer { b in
            var end = start
            var high: UInt8 = 0
            while end < b.count {
                let c = b[end]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                high |= c
                end += 1
            }
            guard end < b.count, b[end] == UInt8(ascii: "\"") else { return nil }
            // ASCII needs no validation (and the generic validating initialiser is slow).
            let slice = UnsafeBufferPointer(rebasing: b[start..<end])
            return (end, high < 0x80 ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self))
        }
        if let fast {
            index = fast.end + 1
            guard let s = fast.text else { throw error("invalid UTF-8 in string") }
            return s
        }
        var bytes: [UInt8] = []
        while true {
            // Fast path: copy a run of plain bytes from the current chunk.
            let start = index
            while index < buffer.count {
                let b = buffer[index]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                index += 1
            }
            if index > start { bytes.append(contentsOf: buffer[start..<index]) }
            guard let b = try peekByte() else { throw error("unterminated string") }
            if b == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if b < 0x20 { throw error("control character in string") }
            if b == UInt8(ascii: "\\") {
                index += 1
                try parseEscape(into: &bytes)
            }
        }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        return s
    }

    private func parseEscape(into bytes: inout [UInt8]) throws {
        guard let e = try peekByte() else { throw error("unterminated string") }
        index += 1
        switch e {
        case UInt8(ascii: "\""): bytes.append(0x22)
        case UInt8(ascii: "\\"): bytes.append(0x5C)
        case UInt8(ascii: "/"): bytes.append(0x2F)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard try peekByte() == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
                index += 1
                guard try peekByte() == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                index += 1
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("unpaired surrogate in \\u escape")
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
            bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
    }

    private func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = try peekByte() else { throw error("unterminated \\u escape") }
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - 55
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
            index += 1
        }
        return v
    }
}
