import ArgumentParser
import Contract
import Contributions
import Foundation
import Review
import Storage

/// `locate review`: maintainers decide on community contributions.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review community contributions: list, show, approve, reject, conflicts, prune-photos.",
        discussion: """
            Contributions arrive through `locate serve` and wait as pending. Approving applies one at once (an edit \
            overrides the source's value and keeps it; a new toilet joins the `community` dataset; a gone or closed \
            report retires the toilet); every decision is recorded with who and when.
            """,
        subcommands: [List.self, Show.self, Approve.self, Reject.self, Conflicts.self, PrunePhotos.self]
    )

    /// `--as`, or `$USER`.
    struct Reviewer: ParsableArguments {
        @Option(
            name: .customLong("as"),
            help: ArgumentHelp("Reviewer name recorded with the decision (default: $USER).", valueName: "NAME"))
        var name: String?

        /// The reviewer's name.
        var resolved: String {
            get throws {
                let given = name ?? ProcessInfo.processInfo.environment["USER"] ?? ""
                let trimmed = given.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { throw ValidationError("--as NAME is required when $USER is not set") }
                return trimmed
            }
        }
    }

    /// A contribution number: `12` or `#12`.
    struct Number: ExpressibleByArgument {
        var value: Int64
        init?(argument: String) {
            let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
            guard let v = Int64(digits), v > 0 else { return nil }
            value = v
        }
    }

    /// The review desk of the database for a decision; the database must exist already.
    static func desk(_ store: StoreOptions, wait: WaitOptions) throws -> ReviewDesk {
        guard FileManager.default.fileExists(atPath: store.path) else {
            throw CLIError.failed("\(store.path): cannot open database: no such file (run `locate ingest` first)")
        }
        return ReviewDesk(databasePath: store.path, access: wait.access)
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List contributions, oldest first (default: the pending ones).",
            discussion: "Exits 3 when none match (with --json, after printing an empty list).")

        @Option(
            name: .customLong("status"),
            help: ArgumentHelp("Which: pending, approved, rejected, superseded or all (default: pending).", valueName: "STATUS"))
        var statusGiven: String?
        var status: String { statusGiven ?? "pending" }
        @Option(help: "Only this kind: new, edit, report or photo.")
        var kind: ContributionKindChoice?
        @Option(help: "At most N contributions.")
        var limit: Int?
        @Option(help: "Skip the first N contributions listed (paging; default 0); the JSON's next_offset gives the next page's.")
        var offset: Int?
        @OptionGroup var output: JSONOptions
        @OptionGroup var formats: FormatOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            _ = try formats.resolved(json: output.json)
            guard status == "all" || ContributionStatus(rawValue: status) != nil else {
                throw ValidationError("--status must be pending, approved, rejected, superseded or all")
            }
            if let limit, !(1...100_000).contains(limit) { throw ValidationError("--limit must be 1 to 100000") }
            if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more") }
        }

        func run() throws {
            let page = try ReviewDesk(databasePath: store.path).list(
                ReviewListRequest(
                    status: ContributionStatus(rawValue: status), kind: kind?.kind, limit: limit, offset: offset ?? 0))
            let list = page.contributions
            switch try formats.resolved(json: output.json) {
            case .json: Console.out(try jsonText(page.document))
            case .csv: Console.out(String(decoding: try ContractCSV.encode(list.map(ContributionObject.init)), as: UTF8.self))
            case .table where !list.isEmpty: Console.text(ReviewText.list(list))
            case .table, .geojson: break
            }
            if list.isEmpty { throw CLIError.noResult("no \(status == "all" ? "" : status + " ")contributions in \(store.path)") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a contribution: the proposed change beside the current values, its decisions and photo path.")

        @Argument(help: ArgumentHelp("The contribution's number (12 or #12).", valueName: "ID"))
        var id: Number
        @Option(
            help: ArgumentHelp(
                "The folder the photos are in: what `locate serve --photos` was given (default: <db>.photos).",
                valueName: "DIR"))
        var photos: String?
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let detail = try ReviewDesk(databasePath: store.path).show(id.value, photoFolder: photos)
            if output.json {
                Console.out(try jsonText(ReviewShowDocument(detail)))
            } else {
                Console.text(ReviewText.show(detail))
            }
        }
    }

    struct Approve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "approve",
            abstract: "Approve a pending contribution and apply it (or approve again an edit in conflict).",
            discussion: """
                A photo of an hours sign carries the hours the sign reader suggested (`locate review show`): \
                --accept-hours approves the photo and sets the toilet's hours to them, --hours TEXT sets these hours \
                instead (the suggestion corrected); either becomes an edit of the hours of its own that names the photo. \
                Without either, only the photo is approved.
                """)

        @Argument(help: ArgumentHelp("The contribution's number (12 or #12).", valueName: "ID"))
        var id: Number
        @Flag(help: "For a photo of an hours sign: set the toilet's hours to the suggestion read from it.")
        var acceptHours = false
        @Option(
            name: .customLong("hours"),
            help: ArgumentHelp(
                "For a photo of an hours sign: set the toilet's hours to TEXT (opening_hours, or a sign's words).",
                valueName: "TEXT"))
        var hoursText: String?
        @OptionGroup var reviewer: Reviewer
        @OptionGroup var output: JSONOptions
        @OptionGroup var wait: WaitOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if acceptHours && hoursText != nil { throw ValidationError("give --accept-hours or --hours TEXT, not both") }
            if let hoursText, hoursText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ValidationError("--hours must not be empty")
            }
        }

        func run() throws {
            let name = try reviewer.resolved
            let hours: HoursFromSign? = acceptHours ? .accept : hoursText.map(HoursFromSign.edit)
            let outcome = try ReviewCommand.desk(store, wait: wait).approve(
                id.value, reviewer: name, at: Date.now, hours: hours)
            if output.json {
                Console.out(try jsonText(ReviewDecisionDocument(outcome)))
            } else {
                Console.text(ReviewText.outcome(outcome, verb: "approved"))
            }
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reject",
            abstract: "Reject a pending contribution (or drop an edit in conflict), with a reason.")

        @Argument(help: ArgumentHelp("The contribution's number (12 or #12).", valueName: "ID"))
        var id: Number
        @Option(help: ArgumentHelp("Why (recorded and shown to maintainers).", valueName: "TEXT"))
        var reason: String
        @OptionGroup var reviewer: Reviewer
        @OptionGroup var output: JSONOptions
        @OptionGroup var wait: WaitOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ValidationError("--reason must not be empty")
            }
        }

        func run() throws {
            let name = try reviewer.resolved
            let outcome = try ReviewCommand.desk(store, wait: wait).reject(
                id.value, reviewer: name, reason: reason, at: Date.now)
            if output.json {
                Console.out(try jsonText(ReviewDecisionDocument(outcome)))
            } else {
                Console.text(ReviewText.outcome(outcome, verb: "rejected"))
            }
        }
    }

    struct Conflicts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conflicts",
            abstract: "List approved edits whose source value a re-ingest changed.",
            discussion: """
                The source's new value is in the data. Approve the contribution again to put the edit back over it, or \
                reject it (--reason) to drop the edit. Exits 3 when there are none.
                """)

        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let list = try ReviewDesk(databasePath: store.path).conflicts()
            if output.json {
                Console.out(try jsonText(ReviewConflictsDocument(conflicts: list.map(OverrideObject.init))))
            } else if !list.isEmpty {
                Console.text(ReviewText.conflicts(list))
            }
            if list.isEmpty { throw CLIError.noResult("no conflicts in \(store.path)") }
        }
    }
}

extension ReviewCommand {
    struct PrunePhotos: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune-photos",
            abstract: "Remove photo files no contribution names (left by a failed or killed upload).",
            discussion: """
                A server stores a photo's files before its contribution; a failure or a kill in between leaves files \
                no contribution names. Files named by any contribution (pending, approved or rejected) stay, and so \
                do files changed in the last --min-age minutes (an upload may still be on its way), and anything not \
                named as a stored photo. Safe while `locate serve` runs.
                """)

        @Option(
            help: ArgumentHelp(
                "The folder the photos are in: what `locate serve --photos` was given (default: <db>.photos).",
                valueName: "DIR"))
        var photos: String?
        @Option(help: ArgumentHelp("Spare files changed in the last MINUTES minutes.", valueName: "MINUTES"))
        var minAge: Int = 60
        @Flag(help: "List what would be removed; remove nothing.")
        var dryRun = false
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard minAge >= 0 else { throw ValidationError("--min-age must be 0 or more minutes") }
        }

        func run() throws {
            let folder = photos ?? LocateStore.photoFolder(forDatabase: store.path)
            let cutoff = Date.now.addingTimeInterval(-Double(minAge) * 60)
            let document = try ReviewDesk(databasePath: store.path).prunePhotos(
                in: folder, modifiedBefore: cutoff, dryRun: dryRun)
            if output.json { Console.out(try jsonText(document)) } else { Console.text(ReviewText.pruned(document)) }
        }
    }
}

/// `--kind` of `locate review list`.
enum ContributionKindChoice: String, CaseIterable, ExpressibleByArgument {
    case new, edit, report, photo

    var kind: ContributionKind { ContributionKind(rawValue: rawValue) ?? .edit }
}
