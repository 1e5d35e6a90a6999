import Places
import Query
import Testing

/// The words of a far answer (issue 23: answers 844 and 915 km away came without a word).
@Suite struct FarAnswerTests {
    @Test(arguments: [
        (
            FarAnswer(
                firstFar: 0, resultCount: 5, firstFarMeters: 844_060, activeNear: 242,
                dataNear: [(.field(.wheelchair), 0), (.field(.free), 236)]),
            "no toilet within 50 km of the query point matches: the nearest result is 844 km away"
                + " (none of the 242 toilets within 50 km has wheelchair data)"
        ),
        (
            FarAnswer(firstFar: 3, resultCount: 5, firstFarMeters: 914_520, activeNear: 195, dataNear: [(.field(.openNow), 7)]),
            "results 4–5 are over 50 km away (915 km and more): only 3 toilets within 50 km of the query point match"
                + " (only 7 of the 195 toilets within 50 km have opening hours)"
        ),
        (
            FarAnswer(
                firstFar: 1, resultCount: 2, firstFarMeters: 52_340, activeNear: 12, dataNear: [(.attribute(.changingTable), 9)]),
            "result 2 is over 50 km away (52.3 km and more): only 1 toilet within 50 km of the query point matches"
        ),
        (
            FarAnswer(firstFar: 0, resultCount: 1, firstFarMeters: 120_000, activeNear: 0, dataNear: [(.field(.wheelchair), 0)]),
            "no toilet of the loaded data lies within 50 km of the query point: the nearest result is 120 km away"
        ),
    ])
    func wordsNameWhatIsFarAndWhy(far: FarAnswer, text: String) {
        #expect(far.text == text)
    }
}
