import Foundation

/// The newest replication state a pipeline's source offers: the highest sequence of its
/// `source.changes` folder (docs/pipelines.md, "A `changes:` folder"), which `locate status`
/// compares with the dataset's own sequence (how many diffs it is behind).
public struct ReplicationSource: Sendable, Equatable {
    /// The pipeline's dataset.
    public var dataset: String
    /// The newest diff's sequence number.
    public var sequence: Int64
    /// That state's timestamp (RFC 3339, UTC), when its state file has one.
    public var timestamp: String?

    /// The newest state of the `source.changes` folder of the pipeline at `path`, or nil when
    /// the pipeline has no such folder or the folder no diff. A pipeline or folder that
    /// cannot be read is an error naming it.
    public static func newest(pipeline path: String) throws -> ReplicationSource? {
        let spec = try PipelineDecoder.load(path: path)
        guard let folder = spec.changesFolder,
            let last = try ChangeFolder.all(in: folder).max(by: { $0.sequence < $1.sequence })
        else { return nil }
        return ReplicationSource(dataset: spec.dataset, sequence: last.sequence, timestamp: last.timestamp)
    }
}
