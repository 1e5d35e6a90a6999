import Foundation
import LocateTestSupport
import Testing

/// Issue 40 §2 on the release binaries: `locate hours read PHOTO` runs `locate-read`, which
/// reads a handful of generated sign images (Tests/LocateCLITests/signs, made by
/// bench/signs/generate.py: rendered, not photographed) and says why when it cannot.
@Suite struct HoursReadTests {
    static func sign(_ name: String) -> String { Fixtures.repo("Tests/LocateCLITests/signs/" + name) }

    /// (image, --lang, the suggestion): Czech, Polish, German and English signs.
    @Test(arguments: [
        ("ces-lunch-perspective.png", "ces+pol+eng+deu", "Mo-Fr 08:00-11:30,12:30-16:00; Sa,Su off"),
        ("pol-table-lowcontrast.png", "pol", "Mo-Fr 08:00-16:00; Sa 09:00-13:00; Su off"),
        ("eng-perday-jpeg.jpg", "eng", "Mo-Fr 09:00-17:00; Sa,Su off"),
        // Issue 40: "Uhr" read as "um" lost the Mo-Fr line of the rotated German sign.
        ("deu-line-rotate.png", "ces+pol+eng+deu", "Mo-Fr 09:00-18:00; Sa 09:00-13:00; Su off"),
    ])
    func readsTheSuggestion(image: String, languages: String, suggestion: String) throws {
        let r = try CLI.run(["hours", "read", Self.sign(image), "--lang", languages, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc["schema"] as? String == "hours-sign/1")
        #expect(doc["suggestion"] as? String == suggestion, "\(doc["text"] ?? "")")
        #expect(doc["readable"] as? Bool == true)
        #expect(doc["languages"] as? [String] == languages.split(separator: "+").map(String.init))
        let lines = doc["lines"] as? [[String: Any]] ?? []
        #expect(lines.contains { $0["used"] as? Bool == true })
    }

    /// The text form: the suggestion on stdout, the lines and the confidence on stderr.
    @Test func textFormMarksTheLines() throws {
        let r = try CLI.run(["hours", "read", Self.sign("pol-table-lowcontrast.png"), "--lang", "pol"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Mo-Fr 08:00-16:00; Sa 09:00-13:00; Su off\n")
        #expect(r.stderr.hasPrefix("confidence: "))
        #expect(r.stderr.contains("\n+ "))
    }

    /// A sign without hours is not readable (exit 3); a file that is no image, a corrupt one,
    /// a missing one and unknown languages are errors (exit 1), each saying why.
    @Test func unreadableAndBadInputSaySo() throws {
        let dir = try Fixtures.temporaryFolder()
        let none = try CLI.run(["hours", "read", Self.sign("no-hours.png"), "--lang", "ces"])
        #expect(none.status == 3)
        #expect(none.stdout == "")
        #expect(none.stderr.hasSuffix("no line of the text reads as opening hours\n"), "\(none.stderr)")
        let text = dir.appendingPathComponent("sign.png")
        try Data("Po-Pá 8-16".utf8).write(to: text)
        let notImage = try CLI.run(["hours", "read", text.path, "--json"])
        #expect(notImage.status == 1)
        #expect(
            notImage.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"not a JPEG, PNG or WebP image\"},\"schema\":\"error/1\"}\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.sign("pol-table-lowcontrast.png")))
        let cut = dir.appendingPathComponent("cut.png")
        try png.prefix(png.count / 2).write(to: cut)
        let corrupt = try CLI.run(["hours", "read", cut.path])
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr.hasPrefix("error: the PNG cannot be decoded (truncated or corrupt)"), "\(corrupt.stderr)")
        let missing = try CLI.run(["hours", "read", dir.appendingPathComponent("nope.jpg").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: cannot read \(dir.appendingPathComponent("nope.jpg").path): "))
        let languages = try CLI.run(["hours", "read", Self.sign("no-hours.png"), "--lang", "CES"])
        #expect(languages.status == 1)
        #expect(
            languages.stderr
                == "error: languages 'CES' are not tesseract codes joined by '+' (ces+pol+eng+deu; at most 4)\n")
        // A code tesseract has no data for: tesseract aborted the process (exit 6) before.
        let absent = try CLI.run(["hours", "read", Self.sign("no-hours.png"), "--lang", "ces+xyz"])
        #expect(absent.status == 1)
        #expect(
            absent.stderr == "error: tesseract cannot load the languages 'xyz' (install tesseract-ocr-<code> for each)\n",
            "\(absent.stderr)")
    }
}
