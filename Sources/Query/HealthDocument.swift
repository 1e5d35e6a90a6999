import Contract
public import Foundation
public import Storage

/// `health/1`: the database is readable, and how old each dataset's newest data is.
public struct HealthDocument: Encodable, Sendable {
    /// The instant of the answer.
    public var at: Date
    /// The data version served (`data_version`).
    public var version: String
    /// The newest run of each dataset with active places.
    public var datasets: [IngestRunRecord]

    /// A document of these values.
    public init(at: Date, version: String, datasets: [IngestRunRecord]) {
        self.at = at
        self.version = version
        self.datasets = datasets
    }

    /// Writes the document, its schema name first.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("health/1", forKey: .schema)
        try c.encode("ok", forKey: .status)
        try c.encode(InstantText.utc(at), forKey: .at)
        try c.encode(version, forKey: .dataVersion)
        try c.encode(datasets.map { Age(run: $0, at: at) }, forKey: .datasets)
    }

    private enum Keys: String, CodingKey { case schema, status, at, dataVersion = "data_version", datasets }

    private struct Age: Encodable {
        var run: IngestRunRecord
        var at: Date

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(run.dataset, forKey: .dataset)
            try c.encode(run.kind, forKey: .kind)
            try c.encode(run.id, forKey: .run)
            try c.encode(run.finishedAt, forKey: .finishedAt)
            let finished = (try? Date(run.finishedAt, strategy: Date.ISO8601FormatStyle())) ?? at
            try c.encode(max(0, Int(at.timeIntervalSince(finished) / 60)), forKey: .ageMinutes)
        }

        private enum Keys: String, CodingKey {
            case dataset, kind, run, finishedAt = "finished_at", ageMinutes = "age_minutes"
        }
    }
}
