import Contract
import Foundation
import Hours
import Testing

@Suite struct InstantTextTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    /// RFC 3339 text of an instant (seconds since 1970) in Prague's offset, and in UTC.
    @Test(arguments: [
        (1_795_000_000.0, "2026-11-18T12:06:40+01:00", "2026-11-18T11:06:40Z"),  // winter, CET
        (1_782_900_000.0, "2026-07-01T12:00:00+02:00", "2026-07-01T10:00:00Z"),  // summer, CEST
        (1_795_000_000.9, "2026-11-18T12:06:40+01:00", "2026-11-18T11:06:40Z"),  // whole seconds, rounded down
        // Local mean time before 1891 is +00:57:44: the offset is rounded to +00:58 and the
        // wall time follows it, so the text names the same instant (to the second).
        (-2_524_521_600.0, "1890-01-01T00:58:00+00:58", "1890-01-01T00:00:00Z"),
        (-30_610_310_400.0, "0999-12-31T00:58:00+00:58", "0999-12-31T00:00:00Z"),  // four-digit year
        (1e20, "9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),  // clamped, no trap
    ])
    func formats(seconds: Double, inPrague: String, utc: String) {
        let instant = Date(timeIntervalSince1970: seconds)
        #expect(InstantText.utc(instant) == utc)
        let text = InstantText.text(instant, in: seconds > 1e15 ? .gmt : InstantTextTests.prague)
        #expect(text == inPrague)
    }

    @Test func readsBackItsOwnText() throws {
        let instant = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(InstantText.instant(InstantText.text(instant, in: InstantTextTests.prague)) == instant)
        #expect(InstantText.instant("2026-11-18T11:06:40.250Z") == Date(timeIntervalSince1970: 1_795_000_000.25))
        #expect(InstantText.instant("2026-11-18 11:06") == nil)
    }
}
