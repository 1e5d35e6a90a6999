import Contract
public import Foundation
public import Storage

/// `status/1`: what a monitor reads (`locate status --json`, `GET /v1/status`): per dataset
/// its last run, how old its newest data is and whether that is stale (`FeedFreshness`).
/// Built by this one type for the CLI and the server.
public struct StatusReport: Sendable, Encodable {
    /// One dataset (and kind) as of `at`.
    public struct Dataset: Sendable, Encodable {
        /// The newest run of the dataset and kind.
        public var run: IngestRunRecord
        /// The newest data's instant: the newest measured value of a feed (air), else the OSM
        /// replication state's timestamp, else when the run finished.
        public var newestDataAt: Date?
        /// The largest age still fresh (seconds), or nil: never stale.
        public var maxAgeSeconds: TimeInterval?
        /// Whether the newest data is older than `maxAgeSeconds` (or there is none).
        public var stale: Bool
        /// The age of the newest data at the report's instant (seconds).
        var ageSeconds: TimeInterval?
        /// The newest replication sequence the dataset's source offers (its `changes:` folder,
        /// when the pipeline was named), or nil: unknown.
        public var sourceSequence: Int64?

        /// Encodes the dataset object of `status/1` (docs/json.md), every key present.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(run.dataset, forKey: .dataset)
            try c.encode(run.kind, forKey: .kind)
            try c.encode(LastRun(run: run), forKey: .lastRun)
            try c.encode(newestDataAt.map(InstantText.utc), forKey: .newestDataAt)
            try c.encode(ageSeconds.map { max(0, Int($0 / 60)) }, forKey: .ageMinutes)
            try c.encode(maxAgeSeconds.map { Int($0 / 60) }, forKey: .freshWithinMinutes)
            try c.encode(stale, forKey: .stale)
            try c.encode(run.replicationSequence, forKey: .replicationSequence)
            try c.encode(run.replicationTimestamp, forKey: .replicationTimestamp)
            try c.encode(sourceSequence, forKey: .sourceSequence)
            try c.encode(sequencesBehind, forKey: .sequencesBehind)
        }

        /// How many diffs the dataset is behind its source (0: up to date), or nil: unknown.
        public var sequencesBehind: Int64? {
            guard let sourceSequence, let own = run.replicationSequence else { return nil }
            return max(0, sourceSequence - own)
        }

        private enum Keys: String, CodingKey {
            case dataset, kind, lastRun = "last_run", newestDataAt = "newest_data_at", ageMinutes = "age_minutes"
            case freshWithinMinutes = "fresh_within_minutes", stale
            case replicationSequence = "replication_sequence", replicationTimestamp = "replication_timestamp"
            case sourceSequence = "source_sequence", sequencesBehind = "sequences_behind"
        }
    }

    /// The run object of a status entry: when, the outcome and the counts (no source path:
    /// the document is served over HTTP too).
    struct LastRun: Encodable {
        var run: IngestRunRecord

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(run.id, forKey: .id)
            try c.encode(run.pipeline, forKey: .pipeline)
            try c.encode(run.startedAt, forKey: .startedAt)
            try c.encode(run.finishedAt, forKey: .finishedAt)
            // Only committed runs are recorded: a run that fails changes nothing.
            try c.encode("succeeded", forKey: .outcome)
            try c.encode(run.read, forKey: .read)
            try c.encode(run.accepted, forKey: .accepted)
            try c.encode(run.rejected, forKey: .rejected)
            try c.encode(run.warnings, forKey: .warnings)
        }

        private enum Keys: String, CodingKey {
            case id, pipeline, startedAt = "started_at", finishedAt = "finished_at", outcome, read, accepted, rejected
            case warnings
        }
    }

    /// The schema name and major version.
    public let schema = "status/1"
    /// The instant the report is about.
    public var at: Date
    /// The datasets, by dataset then kind.
    public var datasets: [Dataset]

    /// Whether everything is fresh (`locate status` exits 0, else 5).
    public var isFresh: Bool { !datasets.contains(where: \.stale) }

    /// How many diffs a replica may lag its source before it is stale: one fetched and not
    /// yet applied is the normal state between a timer's download and its ingest.
    public static let maxSequencesBehind: Int64 = 1

    /// The report at `at` of the newest run of every (dataset, kind) in `runs`, with the
    /// newest measurement times of air datasets (`LocateStore.newestMeasurementTimes()`) and
    /// the newest sequence each OSM dataset's source offers (`sourceSequences`, by dataset:
    /// from the pipelines named); `freshWithin` (seconds) overrides every dataset's age rule.
    /// A replica more than `maxSequencesBehind` diffs behind its source is stale too.
    public init(
        runs: [IngestRunRecord], newestMeasurements: [String: String], at: Date, freshWithin: TimeInterval? = nil,
        sourceSequences: [String: Int64] = [:]
    ) {
        self.at = at
        var newest: [String: IngestRunRecord] = [:]
        for run in runs where (newest["\(run.dataset)\u{0}\(run.kind)"]?.id ?? Int.min) < run.id {
            newest["\(run.dataset)\u{0}\(run.kind)"] = run
        }
        datasets = newest.values.sorted { ($0.dataset, $0.kind) < ($1.dataset, $1.kind) }.map { run in
            let data: Date? =
                run.kind == "air"
                ? newestMeasurements[run.dataset].flatMap(InstantText.instant)
                : InstantText.instant(run.replicationTimestamp ?? run.finishedAt)
            let maxAge = FeedFreshness.maxAgeSeconds(kind: run.kind, freshWithin: freshWithin)
            var d = Dataset(
                run: run, newestDataAt: data, maxAgeSeconds: maxAge,
                stale: !FeedFreshness.isFresh(data, now: at, maxAgeSeconds: maxAge),
                ageSeconds: data.map { at.timeIntervalSince($0) },
                sourceSequence: run.kind == "toilets" ? sourceSequences[run.dataset] : nil)
            if let behind = d.sequencesBehind, behind > StatusReport.maxSequencesBehind { d.stale = true }
            return d
        }
    }

    /// Reads the report at `at` from `store`.
    public static func read(
        from store: LocateStore, at: Date, freshWithin: TimeInterval? = nil, sourceSequences: [String: Int64] = [:]
    ) throws -> StatusReport {
        StatusReport(
            runs: try store.runs(), newestMeasurements: try store.newestMeasurementTimes(), at: at, freshWithin: freshWithin,
            sourceSequences: sourceSequences)
    }

    /// Encodes `status/1` (docs/json.md): `status` is `ok` or `stale`, `stale` lists the
    /// stale datasets.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(isFresh ? "ok" : "stale", forKey: .status)
        try c.encode(datasets, forKey: .datasets)
        try c.encode(datasets.filter(\.stale).map(\.run.dataset), forKey: .stale)
    }

    private enum Keys: String, CodingKey { case schema, at, status, datasets, stale }
}
