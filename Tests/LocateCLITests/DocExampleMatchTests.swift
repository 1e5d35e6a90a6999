import Testing

/// The reading of console blocks, the masks and the update rule of `DocExampleTests`.
@Suite struct DocExampleMatchTests {
    struct LineCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var line: String
        var matches: Bool
        var testDescription: String { "\(pattern) ~ \(line)" }
    }

    static let lineCases: [LineCase] = [
        LineCase(pattern: "read 15", line: "read 15", matches: true),
        LineCase(pattern: "read 15", line: "read 16", matches: false),
        LineCase(pattern: "took … s", line: "took 0.25 s", matches: true),
        LineCase(pattern: "took … s", line: "took 0.25 ms", matches: false),
        LineCase(pattern: "wrote …", line: "wrote /tmp/x/site", matches: true),
        LineCase(pattern: "… at the end", line: " at the end", matches: true),
        LineCase(pattern: "a…b…c", line: "abc", matches: true),
        LineCase(pattern: "a…b…c", line: "axxbyyc", matches: true),
        LineCase(pattern: "a…b…c", line: "axxcyyb", matches: false),
        LineCase(pattern: "ab…ba", line: "aba", matches: false),
    ]

    @Test(arguments: lineCases)
    func lineMasks(_ c: LineCase) {
        #expect(DocExamples.lineMatches(c.pattern, c.line) == c.matches)
    }

    @Test func theMaskLineMatchesAnyNumberOfLines() {
        #expect(DocExamples.matches(["a", "…", "z"], ["a", "z"]))
        #expect(DocExamples.matches(["a", "…", "z"], ["a", "b", "c", "z"]))
        #expect(!DocExamples.matches(["a", "…", "z"], ["a", "b", "c"]))
        #expect(DocExamples.matches(["…"], []))
        #expect(DocExamples.matches(["{", "  …", "}"], ["{", "  a", "  b", "}"]))
        #expect(!DocExamples.matches([], ["x"]))
    }

    @Test func anUpdateKeepsMasksThatStillMatch() {
        let expected = ["header", "took … s", "…", "total 3", "[exit 3]"]
        let actual = ["header", "took 9 s", "row 1", "row 2", "total 4", "[exit 3]"]
        #expect(DocExamples.updated(expected, actual) == ["header", "took … s", "…", "total 4", "[exit 3]"])
        #expect(DocExamples.updated(["took … s"], ["slept 2 s"]) == ["slept 2 s"])
        #expect(DocExamples.updated(["a", "b"], ["a", "b", "c"]) == ["a", "b", "c"])
    }

    @Test func commandsOutputsAndExitLinesAreRead() throws {
        let text = """
            intro
            ```console
            $ locate hours eval "x" \\
                --json
            {"a": 1}
            [exit 1]
            $ echo hi
            hi
            ```
            ```sh
            $ make demo
            ```
            """
        let examples = try DocExamples.parse(text)
        #expect(
            examples == [
                DocExample(
                    command: "locate hours eval \"x\" \\\n    --json", line: 3, expected: ["{\"a\": 1}", "[exit 1]"],
                    outputLines: 4..<6),
                DocExample(command: "echo hi", line: 7, expected: ["hi"], outputLines: 7..<8),
            ])
        #expect(DocExamples.shownLines(output: "a\nb\n", status: 3) == ["a", "b", "[exit 3]"])
        #expect(DocExamples.shownLines(output: "", status: 0) == [])
    }

    @Test func theDifferenceShowsTheChangedLinesWithContext() {
        let expected = ["a", "b", "c", "state: open", "d", "e", "f"]
        let actual = ["a", "b", "c", "state: closed", "d", "e", "f"]
        #expect(
            DocExamples.difference(expected, actual)
                == "  (1 matching lines)\n  b\n  c\n- state: open\n+ state: closed\n  d\n  e")
        #expect(DocExamples.difference(["x"], ["x", "[exit 1]"]) == "  x\n+ [exit 1]")
    }

    @Test func aPlainBlockWithCommandsIsRefused() {
        #expect(
            throws: DocExamples.LayoutProblem(
                line: 3,
                message: "a block with `$ ` commands must be ```console (run by DocExampleTests) or ```sh/```text (shown only)")
        ) {
            try DocExamples.parse("x\n```\n$ locate runs\n```\n")
        }
    }
}
