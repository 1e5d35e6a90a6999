import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// A buffered file written to `<path>.tmp-<pid>` and renamed over `path` by `commit()`, so a
/// reader never sees a half-written file; `abandon()` (or deinit without commit) removes it.
/// Also hashes and counts what it writes, for manifests.
final class OutputFile {
    let path: String
    private let temporary: String?
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private(set) var bytesWritten = 0
    private var hasher = SHA256Hasher()
    private var done = false

    /// Standard output: written as it goes, nothing to rename.
    init() {
        path = "-"
        temporary = nil
        handle = FileHandle.standardOutput
    }

    init(path: String) throws {
        self.path = path
        let temporary = path + ".tmp-\(getpid())"
        self.temporary = temporary
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let h = FileHandle(forWritingAtPath: temporary)
        else {
            throw ExportError.unwritable(path: path, reason: OutputFile.reason(for: path))
        }
        handle = h
        buffer.reserveCapacity(1 << 20)
    }

    deinit { if !done { abandon() } }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        hasher.update(buffer)
        bytesWritten += buffer.count
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw ExportError.unwritable(path: path, reason: "\(error.localizedDescription.lowercased())")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and renames into place; returns (bytes, sha256).
    @discardableResult
    func commit() throws -> (bytes: Int, sha256: String) {
        try flush()
        done = true
        guard let temporary else {
            let digest = hasher
            return (bytesWritten, digest.finalize().hexString)
        }
        try? handle.close()
        guard rename(temporary, path) == 0 else {
            abandon()
            throw ExportError.unwritable(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        done = true
        let digest = hasher
        return (bytesWritten, digest.finalize().hexString)
    }

    func abandon() {
        done = true
        guard let temporary else { return }
        try? handle.close()
        unlink(temporary)
    }

    static func reason(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) { return "folder \(dir) does not exist" }
        if !isDir.boolValue { return "\(dir) is not a folder" }
        return "permission denied"
    }
}
