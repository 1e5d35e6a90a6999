import ArgumentParser
import Foundation
import Query

/// `--bookmarks FILE`: where the bookmarks are kept.
struct BookmarkOptions: ParsableArguments {
    @Option(
        name: .customLong("bookmarks"),
        help: ArgumentHelp(
            "Bookmarks file (default: $LOCATE_BOOKMARKS, else $XDG_CONFIG_HOME/locate/bookmarks.json, else ~/.config/locate/bookmarks.json).",
            valueName: "FILE"))
    var file: String?

    /// The file to use: `--bookmarks`, `LOCATE_BOOKMARKS`, then the XDG config folder.
    var path: String {
        let env = ProcessInfo.processInfo.environment
        func given(_ key: String) -> String? { env[key].flatMap { $0.isEmpty ? nil : $0 } }
        if let file { return file }
        if let p = given("LOCATE_BOOKMARKS") { return p }
        let config = given("XDG_CONFIG_HOME") ?? (given("HOME") ?? NSHomeDirectory()) + "/.config"
        return config + "/locate/bookmarks.json"
    }

    /// The bookmarks in the file (none when it does not exist).
    func load() throws -> [Bookmark] { try BookmarkFile.load(path) }
}
