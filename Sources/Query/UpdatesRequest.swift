import Contract
public import Foundation
import Hours
public import Storage

/// The question "what changed since…?", as `locate updates --since` and
/// `GET /v1/updates?since=` both ask it: the ids added, updated and retired per dataset and
/// kind by the ingest runs that finished after `since` (`updates/1`).
public struct UpdatesRequest: Sendable, Equatable {
    /// The instant: runs that finished after it count.
    public var since: Date

    /// The fields this question takes.
    public static let fields: [RequestField] = [.since]

    /// Reads `values`; throws `QueryError.badRequest` naming the field at fault.
    public init(values: [RequestField: [String]]) throws {
        var v = RequestValues(values)
        guard let text = try v.text(.since) else { throw QueryError.badRequest(.missing(.since)) }
        guard let since = InstantText.instant(text) else {
            throw QueryError.badRequest(.badValue(.since, text, "is not an RFC 3339 instant with offset"))
        }
        self.since = since
        if let unknown = v.unread.first { throw QueryError.badRequest(.notTaken(unknown)) }
    }

    /// The answer from `store`, whose data version is `version`.
    public func answer(store: LocateStore, version: String) throws -> UpdatesDocument {
        var byKey: [String: UpdatesDocument.Dataset] = [:]
        for kind in PlaceKind.allCases {
            for c in try store.changes(kind, finishedAfter: InstantText.utc(since)) {
                let key = c.dataset + "\u{0}" + kind.rawValue
                var d = byKey[key] ?? UpdatesDocument.Dataset(dataset: c.dataset, kind: kind.rawValue)
                let id = c.dataset + "/" + c.sourceID
                switch c.change {
                case .added: d.added.append(id)
                case .updated: d.updated.append(id)
                case .retired: d.retired.append(id)
                }
                byKey[key] = d
            }
        }
        return UpdatesDocument(since: since, version: version, datasets: byKey.keys.sorted().compactMap { byKey[$0] })
    }
}

/// `updates/1` (docs/json.md): what changed since an instant, per dataset and kind.
public struct UpdatesDocument: Sendable, Equatable, Encodable {
    /// The instant asked for.
    public var since: Date
    /// The data version the answer is of.
    public var version: String
    /// Per dataset and kind, sorted by dataset then kind.
    public var datasets: [Dataset]

    /// The changes of one dataset and kind.
    public struct Dataset: Sendable, Equatable, Encodable {
        /// The dataset.
        public var dataset: String
        /// `toilets` or `stations`.
        public var kind: String
        /// Global ids added.
        public var added: [String] = []
        /// Global ids updated.
        public var updated: [String] = []
        /// Global ids retired.
        public var retired: [String] = []
    }

    /// Encodes per the JSON contract (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("updates/1", forKey: .schema)
        try c.encode(InstantText.utc(since), forKey: .since)
        try c.encode(version, forKey: .dataVersion)
        try c.encode(datasets, forKey: .datasets)
    }

    private enum Keys: String, CodingKey { case schema, since, dataVersion = "data_version", datasets }
}

/// `runs/1`: `locate runs --json` and `GET /v1/runs`.
public struct RunsDocument: Sendable, Encodable {
    /// The schema name and major version.
    public let schema = "runs/1"
    /// The runs, oldest first.
    public var runs: [IngestRunRecord]

    /// The document of these runs.
    public init(runs: [IngestRunRecord]) { self.runs = runs }

    /// Encodes each run as `runs/1`'s run object (`ReplicatedRun`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(runs.map(ReplicatedRun.init), forKey: .runs)
    }

    private enum Keys: String, CodingKey { case schema, runs }
}
