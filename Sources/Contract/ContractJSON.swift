/// The one JSON encoder of the contract (docs/json.md): JSON with sorted keys from any
/// `Encodable`, compact (the server's answers, stored values, files) or indented (`pretty`:
/// command answers), the same text wherever it is written. It makes the keys and values
/// Foundation's `JSONEncoder` would, several times faster (no coding paths, no key
/// strategies, no intermediate dictionaries). Strings escape `"`, `\\` and every control
/// character (docs/json.md rule 10); `/` stays as is; numbers JSON cannot hold are `null`.
public enum ContractJSON {
    /// The JSON text of `value`, UTF-8: compact, or indented when `pretty`.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> [UInt8] {
        let compact = try encode(value, newline: false)
        return pretty ? indented(compact) : compact
    }

    /// The compact JSON text of `value`, UTF-8, followed by a line break when `newline` (the
    /// HTTP answers' form, written in place rather than by copying the text once more).
    public static func encode<T: Encodable>(_ value: T, newline: Bool) throws -> [UInt8] {
        let encoder = NodeEncoder()
        try value.encode(to: encoder)
        var out: [UInt8] = []
        out.reserveCapacity(16384)
        var orders = KeyOrders()
        write(encoder.node, to: &out, orders: &orders)
        if newline { out.append(UInt8(ascii: "\n")) }
        return out
    }

    /// The sorted order of each sequence of keys met so far in one document: the objects of
    /// a list (ten results) are sorted once.
    struct KeyOrders {
        private var known: [(keys: [String], order: [Int])] = []

        mutating func order(of members: [(key: String, value: Node)]) -> [Int] {
            for k in known where k.keys.count == members.count && k.keys.elementsEqual(members.lazy.map(\.key)) {
                return k.order
            }
            let order = members.indices.sorted { members[$0].key.utf8.lexicographicallyPrecedes(members[$1].key.utf8) }
            if known.count < 16 { known.append((members.map(\.key), order)) }
            return order
        }
    }

    static func write(_ node: Node, to out: inout [UInt8], orders: inout KeyOrders) {
        switch node {
        case .null: out.append(contentsOf: "null".utf8)
        case .literal(let text): out.append(contentsOf: text.utf8)
        case .string(let text): string(text, to: &out)
        case .array(let box):
            out.append(UInt8(ascii: "["))
            for (i, item) in box.items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out, orders: &orders)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let box):
            out.append(UInt8(ascii: "{"))
            let members = box.members
            var previous: String?
            for i in orders.order(of: members) where members[i].key != previous {
                if previous != nil { out.append(UInt8(ascii: ",")) }
                string(members[i].key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(members[i].value, to: &out, orders: &orders)
                previous = members[i].key
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string.
    public static func string(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        // Native strings are contiguous UTF-8: one pass over the bytes, then one copy.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if plain == true { return }
        if plain == nil, !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
    }

    /// A number as JSONEncoder writes it: integral doubles without `.0`.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ v: F) -> Node {
        guard v.isFinite else { return .null }
        var text = v.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    /// `number(v)`'s text appended to `out` (`null` when not finite), without the `String`
    /// edits: the `.0` is dropped from the bytes.
    public static func number(_ v: Double, to out: inout [UInt8]) {
        guard v.isFinite else { return out.append(contentsOf: "null".utf8) }
        let text = v.description.utf8
        var end = text.endIndex
        if text.count >= 2, text.last == UInt8(ascii: "0"), text[text.index(end, offsetBy: -2)] == UInt8(ascii: ".") {
            end = text.index(end, offsetBy: -2)
        }
        out.append(contentsOf: text[..<end])
    }

    /// An encoded value.
    enum Node {
        case null
        /// A number or boolean, written as is.
        case literal(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    final class ObjectBox {
        var members: [(key: String, value: Node)] = []
    }
}

/// The `Encoder` behind `ContractJSON`: it records one value (`node`).
final class NodeEncoder: Encoder {
    var node: ContractJSON.Node = .null
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let box) = node { return KeyedEncodingContainer(Keyed<Key>(box: box)) }
        let box = ContractJSON.ObjectBox()
        node = .object(box)
        return KeyedEncodingContainer(Keyed<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box) = node { return Unkeyed(box: box) }
        let box = ContractJSON.ArrayBox()
        node = .array(box)
        return Unkeyed(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    /// The node of one value: scalars and optional scalars directly (one cast), anything
    /// else through its own `encode(to:)`.
    static func node<T: Encodable>(_ value: T) throws -> ContractJSON.Node {
        // The types answers are made of, told by their metadata (a pointer comparison);
        // a cast to `any JSONScalar` looks the conformance up in the runtime's tables.
        if let v = exactly(value, String?.self) { return v.map(ContractJSON.Node.string) ?? .null }
        if let v = exactly(value, String.self) { return .string(v) }
        if let v = exactly(value, Bool?.self) { return v.map { .literal($0 ? "true" : "false") } ?? .null }
        if let v = exactly(value, Double.self) { return ContractJSON.number(v) }
        if let v = exactly(value, Double?.self) { return v.map(ContractJSON.number) ?? .null }
        if let scalar = value as? any JSONScalar { return scalar.jsonNode }
        let child = NodeEncoder()
        try value.encode(to: child)
        return child.node
    }

    /// `value` as `U` when `T` is exactly `U`, else nil.
    @inline(__always)
    private static func exactly<T, U>(_ value: T, _ type: U.Type) -> U? {
        T.self == U.self ? unsafeBitCast(value, to: U.self) : nil
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ContractJSON.ObjectBox
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { box.members.append((key.stringValue, .null)) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.members.append((key.stringValue, .string(value))) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            box.members.append((key.stringValue, ContractJSON.number(value)))
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            box.members.append((key.stringValue, .literal(String(value))))
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            box.members.append((key.stringValue, .literal(value ? "true" : "false")))
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.members.append((key.stringValue, try NodeEncoder.node(value)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = ContractJSON.ObjectBox()
            box.members.append((key.stringValue, .object(nested)))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ContractJSON.ArrayBox()
            box.members.append((key.stringValue, .array(nested)))
            return Unkeyed(box: nested)
        }

        mutating func superEncoder() -> any Encoder { Deferred(parent: .object(box, "super")) }

        mutating func superEncoder(forKey key: Key) -> any Encoder { Deferred(parent: .object(box, key.stringValue)) }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let box: ContractJSON.ArrayBox
        var codingPath: [any CodingKey] { [] }
        var count: Int { box.items.count }

        mutating func encodeNil() throws { box.items.append(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try NodeEncoder.node(value)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
        {
            let nested = ContractJSON.ObjectBox()
            box.items.append(.object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = ContractJSON.ArrayBox()
            box.items.append(.array(nested))
            return Unkeyed(box: nested)
        }

        mutating func superEncoder() -> any Encoder { Deferred(parent: .array(box)) }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.node = .null }
        mutating func encode(_ value: Bool) throws { encoder.node = .literal(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { encoder.node = .string(value) }
        mutating func encode(_ value: Double) throws { encoder.node = ContractJSON.number(value) }
        mutating func encode(_ value: Float) throws { encoder.node = ContractJSON.number(value) }
        mutating func encode(_ value: Int) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: Int8) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: Int16) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: Int32) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: Int64) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: UInt) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.node = .literal(String(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.node = .literal(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try NodeEncoder.node(value) }
    }

    /// A super-encoder: what it records goes into its parent when it is released.
    private final class Deferred: Encoder {
        enum Parent {
            case object(ContractJSON.ObjectBox, String)
            case array(ContractJSON.ArrayBox)
        }

        let parent: Parent
        let inner = NodeEncoder()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(parent: Parent) { self.parent = parent }

        deinit {
            switch parent {
            case .object(let box, let key): box.members.append((key, inner.node))
            case .array(let box): box.items.append(inner.node)
            }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
        func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
    }
}

/// A value `ContractJSON` writes without an encoder of its own.
private protocol JSONScalar {
    var jsonNode: ContractJSON.Node { get }
}

extension String: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { .string(self) }
}

extension Double: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { ContractJSON.number(self) }
}

extension Int: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { .literal(String(self)) }
}

extension Int64: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { .literal(String(self)) }
}

extension Bool: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { .literal(self ? "true" : "false") }
}

extension Optional: JSONScalar where Wrapped: JSONScalar {
    fileprivate var jsonNode: ContractJSON.Node { self?.jsonNode ?? .null }
}
