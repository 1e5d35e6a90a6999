import Contract
import Files
import Foundation
import Storage

/// `offline.json` (schema `offline-files/1`): the files the page's service worker (`sw.js`)
/// saves for offline use, as paths relative to the page (docs/json.md). A snapshot lists
/// every file of its folder, written after all the others (so files other writers add, a
/// basemap's, are in it with no more work); `locate serve` lists its page, data, scripts and
/// Leaflet's files.
public struct OfflineFiles: Encodable, Sendable, Equatable {
    static let schema = "offline-files/1"
    /// The name of the list in the page's folder.
    public static let name = "offline.json"

    /// The paths, sorted.
    public var files: [String]

    /// A list of `files` (sorted here).
    public init(files: [String]) { self.files = files.sorted() }

    /// The list as compact JSON with sorted keys and a final newline.
    public func bytes() throws -> [UInt8] {
        [UInt8](try JSONText.encoded(self) + Data("\n".utf8))
    }

    /// `{"files":[…],"schema":"offline-files/1"}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(OfflineFiles.schema, forKey: .schema)
        try c.encode(files, forKey: .files)
    }

    private enum Keys: String, CodingKey { case schema, files }

    /// Writes the list of every file under `folder` (itself included) into it.
    static func write(folder: String) throws {
        let list = OfflineFiles(files: filePaths(in: folder).filter { $0 != name } + [name])
        let bytes: [UInt8]
        do {
            bytes = try list.bytes()
        } catch {
            throw ExportError.unwritable(path: folder + "/" + name, reason: "cannot encode: \(error)")
        }
        try CheckedFile.write(bytes, to: folder + "/" + name)
    }
}

/// The paths of the files under `folder`, relative to it (folders left out), unsorted.
func filePaths(in folder: String) -> [String] {
    var paths: [String] = []
    let root = URL(fileURLWithPath: folder)
    if let e = FileManager.default.enumerator(atPath: folder) {
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(rel).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                paths.append(rel)
            }
        }
    }
    return paths
}
