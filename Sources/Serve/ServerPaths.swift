import Foundation

/// No HTTP answer names a file of the server: an error's text (SQLite's, a photo store's, the
/// salt file's) may carry an absolute path, which tells a client how the server is laid out.
/// Every error answer's message goes through `withoutServerPaths` (`ErrorAnswer`'s one
/// error shape): a path keeps its last component, which is enough to say which file is at
/// fault; the API's own paths (`/v1/…`) stay whole.
enum ServerPaths {
    /// An absolute path of two or more components, not the API's own (`/v1/…`), starting the
    /// text or after a space, quote, parenthesis, `=` or `:`.
    private static let path = try? NSRegularExpression(
        pattern: #"(?<=^|[\s'"(=:])/(?!v1/)[^\s'"():,;]*/[^\s'"():,;]*"#)

    /// `text` with every server path shortened to its last component.
    static func withoutServerPaths(_ text: String) -> String {
        guard text.contains("/"), let path else { return text }
        var result = text
        let range = NSRange(text.startIndex..., in: text)
        for match in path.matches(in: text, range: range).reversed() {
            guard let r = Range(match.range, in: result) else { continue }
            let last = (String(result[r]) as NSString).lastPathComponent
            result.replaceSubrange(r, with: last)
        }
        return result
    }
}
