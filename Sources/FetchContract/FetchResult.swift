import Contract
import Foundation

/// What became of one HTTP GET made by `locate-fetch`: the one JSON line it prints on
/// stdout (contract document `fetch-result/1`, docs/json.md). The body itself is in the file
/// named by `--out`, never in this document.
public struct FetchResult: Codable, Sendable, Equatable {
    /// `fetch-result/1`.
    public var schema = FetchResult.schemaName
    /// The URL asked for.
    public var url: String
    /// The HTTP status of the final answer; `null` when no answer came (a transport error).
    public var status: Int?
    /// The answer's `Content-Type`, as sent.
    public var contentType: String?
    /// The answer's `Retry-After`, as sent.
    public var retryAfter: String?
    /// Body bytes written to the output file.
    public var bytes: Int
    /// Why the transfer did not complete; `null` when the whole answer was received.
    public var error: FetchFailure?

    /// The contract name and version of this document.
    public static let schemaName = "fetch-result/1"

    /// A result for `url`.
    public init(
        url: String, status: Int? = nil, contentType: String? = nil, retryAfter: String? = nil, bytes: Int = 0,
        error: FetchFailure? = nil
    ) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.bytes = bytes
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case schema, url, status, bytes, error
        case contentType = "content_type"
        case retryAfter = "retry_after"
    }

    /// Every key is written, `null` when absent (the contract's rule 3).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(url, forKey: .url)
        try c.encode(status, forKey: .status)
        try c.encode(contentType, forKey: .contentType)
        try c.encode(retryAfter, forKey: .retryAfter)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(error, forKey: .error)
    }

    /// The document as one line of JSON with sorted keys.
    public func jsonLine() -> String {
        String(decoding: (try? ContractJSON.encode(self)) ?? [], as: UTF8.self)
    }
}

/// Why a transfer stopped before the whole answer was received.
public struct FetchFailure: Codable, Sendable, Equatable {
    /// The kind of failure.
    public enum Kind: String, Codable, Sendable {
        /// The body (or its announced `Content-Length`) is larger than `--max-bytes`.
        case tooLarge = "too_large"
        /// The whole request took longer than `--deadline`.
        case deadline
        /// No byte arrived for `--stall` seconds.
        case stalled
        /// More redirects than `--max-redirects`.
        case redirects
        /// The output file could not be written.
        case output
        /// No answer: connection refused, name not resolved, TLS failure, connection reset…
        case transport
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, in words, lower case.
    public var message: String

    /// A failure of `kind`.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}
