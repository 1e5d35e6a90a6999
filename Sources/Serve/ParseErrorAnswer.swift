import Contract
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request NIO's HTTP/1.1 decoder refuses before any route sees it (a request line
/// and headers over 80 KiB, such as a 100 KB query string, or bytes that are not HTTP) with
/// the `http-error/1` body every other error has, logs it as the middleware logs a request,
/// and ends the connection: its side is shut for writing at once, what the client still sends
/// is dropped, and the connection closes when the client closes (or at `--header-timeout`,
/// `ConnectionGuard`): closing with bytes unread would reset the connection, and the client
/// could lose the answer. Without it Hummingbird answers such a request with a 400 and an
/// empty body, and nothing is logged. A parse error in the middle of a request whose head was
/// already handed on is left to Hummingbird (its answer may have started).
final class ParseErrorAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let logger: Logger
    /// Requests whose head was read and whose answer has not ended.
    private var unanswered = 0
    /// Whether this handler answered a parse error (what follows is dropped).
    private var answered = false

    init(logger: Logger) { self.logger = logger }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if answered { return }
        if case .head = unwrapInboundIn(data) { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered = max(0, unanswered - 1) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if answered { return }
        guard let parse = error as? HTTPParserError, unanswered == 0 else {
            context.fireErrorCaught(error)
            return
        }
        let message = ParseErrorAnswer.message(parse)
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        logger.info("- - 400 \(peer): \(message)")
        let document = HTTPErrorDocument(status: 400, message: message, parameter: nil)
        let body = ((try? ContractJSON.encode(document)) ?? Array("{\"schema\":\"http-error/1\"}".utf8)) + [UInt8(ascii: "\n")]
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[.connection] = "close"
        fields[.contentLength] = String(body.count)
        answered = true
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        }
    }

    /// What the client is told: the head's size for an overflow, else that it is not HTTP/1.1.
    static func message(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow:
            return "the request line and headers are over 81920 bytes (80 KiB): the query string is too long"
        default:
            return "the request is not valid HTTP/1.1 (\(error))"
        }
    }
}
