import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer's address (the client, or
/// the reverse proxy in front: `TrustedProxies` tells).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address as text, or `unknown`.
    let peer: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
