import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The right to write one database, held by one process at a time: an advisory `flock` on
/// `<db>.lock` beside it. The file names its holder (process id and command line) for the
/// error of a process that waited in vain. The kernel drops the lock when the holder exits
/// or is killed, so a killed ingest never leaves the database locked; the holder removes
/// the file when it lets go. Not `Sendable`: one store owns it.
final class WriteLock {
    /// The lock file: `<db>.lock`.
    let path: String
    private var fd: Int32

    /// How often a waiting process tries again.
    static let pollSeconds = 0.05

    /// Takes the lock of `database`, trying again every `pollSeconds` for up to
    /// `waitSeconds` (0: one try) while another process holds it. `holder` is written into
    /// the file for others to read. Throws `StorageError.busy` naming the holder. `onWait`
    /// is told the holder once, when waiting begins.
    init(database: String, waitSeconds: Double, holder: String, onWait: (@Sendable (String) -> Void)? = nil) throws {
        let lockPath = database + ".lock"
        path = lockPath
        let tries = waitSeconds > 0 ? Int((waitSeconds / WriteLock.pollSeconds).rounded(.up)) : 0
        var waited = 0
        var replaced = 0
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let reason = WriteLock.errorText()
                let dir = (database as NSString).deletingLastPathComponent
                throw StorageError.notWritable(
                    path: database,
                    reason: FileManager.default.fileExists(atPath: database)
                        ? "cannot create the lock file \(lockPath): \(reason)"
                        : "cannot create the file in \(dir.isEmpty ? "." : dir)")
            }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // The holder we waited for removes the file as it lets go, and a third
                // process may have made a new one since: only a lock on the file now at
                // the path counts.
                if WriteLock.isCurrent(fd, path: lockPath) {
                    self.fd = fd
                    WriteLock.record(holder, in: fd)
                    return
                }
                close(fd)
                replaced += 1
                if replaced < 1000 { continue }
                throw StorageError.busy(path: database, holder: nil, waitedSeconds: waitSeconds)
            }
            let text = WriteLock.holderText(fd)
            close(fd)
            guard waited < tries else {
                throw StorageError.busy(path: database, holder: text, waitedSeconds: waitSeconds)
            }
            if waited == 0, let text { onWait?(text) }
            waited += 1
            usleep(useconds_t(WriteLock.pollSeconds * 1_000_000))
        }
    }

    deinit { release() }

    /// Removes the lock file and lets go of the lock (in that order, so that a process that
    /// opened the old file sees it was replaced). Safe to call twice.
    func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    /// True when `fd` is the file at `path` (same device and inode).
    private static func isCurrent(_ fd: Int32, path: String) -> Bool {
        var open = stat()
        var named = stat()
        return fstat(fd, &open) == 0 && stat(path, &named) == 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Writes `pid <n>` and the holder's description into the lock file.
    private static func record(_ holder: String, in fd: Int32) {
        let text = Array("pid \(getpid()): \(holder)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The holder as its lock file names it, when that process is still alive.
    private static func holderText(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("pid "), let pid = Int32(text.dropFirst(4).prefix { $0.isNumber }), pid > 0 else { return nil }
        guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }

    private static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
