import Contributions
import Foundation
import Geo
import Hours
import Places
import Review

/// The human forms of `locate review`.
enum ReviewText {
    /// One line per contribution: id, kind, target, status, received, what it proposes.
    static func list(_ contributions: [StoredContribution]) -> String {
        var table = Table(headers: ["ID", "KIND", "TARGET", "STATUS", "RECEIVED", "PROPOSES"], rightAligned: [0])
        for c in contributions {
            let status = c.status.rawValue + (c.inConflict ? " (conflict)" : "")
            let target = c.created.map { "→ " + $0.globalID } ?? c.target?.globalID ?? "-"
            table.rows.append(["#\(c.id)", c.kind.rawValue, target, status, c.receivedAt, summary(c)])
        }
        return table.render()
    }

    /// What a contribution proposes, in one line.
    static func summary(_ c: StoredContribution) -> String {
        var parts: [String] = []
        if let r = c.report { parts.append(r.rawValue) }
        if let photo = c.photo { parts.append("photo of the \(photo.kind == .toilet ? "toilet" : "hours sign")") }
        let p = c.proposed
        if let at = p.coordinate { parts.append("position \(degrees(at.latitude)),\(degrees(at.longitude))") }
        if let n = p.name { parts.append("name \"\(n)\"") }
        if let h = p.hours { parts.append("hours \"\(h.text)\"") }
        if let pr = p.price { parts.append("price \"\(pr.text)\"") }
        if let w = p.wheelchair { parts.append("wheelchair \(w.rawValue)") }
        if let a = p.access { parts.append("access \(a.rawValue)") }
        return parts.joined(separator: "; ")
    }

    static func degrees(_ d: Double) -> String { String(format: "%.6f", d) }

    /// The contribution, its proposal beside the current values, decisions and photo path.
    static func show(_ d: ContributionDetail) -> String {
        let c = d.contribution
        let about = c.target.map { " of \($0.globalID)" } ?? ""
        let conflict = c.inConflict ? ", in conflict" : ""
        var lines = ["contribution #\(c.id): \(c.kind.rawValue)\(about) (\(c.status.rawValue)\(conflict))"]
        lines.append("received: \(c.receivedAt)")
        if let r = c.report { lines.append("report: \(r.rawValue)") }
        if let n = c.note { lines.append("note: \(n)") }
        if let contact = c.contact { lines.append("contact: \(contact) (maintainers only)") }
        if let active = d.targetActive { lines.append("target: \(active ? "active" : "retired")") }
        if let made = c.created { lines.append("became: \(made.globalID)") }
        // A confirmation writes nothing: its values are what it confirms.
        var table = Table(headers: ["FIELD", "CURRENT", c.report?.confirms == true ? "CONFIRMS" : "PROPOSED"])
        let proposal = proposedColumns(c, current: d.current)
        for key in proposal.keys.sorted(by: columnOrder) {
            let field = ToiletField.allCases.first { $0.columns.contains(key) }
            let now = field.flatMap { d.current[$0]?[key] }
            table.rows.append([key, now?.display ?? "-", proposal[key]?.display ?? "-"])
        }
        if !table.rows.isEmpty { lines.append(table.render()) }
        if let photo = c.photo, let path = d.photoPath { lines.append("photo (\(photo.kind.rawValue)): \(path)") }
        if let from = c.fromPhoto { lines.append("from photo: #\(from)") }
        if let s = d.signReading { lines += sign(s, current: d.current[.hours], pending: c.status == .pending && c.photo != nil) }
        for o in d.overrides where o.conflictRun != nil {
            let source = (o.sourceValue ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.display)" }
            lines.append(
                "conflict: run \(o.conflictRun ?? 0) brought \(source.joined(separator: ", ")) for \(o.field.rawValue): "
                    + "approve again to keep the edit, or reject to drop it")
        }
        for dec in d.decisions {
            let reason = dec.reason.map { ": \($0)" } ?? ""
            let run = dec.run.map { " (run \($0))" } ?? ""
            lines.append("\(dec.decidedAt) \(dec.decision.rawValue) by \(dec.reviewer)\(run)\(reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// The sign reader's suggestion beside the toilet's hours now, its lines (`+` used, `-`
    /// ignored), and how to take it.
    static func sign(_ s: SignSuggestion, current: [String: FieldValue]?, pending: Bool) -> [String] {
        var lines: [String] = []
        if let failure = s.failure {
            lines.append("sign reading: none (\(failure))")
        } else if let suggestion = s.suggestion {
            let sure = s.confident ? "confident" : "check it"
            lines.append("sign reading: \(suggestion) (confidence \(s.confidence), \(sure))")
        } else {
            lines.append("sign reading: not readable (\(s.reason ?? "no hours on it"))")
        }
        if let current {
            let osm: String? = if case .text(let t)? = current["hours_osm"] { t } else { nil }
            let text: String? = if case .text(let t)? = current["hours_text"] { "\"\(t)\"" } else { nil }
            lines.append("hours now: \(osm ?? text ?? "none")")
        }
        for line in s.lines { lines.append("  \(line.used ? "+" : "-") \(line.text)") }
        if let reason = s.reason, s.suggestion != nil { lines.append("assumed: \(reason)") }
        if pending {
            lines.append(
                s.suggestion == nil
                    ? "take hours: approve --hours TEXT" : "take hours: approve --accept-hours, or --hours TEXT to correct them")
        }
        return lines
    }

    /// The proposal by stored column (what approving would write).
    static func proposedColumns(_ c: StoredContribution, current: [ToiletField: [String: FieldValue]]) -> [String: FieldValue] {
        if c.report?.retires == true { return ["status": .text("retired")] }
        let p = c.proposed
        var out: [String: FieldValue] = [:]
        if let at = p.coordinate {
            out["lat"] = .number(at.latitude)
            out["lon"] = .number(at.longitude)
        }
        if let n = p.name { out["name"] = .text(n) }
        if let h = p.hours {
            out["hours_text"] = .text(h.text)
            out["hours_osm"] = h.osm.map(FieldValue.text) ?? .null
            out["hours_status"] = .text(h.status.rawValue)
        } else if c.report == .wrongHours {
            out["hours_osm"] = .null
            out["hours_status"] = .text("unknown")
        }
        if let pr = p.price { out["price_text"] = .text(pr.text) }
        if let w = p.wheelchair { out["wheelchair"] = .text(w.rawValue) }
        if let a = p.access { out["access"] = .text(a.rawValue) }
        return out
    }

    static func columnOrder(_ a: String, _ b: String) -> Bool {
        let all = ToiletField.allCases.flatMap(\.columns) + ["status"]
        return (all.firstIndex(of: a) ?? 99, a) < (all.firstIndex(of: b) ?? 99, b)
    }

    /// The outcome of approve or reject.
    static func outcome(_ o: ReviewOutcome, verb: String) -> String {
        var line = "contribution #\(o.id) \(verb)"
        if let place = o.place, !o.applied.isEmpty || verb == "approved" { line += " (\(place.globalID))" }
        if !o.applied.isEmpty {
            line += ": " + (verb == "approved" ? "set " : "restored ") + o.applied.map(\.rawValue).joined(separator: ", ")
        }
        if let run = o.run { line += "; run \(run)" }
        if let edit = o.hoursEdit { line += "\ncontribution #\(edit) (the hours from the sign) approved" }
        for s in o.superseded { line += "\ncontribution #\(s) superseded" }
        return line
    }

    /// The conflicts: one line each.
    static func conflicts(_ list: [AppliedOverride]) -> String {
        var table = Table(headers: ["ID", "TARGET", "FIELD", "SOURCE WAS", "EDIT", "SOURCE NOW", "RUN"], rightAligned: [0, 6])
        for o in list {
            let keys = o.field.keyColumns
            func show(_ v: [String: FieldValue]?) -> String { keys.map { v?[$0]?.display ?? "-" }.joined(separator: ",") }
            table.rows.append([
                "#\(o.contribution)", o.target.globalID, o.field.rawValue, show(o.replaced), show(o.value), show(o.sourceValue),
                String(o.conflictRun ?? 0),
            ])
        }
        return table.render()
    }

    /// What prune-photos removed (or would remove).
    static func pruned(_ d: ReviewPruneDocument) -> String {
        let files = d.files.count == 1 ? "1 photo file" : "\(d.files.count) photo files"
        guard !d.files.isEmpty else { return "no photo files to remove in \(d.folder)" }
        let size = ByteCountFormatter.string(fromByteCount: Int64(d.bytes), countStyle: .file)
        return (d.dryRun ? "would remove " : "removed ") + "\(files) (\(size)) no contribution names from \(d.folder)"
    }
}
