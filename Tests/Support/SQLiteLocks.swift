public import Foundation

/// The POSIX record locks SQLite holds on a WAL database, as another process sees them: a
/// process does not see its own locks through `F_GETLK`, so a child (`python3`) asks.
/// The byte ranges are SQLite's unix VFS's (https://sqlite.org/walformat.html, "The WAL-Index
/// File Format"; src/os_unix.c): the WAL index's dead-man-switch byte, which every process
/// with the database open holds a read lock on, and the database file's shared range, which
/// every connection in WAL mode holds a read lock on while it is open.
public enum SQLiteLocks {
    /// A lock SQLite takes.
    public enum Range: Sendable {
        /// `-shm` byte 128 (`UNIX_SHM_DMS`): a process holding it is known to use the WAL
        /// index; a process that finds it free truncates and rebuilds the `-shm`.
        case walIndexInUse
        /// The database file's shared range (`SHARED_FIRST` 0x40000002, 510 bytes): a
        /// connection that finds another holding it never deletes the WAL at close.
        case databaseShared

        var file: (suffix: String, start: Int64, length: Int64) {
            switch self {
            case .walIndexInUse: ("-shm", 128, 1)
            case .databaseShared: ("", 0x4000_0002, 510)
            }
        }
    }

    /// The process id of a process holding a lock on `range` of the database at `path` that
    /// keeps others from writing it, or nil when none does (the file missing included).
    public static func holder(of range: Range, database path: String) throws -> Int32? {
        let (suffix, start, length) = range.file
        let script = """
            import fcntl, os, struct, sys
            try:
                fd = os.open(sys.argv[1], os.O_RDONLY)
            except FileNotFoundError:
                print("none"); sys.exit(0)
            want = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, int(sys.argv[2]), int(sys.argv[3]), 0)
            kind, _, _, _, pid = struct.unpack("hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, want))
            print("none" if kind == fcntl.F_UNLCK else pid)
            """
        let r = try Fixtures.run("/usr/bin/env", ["python3", "-c", script, path + suffix, "\(start)", "\(length)"])
        let text = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard r.status == 0, text == "none" || Int32(text) != nil else {
            throw TestSupportError("the lock probe failed (\(r.status)): \(r.stdout) \(r.stderr)")
        }
        return Int32(text)
    }
}
