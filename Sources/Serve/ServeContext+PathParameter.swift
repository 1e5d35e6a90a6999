import Foundation
import Hummingbird

extension ServeContext {
    /// The route's `{name}` segment percent-decoded (RFC 3986, 2.1), or "": the router
    /// matches the raw path, so an id with a `/` (OSM's `node/123`) travels as `node%2F123`
    /// and one with `@` or `,` may come encoded too.
    func pathParameter(_ name: String) -> String {
        let raw = parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
