import Contract
import Files
import Foundation
import Hours
import Storage

/// Saves responses as numbered files plus `index.tsv` (url, file, fetch time in UTC): the
/// folder `--replay` reads. An actor: parallel fetches save one at a time.
actor ResponseRecorder {
    let folder: String
    private var count = 0

    init(folder: String) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw IngestError.unreadable(path: folder, reason: "cannot create the response folder")
        }
        // A folder used before keeps its answers: number on after them.
        if let index = FileManager.default.contents(atPath: folder + "/index.tsv") {
            count = index.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        }
    }

    /// Saves `body` as the next numbered file and adds its line to `index.tsv`.
    func save(url: String, body: [UInt8], at: Date) throws {
        count += 1
        let file = String(format: "%05d.json", count)
        try CheckedFile.write(body, to: folder + "/" + file, sync: false)  // an answer can be fetched again
        try addToIndex(url: url, file: file, at: at)
    }

    /// Saves a copy of the downloaded answer at `path` as the next numbered file (never
    /// held in memory whole) and adds its line to `index.tsv`.
    func saveCopy(url: String, of path: String, at: Date) throws {
        count += 1
        let file = String(format: "%05d.json", count)
        do {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
            try FileManager.default.copyItem(atPath: path, toPath: folder + "/" + file)
        } catch {
            throw IngestError.unreadable(
                path: folder + "/" + file, reason: "cannot save the answer: \(error.localizedDescription)")
        }
        try addToIndex(url: url, file: file, at: at)
    }

    private func addToIndex(url: String, file: String, at: Date) throws {
        let index = try CheckedFile(appendingTo: folder + "/index.tsv")
        try index.write("\(url)\t\(file)\t\(InstantText.utc(at))\n")
        try index.commit(sync: false)
    }
}

/// Responses saved by a previous run (`index.tsv` + files): a run replayed offline.
struct ReplaySource: ResponseSource {
    let folder: String
    let files: [String: String]

    init(folder: String) throws {
        self.folder = folder
        let data = try WholeFile.read(folder + "/index.tsv", limit: 64 * 1024 * 1024)
        var files: [String: String] = [:]
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let parts = line.split(separator: "\t")
            guard parts.count >= 2 else { continue }
            let file = String(parts[1])
            // The recorder writes plain numbered names: anything with a path in it would
            // read outside the folder.
            guard SafeName.isPlainFileName(file) else {
                throw IngestError.outsideFolder(folder: folder, entry: file, origin: "\(folder)/index.tsv:\(n + 1)")
            }
            files[String(parts[0])] = file
        }
        self.files = files
    }

    /// The saved answer file of `url`, read in place (large answers are streamed from it).
    func path(of url: String) throws -> String {
        guard let file = files[url], FileManager.default.fileExists(atPath: folder + "/" + file) else {
            throw IngestError.unreadable(path: url, reason: "not in the replay folder \(folder)")
        }
        // A regular file only: a FIFO would block the reader, a device never end.
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + file)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw IngestError.unreadable(path: folder + "/" + file, reason: "not a regular file")
        }
        return folder + "/" + file
    }

    func get(_ url: String) async throws -> [UInt8] {
        guard let file = files[url], FileManager.default.fileExists(atPath: folder + "/" + file) else {
            throw IngestError.unreadable(path: url, reason: "not in the replay folder \(folder)")
        }
        // A regular file of bounded size only: a FIFO or a link to /dev/zero is an error.
        return [UInt8](try WholeFile.read(folder + "/" + file, limit: HTTPLimits().maxBytes))
    }
}

/// API answers kept as files in the API's own path layout below a folder (an air pipeline
/// whose `source.path` is a folder): `<folder>/aqindex/getIndex/552.json`, and for page
/// N > 0 of a paged list `<folder>/data/getData/3764.page1.json`.
struct FolderSource: ResponseSource {
    let folder: String

    init(folder: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) else {
            throw IngestError.fileNotFound(path: folder)
        }
        guard isDir.boolValue else {
            throw IngestError.unsupported(
                path: folder, reason: "air pipelines read a folder of API answers, an API URL or --replay")
        }
        // The client drops a trailing slash from its base; so does the folder.
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    func get(_ url: String) async throws -> [UInt8] {
        var rest = Substring(url.hasPrefix(folder) ? String(url.dropFirst(folder.count)) : url)
        var page = 0
        if let q = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: q)...].split(separator: "&") where pair.hasPrefix("page=") {
                page = Int(pair.dropFirst(5)) ?? 0
            }
            rest = rest[..<q]
        }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        // Paths come from data (station ids, sensor ids): every part must be a plain name.
        guard rest.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ SafeName.isPlainFileName(String($0)) })
        else {
            throw IngestError.outsideFolder(folder: folder, entry: String(rest), origin: url)
        }
        let file = folder + "/" + rest + (page > 0 ? ".page\(page)" : "") + ".json"
        return [UInt8](try WholeFile.read(file, limit: HTTPLimits().maxBytes))
    }
}

/// Names taken from data that become parts of a path.
enum SafeName {
    /// A non-empty name without `/`, control characters, or the names `.` and `..`: joined
    /// to a folder, it stays inside it.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && TextEscape.firstControl(in: name) == nil
    }
}
