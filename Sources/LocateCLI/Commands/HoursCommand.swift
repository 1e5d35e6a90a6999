import ArgumentParser
import Foundation
import Hours
import Ingest

/// `locate hours`: evaluate and normalise opening hours.
struct HoursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Evaluate opening hours (OSM syntax or Czech text) and normalise Czech text.",
        subcommands: [Eval.self, Normalize.self]
    )

    /// `locate hours eval EXPR --at …` and `locate hours eval --batch`.
    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say whether an expression is open, closed or unknown at a time, and when that changes.",
            discussion: """
                EXPR may be OSM opening_hours syntax or Czech free text. --at is wall-clock time in --tz \
                without an offset (default: now). With --batch, reads JSON lines from stdin, each \
                {"id","expr","at","tz","country","coords"} (country and coords optional), and writes one \
                JSON line per input line, in order: {"id","state","next_change"} or {"id","error"}.
                """
        )

        @Argument(help: "The expression (omit with --batch).")
        var expression: String?

        @Option(help: ArgumentHelp("Wall-clock time in --tz, YYYY-MM-DDTHH:MM (default: now).", valueName: "TIME"))
        var at: String?

        @Option(help: ArgumentHelp("IANA time zone of the place.", valueName: "ZONE"))
        var tz = "Europe/Prague"

        @Option(help: ArgumentHelp("Country for public holidays (CZ, PL).", valueName: "CC"))
        var country: String?

        @Option(help: ArgumentHelp("Position for sunrise/sunset, as LAT,LON.", valueName: "LAT,LON"))
        var coords: String?

        @Flag(help: "Read JSON lines from stdin and answer each on stdout.")
        var batch = false

        @Flag(help: "Print JSON.")
        var json = false

        func validate() throws {
            if batch {
                guard expression == nil else { throw ValidationError("give either EXPR or --batch, not both") }
                return
            }
            guard expression != nil else { throw ValidationError("missing EXPR (or use --batch)") }
            guard TimeZone(identifier: tz) != nil else { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
            if let at, let zone = TimeZone(identifier: tz), WallClock.instant(at, in: zone) == nil {
                throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM")
            }
            if let coords, HoursCLI.coordinates(coords) == nil {
                throw ValidationError("--coords '\(coords)' is not LAT,LON in degrees")
            }
        }

        func run() throws {
            let now = Date()
            if batch {
                HoursBatch.run(now: now)
                return
            }
            guard let expression, let zone = TimeZone(identifier: tz) else { throw Exit.usage }
            let instant = at.flatMap { WallClock.instant($0, in: zone) } ?? now
            let c = coords.flatMap(HoursCLI.coordinates)
            let context = HoursContext(timeZone: zone, country: country, latitude: c?.0, longitude: c?.1)
            let input: HoursInput
            do {
                input = try HoursInput(expression)
            } catch {
                if json {
                    Console.out(JSONValue.object([("error", .string(error.message))]).jsonText)
                } else {
                    Console.error(error.message)
                }
                throw Exit.failure
            }
            let answer = input.hours.state(at: instant, in: context)
            let next = answer.nextChange.map { WallClock.text($0, in: zone) }
            if json {
                Console.out(
                    JSONValue.object([
                        ("state", .string(answer.state.rawValue)), ("next_change", next.map { .string($0) } ?? .null),
                        ("comment", answer.comment.map { .string($0) } ?? .null), ("normalized", .string(input.normalized)),
                    ]).jsonText)
            } else {
                var lines = ["state: \(answer.state.rawValue)", "next change: \(next ?? "never")"]
                if let comment = answer.comment { lines.append("comment: \(comment)") }
                lines.append("normalized: \(input.normalized)")
                if input.status != .exact { lines.append("read as: \(input.status.rawValue) Czech text") }
                Console.out(lines.joined(separator: "\n"))
            }
        }
    }

    /// `locate hours normalize TEXT`.
    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Translate Czech opening-hours text to OSM syntax.",
            discussion: """
                Prints the OSM form on stdout and how it was read (exact or interpreted, with the reason) \
                on stderr. Text that is not a schedule prints the reason on stderr and exits 3.
                """
        )

        @Argument(help: "Czech hours text, such as 'po-pá 6:00-21:00; so-ne 8:00-20:00'.")
        var text: String

        @Flag(help: "Print JSON: original, normalized, status, reason.")
        var json = false

        func run() throws {
            let h = CzechHours(czech: text)
            if json {
                Console.out(
                    JSONValue.object([
                        ("original", .string(text)), ("normalized", h.expression.map { .string($0) } ?? .null),
                        ("status", .string(h.status.rawValue)), ("reason", h.reason.map { .string($0) } ?? .null),
                    ]).jsonText)
            }
            switch h.status {
            case .exact, .interpreted:
                if !json { Console.out(h.expression ?? "") }
                Console.note(h.status == .exact ? "exact" : "interpreted: \(h.reason ?? "")")
            case .unknown, .missing:
                Console.note("could not normalize: \(h.reason ?? "")")
                throw Exit.noResult
            }
        }
    }
}

enum HoursCLI {
    static func coordinates(_ text: String) -> (Double, Double)? {
        let p = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard p.count == 2, let lat = p[0], let lon = p[1], abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return (lat, lon)
    }
}
