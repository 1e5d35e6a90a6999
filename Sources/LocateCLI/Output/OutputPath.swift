import Files
import Foundation

/// Checks of output paths made before a command changes anything (issue 10, item 6).
enum OutputPath {
    /// Fails unless `path` can be written as a file the way `CheckedFile(replacing:)` writes
    /// it: not a folder; a device or pipe (`/dev/stdout`) writable in place; a regular file
    /// (or a new one) replaced through a temporary file beside it, so its folder (the
    /// symbolic link's target's folder) must exist and be writable.
    static func checkWritableFile(_ path: String, option: String) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        var target = path
        if fm.fileExists(atPath: path, isDirectory: &isDir) {
            guard !isDir.boolValue else { throw CLIError.failed("\(option) \(path): is a folder, not a file") }
            target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let regular = (try? fm.attributesOfItem(atPath: target)[.type] as? FileAttributeType) == .typeRegular
            guard regular, !CheckedFile.namesDescriptor(path) else {
                guard fm.isWritableFile(atPath: path) else { throw CLIError.failed("\(option) \(path): it is not writable") }
                return
            }
        }
        let parent = (target as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        guard fm.fileExists(atPath: folder, isDirectory: &isDir) else {
            throw CLIError.failed("\(option) \(path): the folder \(folder) does not exist")
        }
        guard isDir.boolValue else { throw CLIError.failed("\(option) \(path): \(folder) is not a folder") }
        guard fm.isWritableFile(atPath: folder) else {
            throw CLIError.failed("\(option) \(path): the folder \(folder) is not writable")
        }
    }

    /// Fails when `path` exists and is not a folder.
    static func checkFolder(_ path: String, option: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
            throw CLIError.failed("\(option) \(path): is a file, not a folder")
        }
    }
}
