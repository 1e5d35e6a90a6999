import Files
import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a snapshot lives on disk (docs/guide.md, "Static snapshots"): `DIR` is a symbolic link to
/// `DIR.v/N`, the current generation; `DIR.v` also keeps the generation before it (readers
/// that started on it finish there) and, while an export runs, its work folder `tmp-PID`.
/// A new generation is built in the work folder, renamed to `DIR.v/N+1`, and published by
/// one `rename(2)` of a new link over `DIR`: at every moment, a kill included, `DIR` is the
/// old snapshot or the new one, complete. `DIR.v/.locate-snapshots` marks the folder as ours
/// and is the lock one export at a time holds (`flock(2)`, released when the process ends).
/// Leftovers of killed runs are removed by the next export.
///
/// `DIR` may also be missing, an empty folder (replaced by the link), or a snapshot folder
/// written by an earlier version (moved into `DIR.v` when the first new one is published).
/// Those two first publications take two renames (the folder aside, then the link in its
/// place): for that one instant `DIR` is missing; a kill there is recovered by the next export.
/// Anything else is refused, never overwritten.
final class SnapshotFolder {
    /// The marker and lock file inside `DIR.v`.
    static let marker = ".locate-snapshots"

    /// `DIR` as the user wrote it (messages).
    let shown: String
    /// `DIR`, absolute.
    let target: String
    /// `DIR.v`, absolute.
    let generations: String
    /// The folder the new snapshot is built in.
    let work: String
    /// The folder of the snapshot being replaced, if any (for `changes.json`).
    let previous: String?
    private let state: State
    private var lock: Int32 = -1

    /// What `DIR` is when the export starts.
    enum State: Equatable {
        case missing
        case emptyFolder
        /// A snapshot folder written before generations existed.
        case legacy
        /// Our link to generation `n` (which may be gone).
        case link(Int)
    }

    /// Checks `folder`, takes the lock, removes leftovers of dead runs and makes the work folder.
    init(_ folder: String) throws {
        shown = folder
        target = URL(fileURLWithPath: folder).standardizedFileURL.path
        let parent = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        generations = target + ".v"
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw ExportError.unwritable(path: folder, reason: "folder \(parent) does not exist")
        }
        _ = try SnapshotFolder.inspect(target, base: base, shown: folder)
        try SnapshotFolder.checkGenerationsFolder(generations, shown: folder)
        guard mkdir(generations, 0o755) == 0 || errno == EEXIST else {
            throw FileError.cannotWrite(path: generations, reason: CheckedFile.reason())
        }
        lock = try SnapshotFolder.takeLock(generations + "/" + SnapshotFolder.marker, shown: folder, base: base)
        // Authoritative now that no other export can change it.
        state = try SnapshotFolder.inspect(target, base: base, shown: folder)
        SnapshotFolder.removeLeftovers(beside: target, base: base, state: state, into: generations)
        let numbers = SnapshotFolder.numbers(in: generations)
        var current: Int? = nil
        switch state {
        case .link(let n) where numbers.contains(n): current = n
        case .link, .missing: current = numbers.max()  // a run killed while DIR was missing
        case .emptyFolder, .legacy: current = nil
        }
        for n in numbers where n != current { SnapshotFolder.remove(generation: n, in: generations) }
        let folder = generations
        previous = state == .legacy ? target : current.map { folder + "/\($0)" }
        work = generations + "/tmp-\(getpid())"
        guard mkdir(work, 0o755) == 0 else { throw FileError.cannotWrite(path: work, reason: CheckedFile.reason()) }
    }

    deinit { if lock >= 0 { close(lock) } }

    /// Publishes the work folder as the next generation and points `DIR` at it; then removes
    /// generations older than the one it replaced.
    func publish() throws {
        for dir in SnapshotFolder.folders(under: work) { CheckedFile.syncFolder(dir) }
        var next = (SnapshotFolder.numbers(in: generations).max() ?? 0) + 1
        var migrated: Int? = nil
        if state == .legacy {
            migrated = next
            next += 1
        }
        let published = generations + "/\(next)"
        try check(rename(work, published), published)
        CheckedFile.syncFolder(generations)
        let link = generations + "/link-\(getpid())"
        unlink(link)
        let base = (target as NSString).lastPathComponent
        try check(symlink("\(base).v/\(next)", link), link)
        switch state {
        case .legacy:
            if let migrated { try check(rename(target, generations + "/\(migrated)"), target) }
        case .emptyFolder:
            try check(rmdir(target), target)
        case .missing, .link:
            break
        }
        try check(rename(link, target), target)
        CheckedFile.syncFolder((target as NSString).deletingLastPathComponent)
        let kept = [next, migrated ?? previous.flatMap { Int(($0 as NSString).lastPathComponent) } ?? next]
        for n in SnapshotFolder.numbers(in: generations) where !kept.contains(n) {
            SnapshotFolder.remove(generation: n, in: generations)
        }
    }

    /// Removes the work folder (the export failed).
    func discard() { try? FileManager.default.removeItem(atPath: work) }

    private func check(_ status: Int32, _ path: String) throws {
        guard status == 0 else { throw FileError.cannotWrite(path: path, reason: CheckedFile.reason()) }
    }

    /// What `path` is, or why it is refused.
    static func inspect(_ path: String, base: String, shown: String) throws -> State {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { return .missing }
            throw FileError.cannotWrite(path: shown, reason: CheckedFile.reason())
        }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            let dest = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
            let prefix = base + ".v/"
            guard dest.hasPrefix(prefix), let n = Int(dest.dropFirst(prefix.count)), n > 0 else {
                throw ExportError.refused(
                    path: shown,
                    reason: "it is a symbolic link to \(dest) that locate did not make (remove it, or name another folder)")
            }
            return .link(n)
        case S_IFDIR:
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            if entries.isEmpty { return .emptyFolder }
            if let stranger = stranger(in: path, entries: entries) {
                throw ExportError.refused(
                    path: shown,
                    reason:
                        "the folder is not empty and is not a locate snapshot (it holds \(stranger)); name a new or empty folder")
            }
            return .legacy
        default:
            throw ExportError.refused(path: shown, reason: "it is a file, not a folder; name a new or empty folder")
        }
    }

    /// The first entry of a folder that its `manifest.json` (`snapshot-manifest/1`) does not
    /// list, or nil when every file is listed: a snapshot written by an earlier version. The
    /// offline list (`offline.json`) is written after the manifest, so it is not listed.
    private static func stranger(in folder: String, entries: [String]) -> String? {
        guard let data = FileManager.default.contents(atPath: folder + "/manifest.json"),
            let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            manifest["schema"] as? String == Manifest.schema,
            let files = manifest["files"] as? [[String: Any]]
        else { return entries.first { $0 != "manifest.json" } ?? "manifest.json" }
        let listed = Set(files.compactMap { $0["path"] as? String } + ["manifest.json", OfflineFiles.name])
        let all = (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
        return all.first { rel in
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + rel, isDirectory: &isDir)
            return !isDir.boolValue && !listed.contains(rel)
        }
    }

    /// `DIR.v` must be missing, empty, or ours.
    private static func checkGenerationsFolder(_ path: String, shown: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        let name = (path as NSString).lastPathComponent
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw ExportError.refused(path: shown, reason: "\(name) beside it is not a folder of locate's (move it away)")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard entries.isEmpty || entries.contains(marker) else {
            throw ExportError.refused(
                path: shown, reason: "\(name) beside it exists and was not made by locate (no \(marker) in it; move it away)")
        }
    }

    /// Opens (or creates) the marker and locks it; another export holding it is an error.
    private static func takeLock(_ path: String, shown: String, base: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError.cannotWrite(path: path, reason: CheckedFile.reason()) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw ExportError.busy(path: shown)
        }
        var st = stat()
        if fstat(fd, &st) == 0, st.st_size == 0 {
            let text = "Snapshots written by `locate export snapshot`: \(base) links to the current one. Do not edit.\n"
            let ok = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) == $0.count }
            guard ok else {
                let reason = CheckedFile.reason()
                close(fd)
                throw FileError.cannotWrite(path: path, reason: reason)
            }
        }
        return fd
    }

    /// Removes what dead runs left: work folders, links and half-removed generations in
    /// `DIR.v`, and the `DIR.tmp-PID` / `DIR.old-PID` folders of earlier versions beside `DIR`
    /// (an `.old` one is the previous snapshot when `DIR` is missing: it is kept as a generation).
    private static func removeLeftovers(beside target: String, base: String, state: State, into generations: String) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: generations)) ?? []
        where name.hasPrefix("tmp-") || name.hasPrefix("link-") || name.hasPrefix("trash-") {
            try? fm.removeItem(atPath: generations + "/" + name)
        }
        let parent = (target as NSString).deletingLastPathComponent
        for name in ((try? fm.contentsOfDirectory(atPath: parent)) ?? []).sorted() {
            for kind in [".tmp-", ".old-"] where name.hasPrefix(base + kind) {
                guard let pid = Int32(name.dropFirst(base.count + kind.count)), !ProcessLiveness.isAlive(pid) else { continue }
                let path = parent + "/" + name
                if kind == ".old-", state == .missing, numbers(in: generations).isEmpty,
                    fm.fileExists(atPath: path + "/manifest.json"), rename(path, generations + "/1") == 0
                {
                    continue
                }
                try? fm.removeItem(atPath: path)
            }
        }
    }

    /// The generation numbers in `DIR.v`.
    static func numbers(in generations: String) -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: generations)) ?? []).compactMap { name in
            guard let n = Int(name), n > 0, String(n) == name else { return nil }
            return n
        }
    }

    /// Renames a generation aside first (so a numbered generation is always whole), then removes it.
    private static func remove(generation n: Int, in generations: String) {
        let trash = generations + "/trash-\(n)"
        guard rename(generations + "/\(n)", trash) == 0 else { return }
        try? FileManager.default.removeItem(atPath: trash)
    }

    /// A folder and every folder under it, deepest first.
    private static func folders(under root: String) -> [String] {
        var out: [String] = []
        for rel in FileManager.default.subpaths(atPath: root) ?? [] {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), isDir.boolValue {
                out.append(root + "/" + rel)
            }
        }
        return out.sorted { $0.count > $1.count } + [root]
    }
}
