import ArgumentParser

/// `--json`, shared by every command that can answer in JSON (docs/json.md).
struct JSONOptions: ParsableArguments {
    @Flag(help: "Print the answer as JSON (docs/json.md); errors become one JSON object on stderr.")
    var json = false
}
