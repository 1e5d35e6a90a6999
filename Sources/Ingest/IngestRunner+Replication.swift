import OSMPBF
public import Storage

/// What `locate ingest PIPELINE` did with a pipeline's `source.changes` folder.
public struct ChangesFolderOutcome {
    /// The runs made, in order: a full read of the extract first when the dataset had no
    /// replication sequence, then one run applying the folder's newer diffs. Empty: up to date.
    public var reports: [IngestReport]
    /// The sequence the dataset is at.
    public var sequence: Int64?
    /// Why no diff was applied, when none was (up to date, or an extract without a sequence).
    public var note: String?
}

extension IngestRunner {
    /// Runs a pipeline with a `source.changes` folder (docs/pipelines.md, "A `changes:`
    /// folder"): applies every diff in the folder newer than the dataset's replication
    /// sequence, in order, in one run. A dataset without a sequence (never read, or last read
    /// from another source) is first read in full from the pipeline's source, as its own run;
    /// the folder is checked for a gap after the extract's sequence before that read.
    public func runChangesFolder(_ spec: PipelineSpec, progress: (Int) -> Void = { _ in }) async throws
        -> ChangesFolderOutcome
    {
        guard let folder = spec.changesFolder else {
            throw IngestError.unsupported(path: spec.origin ?? spec.name, reason: "the pipeline has no source.changes folder")
        }
        let newest = try store.newestRun(dataset: spec.dataset, kind: .toilets)
        var reports: [IngestReport] = []
        let current: Int64
        if let s = try ReplicationSequence.stored(newest?.replicationSequence, dataset: spec.dataset) {
            current = s
        } else {
            // Check the folder against the extract's header before the full read writes.
            // (A header sequence out of range is left to the full read, which names it.)
            if !IngestRunner.isURL(spec.source), let s = try? PBFFile(path: spec.source).header.replicationSequence,
                ReplicationSequence.range.contains(s)
            {
                _ = try ChangeFolder.diffs(in: folder, after: s, dataset: spec.dataset)
            }
            let full = try await run(spec, progress: progress)
            reports.append(full)
            guard let s = full.run.replicationSequence else {
                return ChangesFolderOutcome(
                    reports: reports, sequence: nil,
                    note: IngestError.noSequenceForFolder(folder: folder, dataset: spec.dataset).description)
            }
            current = s
        }
        let diffs = try ChangeFolder.diffs(in: folder, after: current, dataset: spec.dataset)
        guard !diffs.isEmpty else {
            return ChangesFolderOutcome(
                reports: reports, sequence: current,
                note: "dataset '\(spec.dataset)' is up to date at sequence \(current) (no newer diff in \(folder))")
        }
        do {
            reports.append(
                try ingestToilets(
                    spec, path: folder, label: diffs.map(\.path).joined(separator: " "), changes: diffs, progress: progress))
        } catch let e as StorageError {
            throw IngestError.storage(e)
        }
        return ChangesFolderOutcome(reports: reports, sequence: diffs.last?.sequence, note: nil)
    }

    /// Before a full read of an OSM extract: refuses one whose header's replication sequence
    /// is older than the dataset's (diffs applied after a newer state would be rolled back)
    /// unless `allowOlder`; says in a notice what the read does to the sequence. A header
    /// that cannot be read is left to the reader, which names the fault.
    func checkExtractSequence(_ spec: PipelineSpec, path: String, label: String, stager: PlaceStager) throws
        -> [String]
    {
        guard let current = try stager.replicationSequence() else { return [] }
        guard let header = try? PBFFile(path: path).header else { return [] }
        // A stored sequence out of range (an older locate accepted it) is restarted by the read.
        guard ReplicationSequence.range.contains(current) else {
            let restart = try header.replicationSequence.map {
                try ReplicationSequence.checked($0, path: label, field: "the header's osmosis_replication_sequence_number")
            }
            return [
                "\(label): dataset '\(spec.dataset)' was at replication sequence \(current), outside the sequences locate "
                    + "reads; " + (restart.map { "the extract restarts it at \($0)" } ?? "the extract's header names none")
            ]
        }
        guard let raw = header.replicationSequence else {
            return [
                "\(label): the extract's header names no replication sequence; dataset '\(spec.dataset)' was at "
                    + "sequence \(current) and now has none (the next diff is accepted with a notice)"
            ]
        }
        let sequence = try ReplicationSequence.checked(
            raw, path: label, field: "the header's osmosis_replication_sequence_number")
        if sequence < current {
            guard allowOlder else {
                throw IngestError.olderExtract(path: label, dataset: spec.dataset, sequence: sequence, current: current)
            }
            return [
                "\(label): --allow-older: read the extract at replication sequence \(sequence), older than "
                    + "dataset '\(spec.dataset)' at sequence \(current); the dataset is now at \(sequence)"
            ]
        }
        if sequence == current {
            return ["\(label): the extract is at replication sequence \(sequence), as dataset '\(spec.dataset)' is"]
        }
        return ["\(label): the extract moves dataset '\(spec.dataset)' from replication sequence \(current) to \(sequence)"]
    }
}
