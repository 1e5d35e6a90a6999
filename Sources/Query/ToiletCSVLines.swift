import Foundation
import Places

/// The lines of many answers' results (`locate toilet --near-file`): the same bytes as
/// `ToiletAnswerCSV.line`, with the runs of a place's own columns (names, hours, price, the
/// attributes: most of a line) written once per place and copied after. A place of one
/// record is known by its row id; a place merged from several records is written whole each
/// time (which records it merges, and in what order, depends on the point). At most
/// `capacity` places are kept; all are forgotten when the finder falls back from a damaged
/// file (the rows it reads then may be of another state).
public final class ToiletCSVLines {
    /// The most places kept.
    public let capacity: Int
    private let finder: ToiletFinder
    private var fallBacks: Int
    private var kept: [Int64: [[UInt8]]] = [:]

    /// How many places are kept.
    public var count: Int { kept.count }

    /// An empty cache of at most `capacity` places, for the results of `finder`.
    public init(capacity: Int, of finder: ToiletFinder) {
        self.capacity = capacity
        self.finder = finder
        self.fallBacks = finder.fallBacks
    }

    /// `r`'s line, as `ToiletAnswerCSV.line(r, to: &out)` writes it.
    public func line(_ r: ToiletResult, to out: inout [UInt8]) {
        if finder.fallBacks != fallBacks {
            kept.removeAll()
            fallBacks = finder.fallBacks
        }
        guard r.sources.count == 1 else { return ToiletAnswerCSV.line(r, to: &out) }
        let known = kept[r.toilet.rowID]
        var made: [[UInt8]] = []
        var placeRun = 0
        for run in ToiletAnswerCSV.runs {
            if !run.ofPlace {
                ToiletAnswerCSV.write(r, columns: run.columns, to: &out)
            } else if let known {
                out += known[placeRun]
                placeRun += 1
            } else {
                var bytes: [UInt8] = []
                ToiletAnswerCSV.write(r, columns: run.columns, to: &bytes)
                out += bytes
                made.append(bytes)
            }
        }
        if known == nil, kept.count < capacity { kept[r.toilet.rowID] = made }
        out += [13, 10]
    }
}
