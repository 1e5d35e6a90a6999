import Foundation

/// A `source.changes` folder of replication diffs (docs/pipelines.md, "A `changes:`
/// folder"): `NNN.osc.gz` (or `.osc`) with `NNN.state.txt` beside it, flat or in the
/// replication servers' nested layout (`000/004/321.osc.gz` is sequence 4321). A diff's
/// sequence is its state file's `sequenceNumber`, else the digits of its path in the folder.
enum ChangeFolder {
    /// Every diff in `folder` newer than `after`, in sequence order; a gap (the first is not
    /// `after + 1`, or one is missing between two) or two diffs of one sequence is an error
    /// naming the numbers. Empty: the dataset is up to date.
    static func diffs(in folder: String, after: Int64, dataset: String) throws -> [ChangeFile] {
        let newer = try all(in: folder).filter { $0.sequence > after }.sorted { $0.sequence < $1.sequence }
        var current = after
        for file in newer {
            if file.sequence == current, current > after {
                throw IngestError.unsupported(
                    path: file.path, reason: "a second diff of sequence \(file.sequence) in \(folder): keep one")
            }
            guard file.sequence == current + 1 else {
                throw IngestError.diffGap(
                    folder: folder, dataset: dataset, current: current, next: file.sequence, path: file.path)
            }
            current = file.sequence
        }
        return newer
    }

    /// Every diff in `folder` (and its subfolders) with its sequence.
    static func all(in folder: String) throws -> [ChangeFile] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw IngestError.unreadable(path: folder, reason: "source.changes: no such folder")
        }
        guard let walk = FileManager.default.enumerator(atPath: folder) else {
            throw IngestError.unreadable(path: folder, reason: "source.changes: the folder cannot be listed")
        }
        var out: [ChangeFile] = []
        while let relative = walk.nextObject() as? String {
            guard
                let stem = ["osc.gz", "osc"].first(where: { relative.hasSuffix("." + $0) }).map({
                    String(relative.dropLast($0.count + 1))
                })
            else { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            let state = try ChangeFile.readState((folder as NSString).appendingPathComponent(stem + ".state.txt"))
            if let s = state?.sequence {
                out.append(ChangeFile(path: path, sequence: s, timestamp: state?.timestamp))
                continue
            }
            let parts = stem.split(separator: "/")
            let digits = parts.joined()
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
                digits.count <= 18, let s = Int64(digits)
            else { throw IngestError.diffWithoutSequence(path: path) }
            out.append(ChangeFile(path: path, sequence: s, timestamp: state?.timestamp))
        }
        return out
    }
}
