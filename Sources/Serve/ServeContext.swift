import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer's address (the client, or
/// the reverse proxy in front: `TrustedProxies` tells).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address as text, or `unknown`.
    let peer: String
    /// The client: the peer, or the address a trusted proxy forwarded for (set by
    /// `ClientMiddleware` before anything else runs). Per-client rules use this, never `peer`.
    var client: String
    /// The loop that reads and writes the connection: blocking work answers there.
    let eventLoop: any EventLoop

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
        client = peer
        eventLoop = source.channel.eventLoop
    }
}
