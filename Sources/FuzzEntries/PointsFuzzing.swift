import Foundation
import Geo
import Ingest
import Places

/// Properties of the points reader (`locate toilet --near-file`, `POST
/// /v1/toilets/nearest:batch`) that must hold for every input.
enum PointsFuzzing {
    /// In memory and in chunks of 1-5 bytes (read from a file) the rows are the same, or the
    /// error is; every point is a valid WGS84 position; lines never go back.
    static func points(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        var broken: [String] = []
        func rows(_ reader: PointFileReader) -> Result<[InputPointRow], IngestError> {
            var out: [InputPointRow] = []
            do {
                try reader.forEachRow { out.append($0) }
                return .success(out)
            } catch let e as IngestError {
                return .failure(e)
            } catch {
                return .failure(.unreadable(path: "fuzz", reason: "\(error)"))
            }
        }
        let whole = rows(PointFileReader(bytes: input, label: "fuzz"))
        let path = scratch.file("points.txt", input)
        let chunk = 1 + input.count % 5
        if let handle = FileHandle(forReadingAtPath: path) {
            let chunked = rows(PointFileReader(handle: handle, label: "fuzz", chunkSize: chunk))
            if chunked != whole { broken.append("in \(chunk)-byte chunks: \(chunked), in memory: \(whole)") }
            try? handle.close()
        } else {
            broken.append("the scratch file could not be read")
        }
        guard case .success(let all) = whole else { return broken }
        var last = 0
        for row in all {
            let line: Int
            switch row {
            case .point(let p):
                line = p.line
                if !p.coordinate.isValid { broken.append("line \(p.line): \(p.coordinate) is no WGS84 position") }
            case .bad(let l, let reason):
                line = l
                if reason.isEmpty { broken.append("line \(l): a bad row without a reason") }
            }
            if line < last { broken.append("line \(line) after line \(last)") }
            last = line
        }
        return broken
    }
}
