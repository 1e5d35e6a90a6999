import Foundation

/// What `JSONDecoder` leaves unsaid about a submission body that it decoded: a member given
/// twice (it keeps one silently; RFC 8259 §4 leaves duplicate names' meaning open) and text
/// that is not UTF-8 (RFC 8259 §8.1; the decoder's failure looked like a wrong type). Walks
/// the body's top-level object once, after the decoder accepted its syntax.
enum BodyShape {
    /// Throws a 422 naming the member given more than once, or the member whose text is not
    /// valid UTF-8 (with the byte and its offset); a top-level name with invalid UTF-8 is a
    /// 400 for the whole body.
    static func check(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.first(where: { !isSpace($0) }) == UInt8(ascii: "{") else { return }
        let bad = firstInvalidUTF8(bytes)
        var depth = 0
        var expectingName = false
        var member: String?
        var names: Set<String> = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                let isName = depth == 1 && expectingName
                if let bad, bad > i, bad < end {
                    let position = "byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)"
                    guard !isName, let member else {
                        throw ServeError.refused(status: 400, message: "the body is not valid UTF-8 (\(position))", field: nil)
                    }
                    throw BodyFields.invalid(member, "is not valid UTF-8 text (\(position))")
                }
                if isName {
                    let raw = Data(bytes[i...min(end, bytes.count - 1)])
                    let name = (try? JSONDecoder().decode(String.self, from: raw)) ?? String(decoding: raw, as: UTF8.self)
                    guard names.insert(name).inserted else { throw BodyFields.invalid(name, "is given more than once") }
                    member = name
                    expectingName = false
                }
                i = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { expectingName = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { expectingName = true }
            default: break
            }
            i += 1
        }
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
