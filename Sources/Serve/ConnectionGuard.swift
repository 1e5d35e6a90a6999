import Foundation
import NIOCore
import NIOHTTPTypes

/// The connections the server holds at once, shared by every connection's `ConnectionGuard`.
final class ConnectionCount: @unchecked Sendable {
    /// The most connections held at once (`--max-connections`).
    let limit: Int
    private let lock = NSLock()
    private var open = 0

    init(limit: Int) { self.limit = limit }

    /// Counts a new connection; false (nothing counted) when `limit` are open already.
    func admit() -> Bool {
        lock.withLock {
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    /// Counts a connection that closed.
    func release() { lock.withLock { open -= 1 } }
}

/// Bounds what one connection may hold (issue 27, slowloris): a connection past
/// `--max-connections` is closed at once, so the server never runs out of file descriptors
/// (which SQLite needs too); and a connection must send a whole request head within
/// `--header-timeout` seconds of opening or of its previous answer, else it is closed: a
/// client trickling header lines holds nothing for long, and neither does a kept-alive
/// connection that asks nothing more (Hummingbird's idle timeout, `HTTPConnectionStateHandler`,
/// counts only from the answer and not while a head trickles in).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let count: ConnectionCount
    private let headerTimeout: TimeAmount
    private var admitted = false
    private var deadline: Scheduled<Void>?
    /// Requests whose head was read and whose answer has not ended (pipelining reads the
    /// next head before the answer before it ends).
    private var unanswered = 0

    init(count: ConnectionCount, headerTimeoutSeconds: Double) {
        self.count = count
        headerTimeout = .milliseconds(Int64(headerTimeoutSeconds * 1000))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard count.admit() else {
            context.close(promise: nil)
            return
        }
        admitted = true
        waitForHead(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if admitted {
            admitted = false
            count.release()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            unanswered += 1
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { waitForHead(context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    /// Closes the connection unless a request head arrives within the header timeout.
    private func waitForHead(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
    }
}
