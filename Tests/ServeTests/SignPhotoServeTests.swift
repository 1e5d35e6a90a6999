import Foundation
import LocateTestSupport
import PhotoTestSupport
import Testing

/// Issue 40 §2: a photo uploaded as an hours sign is read by `locate-read` (a process of its
/// own, within `--sign-seconds`), its suggestion stored with it, shown to maintainers beside
/// the hours now, and taken as an hours edit that names the photo.
@Suite struct SignPhotoServeTests {
    static func sign(_ name: String) -> String { Fixtures.repo("Tests/LocateCLITests/signs/" + name) }

    @Test func aSignPhotoIsReadAndItsSuggestionAccepted() throws {
        let s = try ContributionServer()
        let auth = ["Authorization: Bearer \(try s.token())"]
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.sign("ces-lunch-perspective.png")))
        let r = try s.server.post(try s.oldTownSquare("photos?kind=hours_sign"), bytes: png, contentType: "image/png")
        #expect(r.status == 202, "\(r.text)")
        let reading = (r.json["photo"] as? [String: Any])?["sign_reading"] as? [String: Any] ?? [:]
        let suggestion = "Mo-Fr 08:00-11:30,12:30-16:00; Sa,Su off"
        #expect(reading["suggestion"] as? String == suggestion, "\(reading)")
        #expect(reading["hours_status"] as? String == "interpreted")
        #expect(reading["languages"] as? String == "ces+pol+eng+deu")
        #expect(reading["failure"] is NSNull)
        #expect(try ContributionServer.problems(r, schema: "contribution-receipt") == [])

        let show = try s.server.raw("/v1/contributions/1", headers: auth)
        #expect(show.status == 200)
        #expect((show.json["sign_reading"] as? [String: Any])?["suggestion"] as? String == suggestion)
        #expect((show.json["sign_reading"] as? [String: Any])?["text"] as? String == reading["text"] as? String)
        let now = (show.json["current"] as? [String: Any])?["hours"] as? [String: Any] ?? [:]
        #expect(now["hours_text"] as? String == "po-ne 9:00-21:00")
        #expect(show.json["from_photo"] is NSNull)
        #expect(try ContributionServer.problems(show, schema: "review-show") == [])

        let both = try s.server.post(
            "/v1/contributions/1/approve?accept_hours=true&hours_text=Mo-Fr%2008:00-16:00", json: "{}", headers: auth)
        #expect(both.status == 400)
        #expect(both.errorMessage == "parameter 'hours_text': give accept_hours or hours_text, not both")
        let approved = try s.server.post("/v1/contributions/1/approve?accept_hours=true", json: "{}", headers: auth)
        #expect(approved.status == 200, "\(approved.text)")
        #expect(approved.json["status"] as? String == "approved")
        #expect(approved.json["applied"] as? [String] == ["hours"])
        #expect(approved.json["hours_edit"] as? Int == 2)
        #expect(try ContributionServer.problems(approved, schema: "review-decision") == [])

        // The edit names the photo, and shows its reading (read text, confidence) as provenance.
        let edit = try s.server.raw("/v1/contributions/2", headers: auth)
        #expect(edit.json["from_photo"] as? Int == 1)
        let made = edit.json["contribution"] as? [String: Any] ?? [:]
        #expect(made["kind"] as? String == "edit")
        #expect(made["status"] as? String == "approved")
        #expect(made["note"] as? String == "hours from the sign on photo #1")
        #expect(
            (edit.json["sign_reading"] as? [String: Any])?["confidence"] as? Double == reading["confidence"] as? Double)
        let toilet = try s.server.get(String(try s.oldTownSquare("").dropLast())).json
        #expect((toilet["toilet"] as? [String: Any])?["hours_osm"] as? String == suggestion, "\(toilet)")
        #expect(s.server.terminate() == 0)
    }

    /// A stand-in reader (`LOCATE_READ`) that hangs, crashes, lies or fails: the photo is stored
    /// with the failure, within `--sign-seconds`; a hostile or corrupt image is refused before
    /// any reader runs.
    @Test func aReaderThatHangsCrashesOrLiesCostsOnlyItsReading() throws {
        let folder = try Fixtures.temporaryFolder()
        let marker = folder.appendingPathComponent("ran").path
        let mode = folder.appendingPathComponent("mode.sh").path
        let script = try Fixtures.write("#!/bin/sh\ntouch '\(marker)'\n. '\(mode)'\n", name: "read.sh", in: folder)
        #expect(chmod(script, 0o755) == 0)
        let s = try ContributionServer(["--sign-seconds", "1"], environment: ["LOCATE_READ": script])
        let auth = ["Authorization: Bearer \(try s.token())"]
        let path = try s.oldTownSquare("photos?kind=hours_sign")

        // Refused before reading: a truncated JPEG, one whose header claims more pixels than it
        // holds, a 1 x 999,999 strip.
        let jpeg = try TestImages.jpegWithEXIF(width: 64, height: 64)
        var patched = [UInt8](try TestImages.solid("jpeg", width: 64, height: 62))
        let sof = try #require((2..<patched.count - 9).first { patched[$0] == 0xFF && patched[$0 + 1] == 0xC0 })
        patched.replaceSubrange(sof + 5..<sof + 9, with: [0x18, 0x6A, 0x19, 0x00])
        for (bytes, type) in [
            (jpeg.prefix(jpeg.count * 2 / 3), "image/jpeg"), (Data(patched), "image/jpeg"),
            (try TestImages.solid("png", width: 1, height: 999_999), "image/png"),
        ] {
            let refused = try s.server.post(path, bytes: Data(bytes), contentType: type)
            #expect(refused.status == 422, "\(refused.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker))

        let cases = [
            ("exec sleep 30", "the sign reader took longer than 1 s and was stopped"),
            ("kill -SEGV $$", "the sign reader crashed (signal 11)"),
            ("echo '{\"schema\":\"hours-sign/1\",\"confidence\":3}'", "the sign reader's answer is not hours-sign/1"),
            (
                "echo '{\"error\":{\"exit_code\":1,\"message\":\"boom\"},\"schema\":\"error/1\"}' >&2; exit 1",
                "the sign reader failed: boom"
            ),
        ]
        for (n, (body, failure)) in cases.enumerated() {
            try body.write(toFile: mode, atomically: true, encoding: .utf8)
            let r = try s.server.post(path, bytes: jpeg, contentType: "image/jpeg")
            #expect(r.status == 202, "\(r.text)")
            let reading = (r.json["photo"] as? [String: Any])?["sign_reading"] as? [String: Any] ?? [:]
            #expect(reading["failure"] as? String == failure)
            #expect(reading["suggestion"] is NSNull)
            #expect(try ContributionServer.problems(r, schema: "contribution-receipt") == [])
            let show = try s.server.raw("/v1/contributions/\(n + 1)", headers: auth)
            #expect((show.json["sign_reading"] as? [String: Any])?["failure"] as? String == failure)
        }
        #expect(FileManager.default.fileExists(atPath: marker))
        // Nothing to accept: the maintainer types the hours from the photo instead.
        let none = try s.server.post("/v1/contributions/1/approve?accept_hours=true", json: "{}", headers: auth)
        #expect(none.status == 422, "\(none.text)")
        #expect(none.errorMessage == "field 'hours': photo #1 has no suggested hours: give the hours read from it")
        let typed = try s.server.post(
            "/v1/contributions/1/approve?hours_text=Po-P%C3%A1%208-16%20hod.", json: "{}", headers: auth)
        #expect(typed.status == 200, "\(typed.text)")
        #expect(typed.json["hours_edit"] as? Int == 5)
        // A photo of the toilet is never read.
        try "exit 9".write(toFile: mode, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: marker)
        let toilet = try s.server.post(try s.oldTownSquare("photos?kind=toilet"), bytes: jpeg, contentType: "image/jpeg")
        #expect(toilet.status == 202)
        #expect((toilet.json["photo"] as? [String: Any])?["sign_reading"] is NSNull)
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(s.server.terminate() == 0)
    }

    /// Uploads past the one being read and the two waiting are refused at once with 503 and
    /// `Retry-After`, before anything is stored (their submission slots given back); the
    /// reader's own children die with it at its deadline.
    @Test func aFullReaderQueueRefusesAtOnceAndTheReadersChildrenDie() throws {
        let folder = try Fixtures.temporaryFolder()
        let pids = folder.appendingPathComponent("pids").path
        let script = try Fixtures.write(
            "#!/bin/sh\nsleep 60 &\necho $! >> '\(pids)'\nexec sleep 60\n", name: "read.sh", in: folder)
        #expect(chmod(script, 0o755) == 0)
        let s = try ContributionServer(["--sign-seconds", "3"], environment: ["LOCATE_READ": script])
        let auth = ["Authorization: Bearer \(try s.token())"]
        let path = try s.oldTownSquare("photos?kind=hours_sign")
        let jpeg = try TestImages.solid("jpeg", width: 64, height: 64)
        let answers = RawAnswers()
        // Five threads of their own (concurrentPerform would run only as many as there are cores).
        let group = DispatchGroup()
        for _ in 0..<5 {
            group.enter()
            Thread {
                answers.append(try? s.server.post(path, bytes: jpeg, contentType: "image/jpeg"))
                group.leave()
            }.start()
        }
        group.wait()
        let all = answers.all.compactMap { $0 }
        #expect(all.map(\.status).sorted() == [202, 202, 202, 503, 503], "\(all.map(\.text))")
        for refused in all where refused.status == 503 {
            #expect(refused.headers["retry-after"] == "3")
            #expect(refused.errorMessage == "the sign reader is busy with other photos: retry after 3 s")
        }
        let failures = all.compactMap {
            (($0.json["photo"] as? [String: Any])?["sign_reading"] as? [String: Any])?["failure"] as? String
        }
        #expect(failures.count == 3)
        #expect(
            failures.allSatisfy {
                $0.hasPrefix("the sign reader took longer than 3 s") || $0.hasPrefix("the sign reader was busy")
            }, "\(failures)")
        #expect(try s.server.raw("/v1/contributions/3", headers: auth).status == 200)
        #expect(try s.server.raw("/v1/contributions/4", headers: auth).status == 404)
        let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!started.isEmpty)
        for pid in started { #expect(ContributionUnitTests.ended(pid), "background pid \(pid)") }
        #expect(s.server.terminate() == 0)
    }
}

/// Answers gathered from several threads.
// Safe: `answers` is read and written only while `lock` is held.
final class RawAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [RawAnswer?] = []
    func append(_ a: RawAnswer?) { lock.withLock { answers.append(a) } }
    var all: [RawAnswer?] { lock.withLock { answers } }
}
