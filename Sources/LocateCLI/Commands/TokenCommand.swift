import ArgumentParser
import Foundation
import Review

/// `locate token`: bearer tokens for the maintainer endpoints of `locate serve`.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, revoke and list maintainer tokens for locate serve.",
        discussion: "Only a token's SHA-256 is stored: `create` prints the token once, on stdout.",
        subcommands: [Create.self, Revoke.self, List.self]
    )

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Make a token named NAME and print it once.")

        @Argument(help: ArgumentHelp("A name for the token (who holds it).", valueName: "NAME"))
        var name: String
        @OptionGroup var wait: WaitOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let token = try ReviewCommand.desk(store, wait: wait).createToken(name: name, at: Date.now)
            Console.out(token)
            Console.note("token '\(name)' created: it is shown only this once")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke the token named NAME.")

        @Argument(help: ArgumentHelp("The token's name.", valueName: "NAME"))
        var name: String
        @OptionGroup var wait: WaitOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            try ReviewCommand.desk(store, wait: wait).revokeToken(name: name, at: Date.now)
            Console.note("token '\(name)' revoked")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List token names with when they were made and revoked (never the tokens).",
            discussion: "Exits 3 when there are none (with --json, after printing an empty list).")

        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let document = try ReviewDesk(databasePath: store.path).tokens()
            let tokens = document.tokens
            if output.json {
                Console.out(try jsonText(document))
            } else if !tokens.isEmpty {
                var table = Table(headers: ["NAME", "CREATED", "REVOKED"])
                table.rows = tokens.map { [$0.name, $0.createdAt, $0.revokedAt ?? "-"] }
                Console.text(table.render())
            }
            if tokens.isEmpty { throw CLIError.noResult("no tokens in \(store.path)") }
        }
    }
}
