import Foundation
import NIOCore
import NIOHTTPTypes

/// The connections the server holds at once, shared by every connection's `ConnectionGuard`,
/// and which of them are still waiting for a request head (oldest first).
///
/// `@unchecked Sendable` because NIO calls it from every event loop at once: each mutable
/// field (`held`, `waiting`, `next`) is read and written only inside `lock.withLock`, and a
/// channel is closed only after the lock is released. Under load on the release binary:
/// `ServeConnectionLimitTests` (trickling clients filling `--max-connections` while others are
/// answered) and `ServeSoakTests` (a request loop during ingests), run by `make test` with
/// `LOCATE_BIN` set to the release build.
// Safe: `held`, `waiting` and `next` are read and written only while `lock` is held.
final class ConnectionCount: @unchecked Sendable {
    /// The most connections held at once (`--max-connections`).
    let limit: Int
    private let lock = NSLock()
    private var held = Set<Int>()
    private var waiting: [(token: Int, channel: any Channel)] = []
    private var next = 0

    init(limit: Int) { self.limit = limit }

    /// Counts a new connection and returns its token. At the limit, the oldest connection
    /// still waiting for a request head (a trickling or idle one) is closed to make room:
    /// a client that sends its request at once is served even while others hold every
    /// place. Nil (nothing counted) when every held connection is busy with a request.
    func admit() -> Int? {
        let (token, evicted) = lock.withLock { () -> (Int?, (any Channel)?) in
            var evicted: (any Channel)?
            if held.count >= limit {
                guard !waiting.isEmpty else { return (nil, nil) }
                let oldest = waiting.removeFirst()
                held.remove(oldest.token)
                evicted = oldest.channel
            }
            next += 1
            held.insert(next)
            return (next, evicted)
        }
        evicted?.close(promise: nil)
        return token
    }

    /// The connection of `token` waits for a request head (`channel` is closed to make room).
    func waits(_ token: Int, on channel: any Channel) {
        lock.withLock {
            guard held.contains(token) else { return }
            waiting.removeAll { $0.token == token }
            waiting.append((token, channel))
        }
    }

    /// The connection of `token` has sent a request head.
    func busy(_ token: Int) { lock.withLock { waiting.removeAll { $0.token == token } } }

    /// Counts a connection that closed.
    func release(_ token: Int) {
        lock.withLock {
            held.remove(token)
            waiting.removeAll { $0.token == token }
        }
    }
}

/// Bounds what one connection may hold (issue 27, slowloris): past `--max-connections` the
/// oldest connection still waiting for a request head makes room, or, when every one is busy
/// with a request, the new one is closed at once, so the server never runs out of file
/// descriptors (which SQLite needs too); and a connection must send a whole request head within
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
    private var token: Int?
    private var deadline: Scheduled<Void>?
    /// Requests whose head was read and whose answer has not ended (pipelining reads the
    /// next head before the answer before it ends).
    private var unanswered = 0

    init(count: ConnectionCount, headerTimeoutSeconds: Double) {
        self.count = count
        headerTimeout = .milliseconds(Int64(headerTimeoutSeconds * 1000))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard let token = count.admit() else {
            context.close(promise: nil)
            return
        }
        self.token = token
        waitForHead(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let token {
            self.token = nil
            count.release(token)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            unanswered += 1
            deadline?.cancel()
            deadline = nil
            if let token { count.busy(token) }
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
        if let token { count.waits(token, on: channel) }
        deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
    }
}
