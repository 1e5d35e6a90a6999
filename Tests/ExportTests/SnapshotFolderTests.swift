import Export
import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Issue 10, items 1 and 16: a snapshot never writes into what is not a snapshot, and is
/// published atomically (DIR a link to DIR.v/N, replaced by one rename).
@Suite struct SnapshotFolderTests {
    let fm = FileManager.default

    /// Names in a folder, sorted (hidden ones included).
    func names(_ path: String) throws -> [String] { try fm.contentsOfDirectory(atPath: path).sorted() }

    @Test func aFolderWithOtherFilesIsRefusedAndLeftAlone() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let victim = dir.appendingPathComponent("victim").path
        try fm.createDirectory(atPath: victim, withIntermediateDirectories: false)
        let thesis = try Fixtures.write("x\n", name: "thesis.txt", in: URL(fileURLWithPath: victim))
        let reason = "the folder is not empty and is not a locate snapshot (it holds thesis.txt); name a new or empty folder"
        #expect(throws: ExportError.refused(path: victim, reason: reason)) {
            try SnapshotWriter(store: store).write(to: victim, at: nil)
        }
        #expect(read(thesis) == "x\n")
        #expect(try names(victim) == ["thesis.txt"])
        #expect(!fm.fileExists(atPath: victim + ".v"))
        #expect(
            ExportError.refused(path: "victim", reason: reason).description
                == "will not write a snapshot to victim: \(reason)")
    }

    @Test func aFileIsRefusedAndLeftAlone() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let readme = try Fixtures.write("# read me\n", name: "README.md", in: dir)
        #expect(throws: ExportError.refused(path: readme, reason: "it is a file, not a folder; name a new or empty folder")) {
            try SnapshotWriter(store: store).write(to: readme, at: nil)
        }
        #expect(read(readme) == "# read me\n")
        #expect(!fm.fileExists(atPath: readme + ".v"))
    }

    @Test func aLinkOrAVersionsFolderNotOursIsRefused() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let link = dir.appendingPathComponent("site").path
        try fm.createSymbolicLink(atPath: link, withDestinationPath: "/usr")
        #expect(
            throws: ExportError.refused(
                path: link, reason: "it is a symbolic link to /usr that locate did not make (remove it, or name another folder)")
        ) { try SnapshotWriter(store: store).write(to: link, at: nil) }
        let other = dir.appendingPathComponent("other").path
        try fm.createDirectory(atPath: other + ".v", withIntermediateDirectories: false)
        let mine = try Fixtures.write("mine\n", name: "mine.txt", in: URL(fileURLWithPath: other + ".v"))
        #expect(
            throws: ExportError.refused(
                path: other,
                reason: "other.v beside it exists and was not made by locate (no .locate-snapshots in it; move it away)")
        ) { try SnapshotWriter(store: store).write(to: other, at: nil) }
        #expect(read(mine) == "mine\n")
        #expect(!fm.fileExists(atPath: other))
    }

    /// DIR is a link to DIR.v/N; the generation before is kept, older ones and leftovers go.
    @Test func generationsAreKeptTwoDeepAndLeftoversRemoved() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let site = dir.appendingPathComponent("site").path
        try fm.createDirectory(atPath: site, withIntermediateDirectories: false)  // an empty folder is fine
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(try fm.destinationOfSymbolicLink(atPath: site) == "site.v/1")
        #expect(try names(site + ".v") == [".locate-snapshots", "1"])
        // Leftovers of killed runs: this version's and an earlier version's (no process has
        // an id above Linux's pid_max, 2^22).
        try fm.createDirectory(atPath: site + ".v/tmp-4194305/toilets", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: site + ".v/link-4194305", withDestinationPath: "site.v/9")
        try fm.createDirectory(atPath: site + ".tmp-4194305", withIntermediateDirectories: false)
        let second = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(second.dataset("toilets")?.added == 0)
        #expect(try fm.destinationOfSymbolicLink(atPath: site) == "site.v/2")
        #expect(try names(site + ".v") == [".locate-snapshots", "1", "2"])
        #expect(try names(dir.path).filter { $0.hasPrefix("site") } == ["site", "site.v"])
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(try fm.destinationOfSymbolicLink(atPath: site) == "site.v/3")
        #expect(try names(site + ".v") == [".locate-snapshots", "2", "3"])
        #expect(try jsonObject(site + "/manifest.json")["schema"] as? String == "snapshot-manifest/1")
    }

    /// A snapshot folder written by an earlier version is taken over: its changes count, and
    /// it is kept as the previous generation.
    @Test func aSnapshotOfAnEarlierVersionIsTakenOver() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let first = dir.appendingPathComponent("first").path
        _ = try SnapshotWriter(store: store).write(to: first, at: nil)
        let legacy = dir.appendingPathComponent("legacy").path
        try fm.copyItem(atPath: first + ".v/1", toPath: legacy)
        let s = try SnapshotWriter(store: store).write(to: legacy, at: nil)
        #expect(s.dataset("toilets") == SnapshotSummary.Dataset(name: "toilets", count: 12, added: 0, updated: 0, retired: 0))
        #expect(try fm.destinationOfSymbolicLink(atPath: legacy) == "legacy.v/2")
        #expect(try names(legacy + ".v") == [".locate-snapshots", "1", "2"])
        #expect(read(legacy + ".v/1/manifest.json") == read(first + "/manifest.json"))
        // The same folder with a file its manifest does not list is not ours.
        let touched = dir.appendingPathComponent("touched").path
        try fm.copyItem(atPath: first + ".v/1", toPath: touched)
        _ = try Fixtures.write("notes\n", name: "notes.txt", in: URL(fileURLWithPath: touched + "/toilets"))
        #expect(
            throws: ExportError.refused(
                path: touched,
                reason:
                    "the folder is not empty and is not a locate snapshot (it holds toilets/notes.txt); name a new or empty folder"
            )
        ) { try SnapshotWriter(store: store).write(to: touched, at: nil) }
    }

    /// A run killed between taking over an old folder and linking the new one leaves DIR
    /// missing: the next export finds the newest generation and diffs against it.
    @Test func aMissingLinkIsRecoveredFromTheNewestGeneration() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let site = dir.appendingPathComponent("site").path
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(unlink(site) == 0)
        let s = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(s.dataset("toilets")?.retired == 0)
        #expect(try fm.destinationOfSymbolicLink(atPath: site) == "site.v/2")
    }

    /// An earlier version killed between its two renames left DIR missing and the snapshot
    /// in `DIR.old-PID`: it is taken as the previous snapshot.
    @Test func anEarlierVersionsMovedAsideSnapshotIsRecovered() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let first = dir.appendingPathComponent("first").path
        _ = try SnapshotWriter(store: store).write(to: first, at: nil)
        let site = dir.appendingPathComponent("site").path
        try fm.copyItem(atPath: first + ".v/1", toPath: site + ".old-4194305")
        let s = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(s.dataset("toilets") == SnapshotSummary.Dataset(name: "toilets", count: 12, added: 0, updated: 0, retired: 0))
        #expect(try names(dir.path).filter { $0.hasPrefix("site") } == ["site", "site.v"])
        #expect(try names(site + ".v") == [".locate-snapshots", "1", "2"])
    }

    @Test func aSecondExportAtOnceIsRefused() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let site = dir.appendingPathComponent("site").path
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        let fd = open(site + ".v/.locate-snapshots", O_RDWR)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: ExportError.busy(path: site)) { try SnapshotWriter(store: store).write(to: site, at: nil) }
        #expect(
            ExportError.busy(path: "site").description
                == "another locate export is writing site: try again when it has finished")
        #expect(try names(site + ".v") == [".locate-snapshots", "1"])
    }
}
