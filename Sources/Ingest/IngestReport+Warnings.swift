import Foundation
public import Places
public import Storage

extension IngestIssue {
    /// The warning for a new record left unmatched because two or more places matched it
    /// equally well, or another new record matched its place equally well (docs/pipelines.md,
    /// "Stable ids"): it names the candidate places and the competing records.
    public init(ambiguity a: AmbiguousIdentity) {
        let meters = String(format: "%g", LocateStore.derivedIDMatchMeters)
        var reason =
            "ambiguous identity, stored as a new place: \(a.candidates.count == 1 ? "place" : "places") within \(meters) m: "
            + a.candidates.map { "'\($0)'" }.joined(separator: ", ")
        if !a.rivals.isEmpty {
            reason +=
                "; equally near to \(a.rivals.count == 1 ? "record" : "records") "
                + a.rivals.map { "'\($0)'" }.joined(separator: ", ")
        }
        self.init(index: a.index, id: a.sourceID, field: "id", reason: reason)
    }
}

extension IngestReport {
    /// Warnings of one kind: the same field and the same reason up to its first `: ` outside
    /// quotes (a quoted time such as `'2026-11-21 20:00'` is not cut).
    public struct WarningGroup: Sendable, Equatable {
        /// The field the warnings are about (`OTEVRENO`).
        public var field: String
        /// The reason up to its first `: ` outside quotes (`opening hours missing`).
        public var kind: String
        /// How many warnings the group holds.
        public var count: Int
    }

    /// The warnings grouped by field and kind, largest group first (ties by field, then
    /// kind, alphabetically).
    public var warningGroups: [WarningGroup] {
        var counts: [String: WarningGroup] = [:]
        for w in warnings {
            let kind = IngestReport.kind(of: w.reason)
            counts["\(w.field): \(kind)", default: WarningGroup(field: w.field, kind: kind, count: 0)].count += 1
        }
        return counts.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.value)
    }

    /// `reason` up to its first `: ` outside single quotes; the whole reason when none.
    static func kind(of reason: String) -> String {
        var quoted = false
        var previous: Character = " "
        for i in reason.indices {
            let c = reason[i]
            if c == "'" { quoted.toggle() }
            if c == " ", previous == ":", !quoted { return String(reason[..<reason.index(before: i)]) }
            previous = c
        }
        return reason
    }
}
