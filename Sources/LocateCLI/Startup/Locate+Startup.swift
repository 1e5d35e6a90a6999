import ArgumentParser

/// What every start of `locate` pays for, kept small (docs/benchmarks.md): a query's
/// command line is parsed by ArgumentParser, which reflects the command types, and each
/// question the Swift runtime cannot answer from its caches (a protocol conformance of a
/// type it has not seen) is a scan of every conformance record of the binary (about 7,300).
extension Locate {
    /// Every command type of the tree, depth first, the root first.
    static var commandTypes: [any ParsableCommand.Type] {
        func walk(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
            [command] + command.configuration.subcommands.flatMap(walk)
        }
        return walk(Locate.self)
    }

    /// The explicit names of `commandTypes`, in the same order (nil: none given).
    static var commandNames: [String?] { commandTypes.map { $0.configuration.commandName } }

    /// What would make every start slower, one line per command (tests keep it empty):
    /// - a command without an explicit `commandName`: ArgumentParser derives the name with
    ///   `String(describing:)` each time it builds the command tree, two million
    ///   instructions per command (conformance scans), a tenth of a whole query;
    /// - an `AsyncParsableCommand` other than `IngestCommand`: `LocateMain` runs only that
    ///   one asynchronously, because asking each command `as? any AsyncParsableCommand`
    ///   costs a conformance scan on every start.
    static var startupProblems: [String] {
        commandTypes.compactMap { type in
            if type.configuration.commandName == nil {
                return "\(type) has no explicit commandName"
            }
            if type is any AsyncParsableCommand.Type, ObjectIdentifier(type) != ObjectIdentifier(IngestCommand.self) {
                return "\(type) is an AsyncParsableCommand, but LocateMain runs only IngestCommand asynchronously"
            }
            return nil
        }
    }
}
