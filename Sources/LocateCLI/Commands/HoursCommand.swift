import ArgumentParser
import Foundation
import Geo
import Hours
import Places

/// `locate hours`: evaluate and normalise opening hours.
struct HoursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Evaluate opening hours (OSM syntax or sign text), normalise hours text, read a photo of a sign.",
        subcommands: [Eval.self, Normalize.self, HoursReadCommand.self]
    )

    /// `locate hours eval EXPR --at …` and `locate hours eval --batch`.
    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eval",
            abstract: "Say whether an expression is open, closed or unknown at a time, and when that changes.",
            discussion: """
                EXPR may be OSM opening_hours syntax or Czech free text; --tz is the place's zone \
                (default: Europe/Prague) and --at defaults to now. With --batch, reads JSON lines from \
                stdin, each {"id","expr","at","tz","country","coords"} (all but expr optional; at as \
                --at takes it, coords as [lat, lon]), and writes one JSON line per input line, in order \
                (hours-eval-line/1: id, state, state_at, next_change, time_zone, warnings, error). Variants \
                the reference evaluators tolerate (Mo-FR, 6:00, a missing space) and the forms of signs \
                (8-16, 8.30, 16h, 8–16) are read and reported as warnings with their canonical form; \
                --strict accepts only the specification's syntax (no variants, no Czech text) and reports \
                anything else as an error naming the character.
                """
        )

        @Argument(help: "The expression (omit with --batch).")
        var expression: String?

        @OptionGroup var time: TimeOptions<PragueZone>

        @Option(
            help: ArgumentHelp(
                "Country or region for public holidays (CZ, DE-BY, GB-SCT; docs/holidays.md).",
                valueName: "CODE"))
        var country: String?

        // Unconditional: a southern or western position starts with '-' (as --near's).
        @Option(parsing: .unconditional, help: ArgumentHelp("Position for sunrise/sunset, as LAT,LON.", valueName: "LAT,LON"))
        var coords: String?

        @Flag(help: "Read JSON lines from stdin and answer each on stdout.")
        var batch = false

        @Flag(help: "Accept only the OSM specification's syntax: no tolerated variants, no Czech text.")
        var strict = false

        @OptionGroup var output: JSONOptions

        func validate() throws {
            if let country, let problem = PublicHolidays.problem(with: country) {
                throw ValidationError("--country \(problem)")
            }
            if batch {
                guard expression == nil else { throw ValidationError("give either EXPR or --batch, not both") }
                return
            }
            guard expression != nil else { throw ValidationError("missing EXPR (or use --batch)") }
            if let coords {
                if coords.hasPrefix("--") {
                    throw ValidationError(
                        "--coords needs a value LAT,LON (for example 50.0875,14.4214), not the option '\(coords)'")
                }
                do {
                    _ = try Coordinate(parsingLatLon: coords)
                } catch {
                    throw ValidationError("--coords '\(coords)': \(NearOptions.reason(error))")
                }
            }
        }

        func run() throws {
            let now = Date()
            if batch {
                HoursBatch.run(now: now, mode: strict ? .strict : .lenient)
                return
            }
            guard let expression else { throw Exit.usage }
            let zone = time.zone()
            let instant = time.instant() ?? now
            let c = coords.flatMap(Coordinate.init(latLonText:))
            let context = HoursContext(timeZone: zone, country: country, latitude: c?.latitude, longitude: c?.longitude)
            let reading = HoursReading(expression, mode: strict ? .strict : .lenient)
            guard let hours = reading.hours, let osm = reading.osm else {
                throw CLIError.failed(reading.reason ?? "not understood")
            }
            let answer = hours.state(at: instant, in: context)
            if output.json {
                Console.out(
                    try jsonText(
                        HoursEvalDocument(reading: reading, osm: osm, text: expression, answer: answer, at: instant, zone: zone)
                    ))
            } else {
                Console.text(HoursText.evaluation(reading, osm: osm, answer: answer, zone: zone))
            }
        }
    }

    /// `locate hours normalize TEXT`.
    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "normalize",
            abstract: "Turn hours text (OSM syntax, Czech text, as signs write it) into OSM syntax.",
            discussion: """
                Prints the OSM form on stdout and how it was read (exact or interpreted, with the reason) \
                on stderr, with a warning line per correction (Mo-FR read as Mo-Fr, 8 read as 08:00). \
                Ingest and contributions read hours text the same way. Text that is not a schedule \
                prints the reason on stderr and exits 3 (text longer than 1000 characters is not read). \
                --json prints hours-normalize/1 (hours_text, hours_osm, hours_status, reason, warnings) on \
                stdout instead.
                """
        )

        @Argument(help: "Hours text, such as 'po-pá 6:00-21:00; so-ne 8-20' or 'Mo-Fr 08:00-18:00'.")
        var text: String

        @OptionGroup var output: JSONOptions

        func run() throws {
            let h = HoursReading(text)
            if output.json {
                Console.out(try jsonText(HoursNormalizeDocument(h)))
            }
            switch h.status {
            case .exact, .interpreted:
                if !output.json {
                    Console.text(h.osm ?? "")
                    Console.note(HoursText.reading(h))
                    for w in h.warnings { Console.note("warning: \(w)") }
                }
            case .unknown, .missing:
                throw CLIError.noResult(HoursText.reading(h))
            }
        }
    }
}
