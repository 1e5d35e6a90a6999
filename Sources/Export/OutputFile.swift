import Digests
import Files

/// A buffered, hashing writer over a `CheckedFile`: every write checked, and an output the
/// user names written under a temporary name and renamed into place by `commit()`, so a reader
/// never sees a half-written file; `abandon()` (or deinit without commit) removes it. Counts
/// and hashes what it writes, for manifests. `init(collecting:)` keeps the bytes in memory
/// instead (`collected`: the preview page `locate serve` serves).
final class OutputFile {
    let path: String
    private let file: CheckedFile?
    private var buffer: [UInt8] = []
    /// What was written, when in memory.
    private(set) var collected: [UInt8] = []
    private(set) var bytesWritten = 0
    private var hasher = SHA256Hasher()

    /// Standard output: written as it goes, nothing to rename.
    init() {
        path = "-"
        file = CheckedFile.standardOutput()
    }

    /// Memory: the bytes are kept in `collected`.
    init(collecting: Void) {
        path = "-"
        file = nil
    }

    /// `replacing`: an output the user named (`CheckedFile(replacing:)`); else a new file in a
    /// folder being built under a temporary name (`CheckedFile(creating:)`).
    init(path: String, replacing: Bool) throws {
        self.path = path
        file = try replacing ? CheckedFile(replacing: path) : CheckedFile(creating: path)
        buffer.reserveCapacity(1 << 20)
    }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        hasher.update(buffer)
        bytesWritten += buffer.count
        if let file { try file.write(buffer) } else { collected += buffer }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs, closes and renames into place; returns (bytes, sha256).
    @discardableResult
    func commit() throws -> (bytes: Int, sha256: String) {
        try flush()
        try file?.commit()
        let digest = hasher
        return (bytesWritten, digest.finalize().hexString)
    }

    /// Closes without committing and removes the temporary file.
    func abandon() { file?.abandon() }
}
