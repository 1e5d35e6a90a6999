import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one folder under the system's temporary folder that holds every temporary folder of
/// this test process: `locate-tests-<pid>`.
///
/// Tests make databases of up to a few hundred megabytes between them; a CI run once failed
/// with "no space left on device" after earlier runs had left 77 GB behind. So the root is
/// removed when the process exits, and roots left by processes that are gone (a run killed
/// by a signal) are removed when the next test process starts.
enum TestScratchRoot {
    private static let prefix = "locate-tests-"

    /// The root's path; made (and the exit cleanup registered) on first use.
    static let path: String = {
        let base = FileManager.default.temporaryDirectory.path
        removeRootsOfEndedProcesses(in: base)
        let root = base + "/" + prefix + String(getpid())
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { TestScratchRoot.remove() }
        return root
    }()

    /// Removes this process's root (at exit).
    private static func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the roots whose process no longer runs.
    private static func removeRootsOfEndedProcesses(in base: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: base + "/" + name)
            }
        }
    }
}
