public import Storage

/// One rejected record or one warning: which feature, which id, which field, and why.
public struct IngestIssue: Sendable, Equatable, Encodable {
    /// 0-based position in the input: the feature in `features` (toilets), the station in the
    /// list (stations), or the station asked for (air data).
    public var index: Int
    /// The record's id when it had one.
    public var id: String?
    /// How the source itself names the record when its id is not one (`OBJECTID 17`,
    /// `FID 3`, `node/123`): what a person finds the record by in QGIS or a text editor.
    public var sourceRef: String?
    /// The field at fault (`geometry`, `ADRESA`, ...).
    public var field: String
    /// Why, as a short lower-case fragment.
    public var reason: String

    /// Creates an issue.
    /// Control characters in `id`, `sourceRef`, `field` and `reason` are escaped (`TextEscape`).
    public init(index: Int, id: String?, sourceRef: String? = nil, field: String, reason: String) {
        self.index = index
        self.id = id.map { TextEscape.quoted($0) }
        self.sourceRef = sourceRef.map { TextEscape.quoted($0) }
        self.field = TextEscape.quoted(field)
        self.reason = TextEscape.quoted(reason)
    }

    /// The 1-based position in the input, as people count (`feature 17` is the 17th).
    public var position: Int { index + 1 }

    /// `17 (OBJECTID 17)`, `3 (b7c62809f17d@50.087400,14.420760)`, or `17`: the position, then
    /// the source's own name for the record, else its id.
    public var label: String {
        guard let named = sourceRef ?? id else { return "\(position)" }
        return "\(position) (\(named))"
    }
}

extension IngestIssue {
    /// Encodes per the JSON contract (docs/json.md): `id` and `source_ref` are explicit nulls
    /// when absent; `index` is 0-based, `position` 1-based.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(index, forKey: .index)
        try c.encode(position, forKey: .position)
        try c.encode(id, forKey: .id)
        try c.encode(sourceRef, forKey: .sourceRef)
        try c.encode(field, forKey: .field)
        try c.encode(reason, forKey: .reason)
    }

    private enum Keys: String, CodingKey { case index, position, id, sourceRef = "source_ref", field, reason }
}

/// Everything one ingest did: the run row, and every rejected record and warning.
public struct IngestReport: Sendable, Equatable {
    /// The recorded run (counts, provenance).
    public var run: IngestRunRecord
    /// Records not stored, with reasons.
    public var rejected: [IngestIssue]
    /// Records stored with something odd about them.
    public var warnings: [IngestIssue]
    /// Warnings about the run as a whole (an input older than the dataset's newest run).
    public var notices: [String] = []

    /// Creates a report.
    public init(run: IngestRunRecord, rejected: [IngestIssue], warnings: [IngestIssue], notices: [String] = []) {
        self.run = run
        self.rejected = rejected
        self.warnings = warnings
        self.notices = notices
    }
}
