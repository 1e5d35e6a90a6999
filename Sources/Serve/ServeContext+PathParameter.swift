import Foundation
import Hummingbird
import Ingest

extension ServeContext {
    /// The route's `{name}` segment percent-decoded (RFC 3986, 2.1): the router matches the
    /// raw path, so an id with a `/` (OSM's `node/123`) travels as `node%2F123` and one with
    /// `@` or `,` may come encoded too. A control character is refused (400, `plainText`).
    func pathParameter(_ name: String) throws -> String {
        let raw = parameters.get(name) ?? ""
        return try ServeContext.plainText(raw.removingPercentEncoding ?? raw, parameter: name)
    }

    /// `value` of the path or query parameter `parameter`, or a 400 when it holds a control
    /// character: SQLite and C read text up to its first NUL (`node/1%00x` would name
    /// `node/1`), and no id, dataset, hash or query value has a tab, newline or escape.
    static func plainText(_ value: String, parameter: String) throws -> String {
        if let control = TextEscape.firstControl(in: value) {
            throw ServeError.badParameter(name: parameter, reason: "contains a control character (\(control))")
        }
        return value
    }
}
