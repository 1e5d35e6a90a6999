import Geo

/// The rule that a run which rejects all, or too many, of the records it read fails and
/// changes nothing (issue 35: a pipeline with a wrong `crs` read 458, accepted 0 and exited
/// 0). It applies to full reads (a GeoJSON file, an Overpass answer, a PBF extract, a station
/// list) and to GIOŚ air runs; a run of replication diffs is exempt: a diff touches a few
/// objects, and one of them rejected (a node moved out of the region) is an edit to report,
/// not a pipeline that does not fit its source.
struct RejectLimit {
    /// The largest share (0...1) of the records read that may be rejected.
    let maxShare: Double
    /// The pipeline, for the likely cause (its crs and region).
    let spec: PipelineSpec

    /// The default largest share of rejected records: half.
    static let defaultMaxShare = 0.5
    /// The share rule applies from this many records read on (a run that rejects every one
    /// fails whatever the count): in a tiny input, two rejects of three are no pattern.
    static let minimumRead = 10

    /// Fails when the run read records and rejected every one (unless `maxShare` is 1), or,
    /// with at least `minimumRead` records read, rejected more than `maxShare` of them.
    func check(read: Int, rejected: [IngestIssue], input: String) throws {
        guard read > 0, !rejected.isEmpty else { return }
        let share = Double(rejected.count) / Double(read)
        let all = rejected.count >= read
        guard share > maxShare, all || read >= RejectLimit.minimumRead else { return }
        throw IngestError.tooManyRejects(
            path: input, dataset: spec.dataset, read: read, rejected: rejected.count, limitShare: maxShare,
            cause: likelyCause(rejected))
    }

    /// What most rejects say, in a user's words: the crs, the region, a missing field, or else
    /// the most common reason with the first record that gives it.
    func likelyCause(_ rejected: [IngestIssue]) -> String {
        // The most common kind of reason (its text up to the first number or quote).
        var groups: [String: [IngestIssue]] = [:]
        for issue in rejected { groups["\(issue.field): \(RejectLimit.shape(issue.reason))", default: []].append(issue) }
        guard let best = groups.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }),
            let first = best.value.first
        else { return "" }
        let top = best.value
        let most = top.count == rejected.count ? "every reject" : "\(top.count) of the \(rejected.count) rejects"
        let example = "feature \(first.label): \(first.field): \(first.reason)"
        let crs = spec.crs?.description ?? "the input's own (else EPSG:4326)"
        if first.reason.contains("cannot be transformed") {
            return "\(most): the coordinates are not in the pipeline's crs (\(crs)); check `crs:` (e.g. \(example))"
        }
        if first.reason.contains("look swapped") {
            return "\(most): latitude and longitude look swapped in the input (e.g. \(example))"
        }
        if first.reason.contains("outside the region") {
            return "\(most): positions outside the pipeline's region; check `crs:` (\(crs)) and `region:` (e.g. \(example))"
        }
        if first.reason.contains("is missing") {
            return "\(most): \(first.field) is missing; check the pipeline's field names against the input (e.g. \(example))"
        }
        return "\(most): \(example)"
    }

    /// A reason with its numbers and quoted texts left out, so that rejects of one kind group.
    static func shape(_ reason: String) -> String {
        var out = ""
        var quoted = false
        for c in reason {
            if c == "'" {
                quoted.toggle()
                continue
            }
            if quoted || c.isNumber || c == "." || c == "-" { continue }
            out.append(c)
        }
        return out
    }
}
