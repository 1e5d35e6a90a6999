import Foundation

/// One replication diff to apply and the sequence number it brings the dataset to. The
/// number comes from, in order (docs/pipelines.md, "Replication diffs"):
/// 1. `--sequence N` (one file only);
/// 2. its state file beside it, as replication servers lay them out: `123.osc.gz` and
///    `123.state.txt` (`sequenceNumber=`, and `timestamp=` for the state's time);
/// 3. its name: `123.osc.gz` or `123.osc`.
public struct ChangeFile: Sendable, Equatable {
    /// The file.
    public var path: String
    /// The sequence number the diff brings the dataset to.
    public var sequence: Int64
    /// The replication timestamp of that state (RFC 3339, UTC), when its state file has one.
    public var timestamp: String?

    /// A diff.
    public init(path: String, sequence: Int64, timestamp: String?) {
        self.path = path
        self.sequence = sequence
        self.timestamp = timestamp
    }

    /// The diffs at `paths` with their sequence numbers, in the order given.
    public static func resolve(_ paths: [String], sequence: Int64?) throws -> [ChangeFile] {
        if sequence != nil, paths.count != 1 {
            throw IngestError.unsupported(
                path: paths.joined(separator: ", "), reason: "--sequence names the sequence of one diff")
        }
        return try paths.map { path in
            guard FileManager.default.fileExists(atPath: path) else { throw IngestError.fileNotFound(path: path) }
            let name = (path as NSString).lastPathComponent
            let stem = ["osc.gz", "osc"].compactMap { ext in
                name.hasSuffix("." + ext) ? String(name.dropLast(ext.count + 1)) : nil
            }.first
            let folder = (path as NSString).deletingLastPathComponent
            let statePath = stem.map { (folder as NSString).appendingPathComponent($0 + ".state.txt") }
            let state = try statePath.flatMap { try readState($0) }
            if let sequence {
                let s = try ReplicationSequence.checked(sequence, path: path, field: "--sequence")
                return ChangeFile(path: path, sequence: s, timestamp: state?.timestamp)
            }
            if let state, let s = state.sequence { return ChangeFile(path: path, sequence: s, timestamp: state.timestamp) }
            if let stem, !stem.isEmpty, stem.count <= 18, stem.utf8.allSatisfy({ (48...57).contains($0) }), let s = Int64(stem) {
                return ChangeFile(path: path, sequence: s, timestamp: state?.timestamp)
            }
            throw IngestError.diffWithoutSequence(path: path)
        }
    }

    /// A replication `state.txt` (Java properties: `sequenceNumber=123`,
    /// `timestamp=2026-11-27T10\:00\:00Z`), at most 64 KiB (no more than that and one byte
    /// is read); nil when there is no such file.
    static func readState(_ path: String) throws -> (sequence: Int64?, timestamp: String?)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let limit = 65_536
        let handle = FileHandle(forReadingAtPath: path)
        defer { try? handle?.close() }
        guard let data = try? handle?.read(upToCount: limit + 1) ?? Data(), handle != nil, data.count <= limit else {
            throw IngestError.unreadable(path: path, reason: "not a replication state file (unreadable or over 64 KiB)")
        }
        var sequence: Int64?
        var timestamp: String?
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.hasPrefix("#"), let eq = text.firstIndex(of: "=") else { continue }
            let key = text[..<eq]
            let value = text[text.index(after: eq)...].replacingOccurrences(of: "\\", with: "")
            if key == "sequenceNumber" {
                let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
                guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
                    throw IngestError.unreadable(
                        path: path, reason: "line \(number + 1): sequenceNumber '\(value)' is not a number")
                }
                guard let s = Int64(value), ReplicationSequence.range.contains(s) else {
                    throw IngestError.sequenceOutOfRange(path: path, field: "line \(number + 1): sequenceNumber", value: value)
                }
                sequence = s
            } else if key == "timestamp" {
                guard (try? Date.ISO8601FormatStyle().parse(value)) != nil else {
                    throw IngestError.unreadable(path: path, reason: "line \(number + 1): timestamp '\(value)' is not RFC 3339")
                }
                timestamp = value
            }
        }
        return (sequence, timestamp)
    }
}
