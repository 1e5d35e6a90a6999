import Contract
import Hummingbird

/// The one JSON answer for a failure (`http-error/1`), whatever failed: every error answer
/// of the server is made here, and its message never names a server path (`ServerPaths`).
enum ErrorAnswer {
    /// The answer for any failure.
    static func response(_ error: any Error) -> Response {
        switch error {
        case let e as ServeError:
            var parameter: String?
            if case .badParameter(let name, _) = e { parameter = name }
            if case .refused(_, _, let field) = e { parameter = field }
            var response = response(status: e.status, message: e.description, parameter: parameter)
            if case .rateLimited(let seconds) = e { response.headers[.retryAfter] = String(seconds) }
            return response
        case let e as HTTPError where e.status == .notFound:
            return response(status: 404, message: "no such endpoint (see /v1/openapi.yaml)", parameter: nil)
        case let e as HTTPError:
            return response(status: e.status.code, message: e.body ?? e.status.reasonPhrase, parameter: nil)
        default:
            return response(status: 500, message: "\(error)", parameter: nil)
        }
    }

    /// The answer with this status and message (`parameter` names the query parameter at fault).
    static func response(status: Int, message: String, parameter: String?) -> Response {
        let document = HTTPErrorDocument(
            status: status, message: ServerPaths.withoutServerPaths(message), parameter: parameter)
        let body = ((try? ContractJSON.encode(document)) ?? Array("{\"schema\":\"http-error/1\"}".utf8)) + [UInt8(ascii: "\n")]
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
