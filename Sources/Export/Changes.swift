import Foundation
import Storage

/// `versions.tsv`: one line per feature, `id<TAB>content hash`, sorted as written. A field
/// is escaped so that any stored text survives: backslash as `\\`, tab as `\t`, line feed as
/// `\n`, carriage return as `\r` and NUL as `\0`; nothing else changes (docs/guide.md, "Static
/// snapshots").
enum VersionsFile {
    /// The file's text for (id, hash) pairs.
    static func text(_ versions: [(String, String)]) -> String {
        var out = ""
        for (id, hash) in versions { out += escaped(id) + "\t" + escaped(hash) + "\n" }
        return out
    }

    /// (id, hash) by id, read back from the file's text. Lines without a tab are skipped.
    static func read(_ text: String) -> [String: String] {
        var map: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { map[unescaped(parts[0])] = unescaped(parts[1]) }
        }
        return map
    }

    /// A field with backslash, tab, line feed, carriage return and NUL escaped.
    static func escaped(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The field an escaped text stands for (an unknown escape keeps its character).
    static func unescaped(_ s: some StringProtocol) -> String {
        guard s.contains("\\") else { return String(s) }
        var out = ""
        var escaping = false
        for c in s.unicodeScalars {
            if escaping {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                case "0": out += "\0"
                default: out.unicodeScalars.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// What changed since the previous snapshot, from both snapshots' `versions.tsv`:
/// `changes.json` (schema `snapshot-changes/1`).
struct Changes: Encodable {
    static let schema = "snapshot-changes/1"
    /// `toilets` or `stations` (the contract's `kind`).
    var kind: String
    var generatedAt: String
    /// The previous versions file (nil: there was no previous snapshot of the dataset).
    var previous: String?
    var added: [String]?
    var updated: [String]?
    var retired: [String]?

    /// `previous`: the versions file's path inside the snapshot folder `folder` being replaced
    /// (nil: there is none).
    init(kind: String, previous: String, in folder: String?, current: [(String, String)], generatedAt: String) {
        self.kind = kind
        self.generatedAt = generatedAt
        guard let folder, let data = FileManager.default.contents(atPath: folder + "/" + previous) else { return }
        self.previous = previous
        let old = VersionsFile.read(String(decoding: data, as: UTF8.self))
        var a: [String] = []
        var u: [String] = []
        var seen = Set<String>()
        for (id, hash) in current {
            seen.insert(id)
            if let h = old[id] { if h != hash { u.append(id) } } else { a.append(id) }
        }
        added = a
        updated = u
        retired = old.keys.filter { !seen.contains($0) }.sorted()
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Changes.schema, forKey: .schema)
        try c.encode(kind, forKey: .kind)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(previous, forKey: .previous)
        try c.encode(added ?? [], forKey: .added)
        try c.encode(updated ?? [], forKey: .updated)
        try c.encode(retired ?? [], forKey: .retired)
    }

    private enum Keys: String, CodingKey { case schema, kind, generatedAt = "generated_at", previous, added, updated, retired }
}
