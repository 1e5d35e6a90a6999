import Yams

/// A YAML mapping read key by key; `finish()` fails on any key that was not read, naming
/// it and its line.
struct YAMLMap {
    let path: String
    let context: String
    let line: Int?
    private var entries: [(key: String, value: Node, line: Int?)] = []
    private let consumed: Box = Box()

    final class Box { var keys: Set<String> = [] }

    init(_ node: Node, path: String, context: String) throws {
        self.path = path
        self.context = context
        self.line = node.mark?.line
        guard let mapping = node.mapping else {
            throw IngestError.invalidPipeline(path: path, line: node.mark?.line, reason: "\(context) must be a mapping of keys")
        }
        var seen = Set<String>()
        for (k, v) in mapping {
            guard let key = k.string else {
                throw IngestError.invalidPipeline(path: path, line: k.mark?.line, reason: "keys must be strings")
            }
            guard seen.insert(key).inserted else {
                throw IngestError.invalidPipeline(path: path, line: k.mark?.line, reason: "duplicate key '\(key)'")
            }
            entries.append((key, v, k.mark?.line))
        }
    }

    func error(_ key: String, _ reason: String) -> IngestError {
        let l = entries.first { $0.key == key }?.line ?? line
        return .invalidPipeline(path: path, line: l, reason: "\(key): \(reason)")
    }

    /// The 1-based line of `key`, or of the mapping when the key is absent.
    func line(of key: String) -> Int? { entries.first { $0.key == key }?.line ?? line }

    func missing(_ key: String) -> IngestError {
        .invalidPipeline(path: path, line: line, reason: "missing key '\(key)' in \(context)")
    }

    private func node(_ key: String) -> Node? {
        consumed.keys.insert(key)
        guard let e = entries.first(where: { $0.key == key }) else { return nil }
        if case .scalar(let s) = e.value,
            s.tag.description == Tag.Name.null.rawValue || s.string == "~" || (s.string.isEmpty && s.style == .plain)
        {
            return nil
        }
        return e.value
    }

    func string(_ key: String) throws -> String? {
        guard let n = node(key) else { return nil }
        guard case .scalar(let s) = n else { throw error(key, "expected a text value") }
        return s.string
    }

    func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw missing(key) }
        return s
    }

    func requiredNumber(_ key: String) throws -> Double {
        guard let n = node(key) else { throw missing(key) }
        guard let v = n.float ?? n.int.map(Double.init), v.isFinite else { throw error(key, "expected a number") }
        return v
    }

    func number(_ key: String) throws -> Double? {
        guard let n = node(key) else { return nil }
        guard let v = n.float ?? n.int.map(Double.init), v.isFinite else { throw error(key, "expected a number") }
        return v
    }

    func stringList(_ key: String) throws -> [String]? {
        guard let n = node(key) else { return nil }
        guard let seq = n.sequence else { throw error(key, "expected a list") }
        return try seq.map { item in
            guard let s = item.string else { throw error(key, "list items must be text") }
            return s
        }
    }

    /// The mapping under `key`, or nil when the key is absent or null.
    func map(_ key: String) throws -> YAMLMap? {
        guard let n = node(key) else { return nil }
        return try YAMLMap(n, path: path, context: "'\(key)'")
    }

    func requiredMap(_ key: String) throws -> YAMLMap {
        guard let n = node(key) else { throw missing(key) }
        return try YAMLMap(n, path: path, context: "'\(key)'")
    }

    /// True when the mapping has `key` (with any value).
    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    func finish() throws {
        if let unknown = entries.first(where: { !consumed.keys.contains($0.key) }) {
            throw IngestError.invalidPipeline(
                path: path, line: unknown.line, reason: "unknown key '\(unknown.key)' in \(context)")
        }
    }
}
