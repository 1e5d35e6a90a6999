import ArgumentParser
import Contract
import Foundation
import Hours
import Query
import Storage

/// `locate bookmark add|remove|list`.
struct BookmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmark",
        abstract: "Keep a list of stations and toilets you watch.",
        discussion: """
            Bookmarks are kept per user in a small JSON file (schema bookmarks/1), not in the \
            database: a read-only or shared database can be bookmarked, and re-ingests never touch \
            them. They name places by global id (DATASET/SOURCE_ID), which stays the same across \
            re-ingests. `locate station --bookmarked` lists the bookmarked stations with their \
            index and latest values.
            """,
        subcommands: [Add.self, Remove.self, List.self]
    )

    /// `locate bookmark add ID`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Bookmark a station or toilet by its global id (DATASET/SOURCE_ID, as answers show it).")

        @Argument(help: ArgumentHelp("The global id, e.g. gios-stations-sample/9001.", valueName: "ID"))
        var id: String

        @OptionGroup var bookmarks: BookmarkOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let place = try LocateStore(readingAt: store.path).activePlace(globalID: id) else {
                throw CLIError.noResult(
                    "no active station or toilet has the id \(id) in \(store.path) (ids are DATASET/SOURCE_ID)")
            }
            let kind = place.kind == .stations ? "station" : "toilet"
            var already = false
            try BookmarkFile.update(bookmarks.path) { list in
                already = list.contains { $0.id == id }
                if !already { list.append(Bookmark(kind: kind, id: id, addedAt: InstantText.utc(Date()))) }
                return !already
            }
            if already {
                Console.note("note: \(id) is already bookmarked")
            } else {
                Console.text("bookmarked \(kind) \(id)")
            }
        }
    }

    /// `locate bookmark remove ID`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a bookmark. Exits 3 when it is not bookmarked.")

        @Argument(help: ArgumentHelp("The global id.", valueName: "ID"))
        var id: String

        @OptionGroup var bookmarks: BookmarkOptions

        func run() throws {
            var found = true
            try BookmarkFile.update(bookmarks.path) { list in
                guard let i = list.firstIndex(where: { $0.id == id }) else {
                    found = false
                    return false
                }
                list.remove(at: i)
                return true
            }
            guard found else { throw CLIError.noResult("\(id) is not bookmarked") }
            Console.text("removed \(id)")
        }
    }

    /// `locate bookmark list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the bookmarks with their names. Exits 3 when there are none.")

        @OptionGroup var bookmarks: BookmarkOptions
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let list = try bookmarks.load()
            let document = try BookmarkListDocument(list, in: list.isEmpty ? nil : try LocateStore(readingAt: store.path))
            let rows = document.bookmarks
            if output.json {
                Console.out(try jsonText(document))
            } else if !rows.isEmpty {
                var t = Table(headers: ["kind", "id", "name", "added"], rightAligned: [])
                for r in rows {
                    let name = r.found ? (r.name ?? "(no name)") : "(not in the database)"
                    t.rows.append([r.bookmark.kind, r.bookmark.id, name, r.bookmark.addedAt])
                }
                Console.text(t.render())
            }
            if rows.isEmpty { throw CLIError.noResult("no bookmarks in \(bookmarks.path)") }
        }
    }
}
