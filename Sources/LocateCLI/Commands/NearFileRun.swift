import ArgumentParser
import Files
import Foundation
import Ingest
import Places

/// `--near-file POINTS` of `locate toilet` and `locate station`: reads the points file
/// (`PointFileReader`: CSV or GeoJSON, `-` for standard input) one row at a time, answers
/// each point and writes its answer at once, so memory stays bounded whatever the input's
/// size. A bad row is said on stderr (`POINTS:LINE: reason`) and the rest goes on; more than
/// `--max-bad-rows` of them end the run with exit 6.
struct NearFileRun {
    /// `--max-bad-rows` unless given.
    static let defaultMaxBadRows = 100
    /// Output is written in pieces of about this many bytes.
    static let flushBytes = 1 << 18

    /// The points file (`-`: standard input).
    var path: String
    /// How many bad rows are let pass.
    var maxBadRows: Int

    /// `--max-bad-rows` read: a whole number from 0, or the default.
    static func maxBadRows(_ text: String?) throws -> Int {
        guard let text else { return defaultMaxBadRows }
        guard let n = Int(text), n >= 0 else {
            throw ValidationError("--max-bad-rows '\(text)' is not a whole number from 0")
        }
        return n
    }

    /// Writes `opening`, then for each point what `each` appends, then `closing()`. An
    /// error `each` throws for one point (`perPoint` says which) is that row's fault.
    func run(
        opening: [UInt8], closing: () -> [UInt8], perPoint: (any Error) -> String?,
        each: (InputPoint, inout [UInt8]) throws -> Void
    ) throws {
        let reader = try PointFileReader(path: path)
        var out = opening
        var bad = 0
        let label = path == "-" ? "stdin" : path
        func badRow(_ line: Int, _ reason: String) throws {
            bad += 1
            Console.note("\(label):\(line): \(reason)")
            if bad > maxBadRows {
                try NearFileRun.write(out)
                throw CLIError.badRows(
                    "\(label): more than \(maxBadRows) bad rows (--max-bad-rows \(maxBadRows)); stopped at line \(line)")
            }
        }
        try reader.forEachRow { row in
            switch row {
            case .bad(let line, let reason):
                try badRow(line, reason)
            case .point(let point):
                do {
                    try each(point, &out)
                } catch let error where perPoint(error) != nil {
                    try badRow(point.line, perPoint(error) ?? "")
                }
                if out.count >= NearFileRun.flushBytes {
                    try NearFileRun.write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        out += closing()
        try NearFileRun.write(out)
    }

    /// Writes `bytes` to stdout, checked: a failed write (a full disk, a closed pipe) ends
    /// the run with exit 1.
    static func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try CheckedFile.standardOutput().write(bytes)
        } catch {
            throw CLIError.failed("\(error)")
        }
    }
}
