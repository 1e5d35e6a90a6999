/// Reads an OsmChange file (`.osc`, or gzip-compressed `.osc.gz`; OSM wiki "OsmChange"), as
/// replication servers publish it, one change at a time in file order, in bounded memory
/// (16 inflated chunks of 64 KiB and 8 batches of 2,048 changes ahead of the caller:
/// `ChangeBytes`, `ChangeStream`). The XML is read by a small strict reader of our own
/// (`XMLScanner`): the elements of OsmChange 0.6 only (`osmChange`, `create`/`modify`/
/// `delete`, `node`/`way`/`relation`, `tag`, `nd`, `member`, and `bounds`, skipped), no DTD,
/// no CDATA, no text content. Foundation's `XMLParser` is not in `Foundation` on Linux
/// (it is `FoundationXML`, a libxml2 binding the binary would then carry) and names no byte
/// offset in its errors. Every error names the file and the line (and byte) at fault.
public enum ChangeReader {
    /// Calls `body` with each change of the file at `path`, in order; `observe` sees the
    /// file's bytes as read (for its digest). With `selection` (the pipeline's filters), an
    /// object whose tags it does not pick comes with no tags: only the tags of objects that
    /// can be selected become strings.
    public static func read(
        path: String, selection: [[TagCondition]]? = nil, observe: ((UnsafeRawBufferPointer) -> Void)? = nil,
        body: (OSMChange) throws -> Void
    ) throws {
        // Inflated, scanned and applied on three threads (`ChangeStream`); every byte is
        // observed before the digest is read, and a failed body stops the threads.
        let stream = ChangeStream(path: path, selection: selection, observe: observe)
        defer { stream.stop() }
        while let batch = try stream.next() {
            for change in batch { try body(change) }
        }
    }

    /// The changes of an OsmChange document in memory (the fuzzer), named `path` in errors.
    public static func changes(of content: [UInt8], path: String) throws -> [OSMChange] {
        var scanner = XMLScanner(bytes: try ChangeBytes(bytes: content, path: path), path: path)
        var reader = ObjectReader(selection: nil)
        var out: [OSMChange] = []
        try read(&scanner, &reader) { out.append($0) }
        return out
    }

    /// Reads the changes of the document `s` scans, in order.
    static func read(_ s: inout XMLScanner, _ r: inout ObjectReader, body: (OSMChange) throws -> Void) throws {
        guard case .start(let root, let rootEmpty)? = try s.next() else {
            throw s.error("the file holds no XML element (not an OsmChange file?)")
        }
        guard root == "osmChange" else { throw s.error("the root element is <\(root)>, expected <osmChange>") }
        if rootEmpty { return try end(&s) }
        while true {
            guard let event = try s.next() else { throw s.error("the file ends inside <osmChange> (truncated?)") }
            switch event {
            case .end("osmChange"): return try end(&s)
            case .start("bounds", let empty):
                if !empty { try s.skipElement("bounds") }
            case .start(let name, let empty):
                guard let action = OSMAction(rawValue: name) else {
                    throw s.error("<\(name)> in <osmChange>: expected <create>, <modify> or <delete>")
                }
                if !empty { try readAction(&s, &r, action, body: body) }
            case .end(let name): throw s.error("unexpected </\(name)>")
            }
        }
    }

    private static func end(_ s: inout XMLScanner) throws {
        if let extra = try s.next() { throw s.error("content after </osmChange>: \(extra)") }
    }

    private static func readAction(
        _ s: inout XMLScanner, _ r: inout ObjectReader, _ action: OSMAction, body: (OSMChange) throws -> Void
    ) throws {
        while true {
            guard let event = try s.next() else { throw s.error("the file ends inside <\(action.rawValue)> (truncated?)") }
            switch event {
            case .end(let name) where name == action.rawValue: return
            case .start(let name, let empty):
                let line = s.line
                let object = try r.read(&s, name, empty: empty, action: action)
                try body(OSMChange(action: action, object: object, line: line))
            case .end(let name): throw s.error("unexpected </\(name)> in <\(action.rawValue)>")
            }
        }
    }

    static let types: [String: OSMType] = ["node": .node, "way": .way, "relation": .relation]
}

/// Decimal degrees as exact nanodegrees.
enum Coordinates {
    /// `-12.3456789` → -12_345_678_900: an optional sign, digits, an optional point and at
    /// most 9 decimals; nil otherwise or when beyond ±`limit`.
    static func nano(_ text: String, limit: Int64) -> Int64? { nano(bytes: text.utf8, limit: limit) }

    /// `nano(_:limit:)` of the bytes of a text.
    static func nano<C: Collection<UInt8>>(bytes text: C, limit: Int64) -> Int64? {
        var negative = false
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var point = false
        for (i, b) in text.enumerated() {
            switch b {
            case UInt8(ascii: "-") where i == 0: negative = true
            case UInt8(ascii: ".") where !point && wholeDigits > 0: point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let d = Int64(b - UInt8(ascii: "0"))
                if point {
                    fractionDigits += 1
                    guard fractionDigits <= 9 else { return nil }
                    fraction = fraction * 10 + d
                } else {
                    wholeDigits += 1
                    guard wholeDigits <= 3 else { return nil }
                    whole = whole * 10 + d
                }
            default: return nil
            }
        }
        guard wholeDigits > 0, !point || fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<9 { fraction *= 10 }
        let value = whole * 1_000_000_000 + fraction
        guard value <= limit * 1_000_000_000 else { return nil }
        return negative ? -value : value
    }
}
