import Storage

/// The checks a run makes before its changes are applied: a mapping that matches no
/// feature, a mass retirement, an input older than the dataset's newest run.
struct RunChecks {
    let spec: PipelineSpec
    /// The input path or URL, for messages.
    let input: String
    /// Largest share of active records one run may retire.
    let maxRetireShare: Double
    /// `--allow-mass-retire`: retire any share, accept an empty input.
    let allowMassRetire: Bool

    /// The default largest share of a dataset's active records one run may retire.
    static let defaultMaxRetireShare = 0.5

    /// Refuses a mass retirement or an empty input; returns the run's notices (an input
    /// older than the dataset's newest run).
    func check(_ p: MergePreview) throws -> [String] {
        if !allowMassRetire {
            if p.read == 0 { throw IngestError.emptyInput(path: input, dataset: spec.dataset, active: p.active) }
            if p.counts.retired > 0, Double(p.counts.retired) > maxRetireShare * Double(p.active) {
                throw IngestError.massRetire(
                    path: input, dataset: spec.dataset, retired: p.counts.retired, active: p.active, limitShare: maxRetireShare)
            }
        }
        var notices: [String] = []
        if let mine = spec.released, let newest = p.previousReleased, mine < newest {
            notices.append(
                "the input (released \(mine)) is older than the dataset's newest run (released \(newest)): "
                    + "\(p.counts.retired) records retired, \(p.counts.updated) updated")
        }
        return notices
    }

    /// Fails when a property the pipeline maps is in no feature of a non-empty input, naming
    /// the pipeline line and the closest names present.
    func checkMapping(unmatched: [String], seen: Set<String>, count: Int) throws {
        guard count > 0, let property = unmatched.first,
            let key = spec.mappedProperties.first(where: { $0.property == property })?.key
        else { return }
        let present = seen.sorted()
        throw IngestError.unmatchedField(
            pipeline: spec.origin ?? spec.name, line: spec.keyLines[key], key: key, property: property, input: input,
            suggestions: EditDistance.closest(to: property, among: present), present: Array(present.prefix(20)))
    }
}

/// Levenshtein distance over Unicode scalars, case-insensitive, for "did you mean" hints.
enum EditDistance {
    /// The names within a small distance of `word` (at most a third of its length, at least
    /// 1, at most 3), nearest first, at most three.
    static func closest(to word: String, among names: [String]) -> [String] {
        let limit = min(3, max(1, word.count / 3))
        let scored = names.map { ($0, distance(word.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
