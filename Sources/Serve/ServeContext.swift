import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the client's address (for the rate
/// limit and the request log).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address as text, or `unknown`.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
