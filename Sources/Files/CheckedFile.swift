#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// A file written through POSIX calls with every result checked (POSIX.1-2017 `write`,
/// `fsync`, `close`, `rename`): a short write is continued, `EINTR` retried, and any failure
/// throws `FileError.cannotWrite` naming the path and the system's reason (`cannot write
/// /dev/full: No space left on device`). The writers of the files users name and read go
/// through it: exports, snapshot files, ingest reports, saved answers (the database's own
/// files are Storage's). Owned by one task; not `Sendable`.
///
/// An output the user names (`init(replacing:)`) is written under a temporary name beside it
/// (`NAME.tmp-PID`) and renamed over it by `commit()`, so a failed or killed run never leaves
/// a half file; a character device or a FIFO (a pipe), or any path under `/dev` (`/dev/stdout`,
/// even when it is a file) is written directly; a folder, a block device or a socket is refused.
public final class CheckedFile {
    /// The path errors name (the final path, not the temporary one).
    public let path: String
    private var fd: Int32
    /// Set when the file is written under a temporary name: (temporary, final).
    private let staged: (temporary: String, final: String)?
    /// False for a descriptor the file does not own (standard output).
    private let owned: Bool
    /// Set once committed or abandoned.
    private var finished = false

    private init(path: String, fd: Int32, staged: (String, String)?, owned: Bool) {
        self.path = path
        self.fd = fd
        self.staged = staged
        self.owned = owned
    }

    /// Standard output, written directly and never closed.
    public static func standardOutput() -> CheckedFile {
        CheckedFile(path: "standard output", fd: 1, staged: nil, owned: false)
    }

    /// Creates (or truncates) `path` and writes it directly: for files inside a folder the
    /// caller is building under a temporary name.
    public convenience init(creating path: String) throws {
        let fd = try CheckedFile.open(path, O_WRONLY | O_CREAT | O_TRUNC, named: path)
        self.init(path: path, fd: fd, staged: nil, owned: true)
    }

    /// Opens `path` for appending, creating it when missing (an index that grows by lines).
    public convenience init(appendingTo path: String) throws {
        let fd = try CheckedFile.open(path, O_WRONLY | O_CREAT | O_APPEND, named: path)
        self.init(path: path, fd: fd, staged: nil, owned: true)
    }

    /// An output the user named: see the type's summary. A regular file keeps its permissions
    /// when replaced; a symbolic link to one is followed (its target is replaced). Temporary
    /// files of dead earlier runs beside it are removed.
    public convenience init(replacing path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            // `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` (and `/proc/self/fd/N`) name a
            // descriptor: written in place even when it is a file. Other paths under /dev
            // (`/dev/shm/t.geojson`) are ordinary files, replaced whole.
            let device = CheckedFile.namesDescriptor(path) && st.st_mode & S_IFMT != S_IFDIR
            switch st.st_mode & S_IFMT {
            case S_IFREG where !device:
                let target = CheckedFile.resolved(path)
                CheckedFile.removeDeadTemporaries(of: target)
                let temporary = target + ".tmp-\(getpid())"
                let fd = try CheckedFile.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, named: path)
                _ = fchmod(fd, st.st_mode & 0o7777)
                self.init(path: path, fd: fd, staged: (temporary, target), owned: true)
            case S_IFCHR, S_IFIFO, S_IFREG:
                // A file reopened through /dev/stdout starts at 0: append, as the shell's `>` or `>>` left it.
                let append = st.st_mode & S_IFMT == S_IFREG ? O_APPEND : 0
                let fd = try CheckedFile.open(path, O_WRONLY | append, named: path)
                self.init(path: path, fd: fd, staged: nil, owned: true)
            case S_IFDIR:
                throw FileError.cannotWrite(path: path, reason: "it is a folder (name a file, or - for standard output)")
            default:
                throw FileError.cannotWrite(path: path, reason: "it is neither a regular file nor a character device or pipe")
            }
            return
        }
        let folder = CheckedFile.folder(of: path)
        var fst = stat()
        guard stat(folder, &fst) == 0 else {
            throw FileError.cannotWrite(path: path, reason: "folder \(folder) does not exist")
        }
        guard fst.st_mode & S_IFMT == S_IFDIR else {
            throw FileError.cannotWrite(path: path, reason: "\(folder) is not a folder")
        }
        CheckedFile.removeDeadTemporaries(of: path)
        let temporary = path + ".tmp-\(getpid())"
        let fd = try CheckedFile.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, named: path)
        self.init(path: path, fd: fd, staged: (temporary, path), owned: true)
    }

    /// Whether `path` names an open descriptor of this process rather than a file.
    public static func namesDescriptor(_ path: String) -> Bool {
        ["/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
    }

    deinit { abandon() }

    /// Writes all of `bytes`: a short write goes on from where it stopped, `EINTR` is retried.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard fd >= 0 else { throw FileError.cannotWrite(path: path, reason: "the file is already closed") }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc_write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            if n == 0 { throw FileError.cannotWrite(path: path, reason: "the device accepts no more bytes") }
            offset += n
        }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws {
        var copy = text
        try copy.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the file: syncs a regular file to disk (`fsync`, unless `sync` is false: files
    /// that can be fetched again), closes it (a failed close is an error: some file systems
    /// report write errors only there) and, for a staged output, renames it over its final
    /// path and syncs the folder. Standard output stays open.
    public func commit(sync: Bool = true) throws {
        guard fd >= 0, !finished else { throw FileError.cannotWrite(path: path, reason: "the file is already closed") }
        var st = stat()
        if sync, fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, fsync(fd) != 0 {
            let error = failure()
            abandon()
            throw error
        }
        guard owned else {
            finished = true
            return
        }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let error = failure()
            abandon()
            throw error
        }
        if let staged {
            guard rename(staged.temporary, staged.final) == 0 else {
                let error = failure()
                abandon()
                throw error
            }
            CheckedFile.syncFolder(CheckedFile.folder(of: staged.final))
        }
        finished = true
    }

    /// Closes without committing; a staged output's temporary file is removed (the final path
    /// is untouched). Called by `deinit` when `commit()` was not.
    public func abandon() {
        if fd >= 0, owned { close(fd) }
        fd = -1
        if !finished, let staged { unlink(staged.temporary) }
        finished = true
    }

    /// Writes `bytes` to `path` (created or truncated), synced (unless `sync` is false) and
    /// closed: for files inside a folder being built under a temporary name.
    public static func write(_ bytes: [UInt8], to path: String, sync: Bool = true) throws {
        let f = try CheckedFile(creating: path)
        try f.write(bytes)
        try f.commit(sync: sync)
    }

    /// Replaces `path` with `bytes` as `init(replacing:)` does: all or nothing.
    public static func replace(_ path: String, with bytes: [UInt8]) throws {
        let f = try CheckedFile(replacing: path)
        try f.write(bytes)
        try f.commit()
    }

    /// Syncs a folder's entries to disk (after a rename in it); file systems that cannot
    /// sync a folder are left as they are.
    public static func syncFolder(_ folder: String) {
        let fd = Glibc_open(folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The system's text for the current `errno` (`No space left on device`).
    public static func reason() -> String { String(cString: strerror(errno)) }

    private func failure() -> FileError { FileError.cannotWrite(path: path, reason: CheckedFile.reason()) }

    private static func open(_ file: String, _ flags: Int32, named path: String) throws -> Int32 {
        while true {
            let fd = Glibc_open(file, flags | O_CLOEXEC, 0o666)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw FileError.cannotWrite(path: path, reason: reason())
        }
    }

    /// The folder part of a path (`.` for a bare name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A symbolic link's final target (the path itself when it is none).
    private static func resolved(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Removes `NAME.tmp-PID` files beside `path` whose process is gone (left by a killed run),
    /// and one with our own id (a killed run whose id was given to us).
    static func removeDeadTemporaries(of path: String) {
        let folder = folder(of: path)
        let prefix = (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        for name in ProcessLiveness.entries(of: folder) where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid == getpid() || !ProcessLiveness.isAlive(pid)
            else { continue }
            unlink(folder + "/" + name)
        }
    }
}

/// Whether a process still runs, and folder listings without Foundation (leftover cleaning).
public enum ProcessLiveness {
    /// True unless no process has this id (`kill(pid, 0)` fails with `ESRCH`); our own id is alive.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// The names in a folder, without `.` and `..` (empty when it cannot be read).
    package static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// `write(2)` and `open(2)` under names that do not clash with the methods above.
package func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

package func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, mode)
    #else
        Darwin.open(path, flags, mode)
    #endif
}
