import Contract
import Foundation
import Hummingbird
import NIOCore

/// A contribution endpoint's answer: status, JSON (or image) body and extra headers. Never
/// cached by shared caches (`no-store`) unless it says otherwise.
struct Reply: Sendable {
    var status: Int
    var body: Data
    var contentType = "application/json; charset=utf-8"
    var cacheControl = "no-store"
    var etag: String?
    /// A list page with more after it: the next page's `offset` (`link` names it).
    var nextOffset: Int?
    /// The `Link` header (RFC 8288) of a page with a next one.
    var link: String?

    /// A JSON document, written as every answer of the server is (`ContractJSON`: compact,
    /// sorted keys; docs/json.md rule 9).
    static func json<T: Encodable>(_ value: T, status: Int) throws -> Reply {
        Reply(status: status, body: Data(try ContractJSON.encode(value) + [UInt8(ascii: "\n")]))
    }

    var response: Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.cacheControl] = cacheControl
        if let etag { fields[.eTag] = etag }
        if let link { fields.append(.init(name: .link, value: link)) }
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
