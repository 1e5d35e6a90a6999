/// The replication sequence numbers locate reads (docs/pipelines.md, "Order"): whole numbers
/// from 0 to 999,999,999,999,999,999 (18 digits, as many as a diff's name may have; the
/// planet's minutely diffs are at about 7 million). Every sequence from outside (`--sequence`,
/// a state file, a PBF header) and every stored one is checked against this range before
/// any arithmetic, so `sequence + 1` can never overflow.
enum ReplicationSequence {
    /// The sequences read.
    static let range: ClosedRange<Int64> = 0...999_999_999_999_999_999

    /// `value`, when in `range`; else the error naming `path` and `field`.
    static func checked(_ value: Int64, path: String, field: String) throws -> Int64 {
        guard range.contains(value) else {
            throw IngestError.sequenceOutOfRange(path: path, field: field, value: String(value))
        }
        return value
    }

    /// The sequence a dataset's newest run stored, when in `range` (one stored by an older
    /// locate may not be); else the error saying how to restart it.
    static func stored(_ value: Int64?, dataset: String) throws -> Int64? {
        guard let value else { return nil }
        guard range.contains(value) else { throw IngestError.storedSequenceOutOfRange(dataset: dataset, value: value) }
        return value
    }

    /// The text of the range in messages.
    static let rangeText = "a whole number from 0 to 999999999999999999"
}
