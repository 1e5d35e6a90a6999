/// A strict subset of ArgumentParser's command-line syntax, read without reflection: the
/// start-up fast path of `locate toilet` (`ToiletQuery(quickParsing:)`, docs/benchmarks.md).
/// Everything of the fast path lives in this folder, `Startup/`, and `LocateMain` reaches it
/// through that one initializer. It pays for itself: on the release build it saves about
/// 2.5 ms of a whole query (fastest of 300: 2.7 against 5.4 to 5.8 ms; CPU 2.0 to 2.5 against 4.3
/// to 4.9 ms; 5.2 M against 23.3 M instructions), measured by `bench/startup.sh` on the sample
/// and on 1,000,000 points (2026-11-27). Remove it when that script shows under 1 ms.
///
/// ArgumentParser learns a command's options by reflecting its types (`Mirror`, casts to its
/// property-wrapper protocols, a `--generate-completion-script` check), and each question
/// the Swift runtime has not answered before is a scan of every protocol-conformance record
/// of the binary: about 19 million instructions, half of a whole query. This reader knows
/// the options from a table instead, and gives up (nil) on anything it does not read exactly
/// as ArgumentParser does, which then parses the line as always and says what is wrong. It
/// reads only long options (`--name value`, `--name=value`, flags `--name`), each at most
/// once unless repeatable, and values that are not empty and do not start with `-` (except
/// where ArgumentParser takes any value, `parsing: .unconditional`; there too not `--…`).
/// Help, completions, positional words, short options and `--` all give up.
struct QuickArguments {
    /// How an option takes its value.
    enum Kind {
        /// A flag without a value.
        case flag
        /// One value, which must not look like an option.
        case value
        /// One value that may start with a minus (`@Option(parsing: .unconditional)`).
        case anyValue
        /// A value that may be given several times (an array option).
        case repeatable
    }

    /// The flags given.
    private(set) var flags: Set<String> = []
    /// The values given, by option name (without the dashes), in command-line order.
    private(set) var values: [String: [String]] = [:]

    /// Reads `arguments` by `options` (names without the dashes), or nil when ArgumentParser
    /// must read them.
    init?(_ arguments: ArraySlice<String>, options: [String: Kind]) {
        var rest = arguments[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else { return nil }
            let body = word.dropFirst(2)
            let name: String
            var attached: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                attached = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            guard let kind = options[name] else { return nil }
            if kind == .flag {
                guard attached == nil, flags.insert(name).inserted else { return nil }
                continue
            }
            guard let value = attached ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("--") else { return nil }
            if kind != .anyValue && value.hasPrefix("-") { return nil }
            if kind != .repeatable && values[name] != nil { return nil }
            values[name, default: []].append(value)
        }
    }

    /// Whether flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name`, or nil when not given.
    func value(_ name: String) -> String? { values[name]?.last }
}
