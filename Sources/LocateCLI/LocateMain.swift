import ArgumentParser
import Contract
import Foundation

/// The entry point: parses and runs `Locate` like ArgumentParser's own `main`, and prints
/// every failure in one place: `error: …` text, or with `--json` among the arguments one
/// `error/1` object on stderr (docs/json.md rule 8), usage errors included.
@main
enum LocateMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `locate --version` alone, as ArgumentParser prints it, without its reflection of the
        // whole command tree (two thirds of the start; bench/startup.sh).
        if arguments == ["--version"] { return Console.out(Locate.version) }
        let json = Console.jsonErrors
        // The common query skips ArgumentParser's reflection (`ToiletQuery(quickParsing:)`,
        // `Startup/`; anything it does not read exactly as ArgumentParser does goes the usual
        // way). It saves about 2.5 ms a query on the release build (`bench/startup.sh`).
        let quick = ToiletQuery(quickParsing: arguments)
        var command: (any ParsableCommand)?
        if quick == nil {
            do {
                command = try Locate.parseAsRoot(arguments)
            } catch {
                parserExit(error, json: json)
            }
            if let command { ownWordsOnly(command, arguments, json: json) }
        }
        do {
            if let quick {
                try quick.run()
            } else if var ingest = command as? IngestCommand {
                // Only `ingest` awaits (downloads); a cast to the concrete type costs nothing,
                // while `as? any AsyncParsableCommand` would scan the binary's conformance
                // records on every start (`Locate.startupProblems` keeps ingest the only async
                // command).
                try await ingest.run()
            } else if var syncCommand = command {
                try syncCommand.run()
            }
        } catch let e as CLIError {
            exit(e.exitCode, message: e.description, text: e.text, json: json)
        } catch let e as ExitCode {
            exit(e, message: "exit \(e.rawValue)", text: nil, json: json)
        } catch let e as CleanExit {
            parserExit(e, json: json)
        } catch let e as ValidationError {
            // Thrown by a command's `run`: its usage, not the root's, follows the message.
            guard let command else { parserExit(e, json: json) }
            usageExit(e.message, of: type(of: command), json: json)
        } catch let e as any CustomStringConvertible & Error {
            exit(Exit.failure, message: e.description, text: "error: \(e.description)", json: json)
        } catch {
            parserExit(error, json: json)
        }
    }

    /// ArgumentParser reads the words of `locate toilet show …` for `locate toilet` too (and
    /// the other way round), so an option only the parent takes would be read and dropped
    /// (`locate toilet show ID --wheelchair`). A subcommand must follow its parent's name at
    /// once, and its words are parsed again by it alone: a word it does not take is a usage
    /// error naming it.
    private static func ownWordsOnly(_ command: any ParsableCommand, _ arguments: [String], json: Bool) {
        let type = type(of: command)
        guard let name = type.configuration.commandName,
            let parent = Locate.configuration.subcommands.first(where: { p in
                p.configuration.subcommands.contains { $0 == type }
            }), let parentName = parent.configuration.commandName
        else { return }
        guard arguments.count >= 2, arguments[0] == parentName, arguments[1] == name else {
            usageExit("the options of locate \(parentName) \(name) go after its name", of: type, json: json)
        }
        do {
            _ = try type.parse(Array(arguments.dropFirst(2)))
        } catch {
            guard Locate.exitCode(for: error) == ExitCode.validationFailure else { return }
            usageExit(type.message(for: error), of: type, json: json)
        }
    }

    /// A usage error of `type`, with that command's usage (not the root's) after the message.
    private static func usageExit(_ message: String, of type: any ParsableCommand.Type, json: Bool) -> Never {
        // As ArgumentParser writes it: "Usage: " before the first line, the others under it.
        let usage = Locate.usageString(for: type).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 0 ? "Usage: \($0.element)" : "       \($0.element)" }.joined(separator: "\n")
        let path =
            Locate.configuration.subcommands.first { p in p.configuration.subcommands.contains { $0 == type } }
            .flatMap { $0.configuration.commandName }.map { $0 + " " } ?? ""
        let name = path + (type.configuration.commandName ?? "")
        let text = "Error: \(message)\n\(usage)\n  See 'locate \(name) --help' for more information."
        exit(ExitCode.validationFailure, message: message, text: text, json: json)
    }

    /// ArgumentParser's own errors (usage errors, `--help`, `--version`).
    private static func parserExit(_ error: any Error, json: Bool) -> Never {
        let code = Locate.exitCode(for: error)
        guard json, code != Exit.success else { Locate.exit(withError: error) }
        exit(code, message: Locate.message(for: error), text: nil, json: true)
    }

    private static func exit(_ code: ExitCode, message: String, text: String?, json: Bool) -> Never {
        if json {
            let document = ErrorDocument(message: message, exitCode: Int(code.rawValue))
            Console.noteJSON((try? compactJSONText(document)) ?? "{\"schema\":\"error/1\"}")
        } else if let text {
            Console.note(text)
        }
        Foundation.exit(code.rawValue)
    }
}
