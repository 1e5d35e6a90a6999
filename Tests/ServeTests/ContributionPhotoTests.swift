import Foundation
import LocateTestSupport
import PhotoTestSupport
import Testing

/// `POST /v1/toilets/{dataset}/{id}/photos` and `GET /v1/photos/{hash}`: decoded for real,
/// stored without metadata, public only once approved.
@Suite struct ContributionPhotoTests {
    @Test func aPhotoComesBackWithoutGPSAndOnlyOnceApproved() throws {
        let s = try ContributionServer()
        let auth = ["Authorization: Bearer \(try s.token())"]
        let upload = try TestImages.jpegWithEXIF(width: 64, height: 32)
        let r = try s.server.post(try s.oldTownSquare("photos?kind=hours_sign"), bytes: upload, contentType: "image/jpeg")
        #expect(r.status == 202, "\(r.text)")
        #expect(r.json["kind"] as? String == "photo")
        let photo = r.json["photo"] as? [String: Any] ?? [:]
        let hash = try #require(photo["sha256"] as? String)
        #expect(hash.count == 64)
        #expect(photo["kind"] as? String == "hours_sign")
        #expect(photo["width"] as? Int == 32)
        #expect(photo["height"] as? Int == 64)
        #expect(try ContributionServer.problems(r, schema: "contribution-receipt") == [])
        // Stored beside the database under its hash.
        #expect(FileManager.default.fileExists(atPath: s.db + ".photos/\(hash).jpg"))
        #expect(FileManager.default.fileExists(atPath: s.db + ".photos/\(hash).thumb.jpg"))

        // Pending: nobody but a maintainer sees it.
        let hidden = try s.server.raw("/v1/photos/\(hash)")
        #expect(hidden.status == 404)
        #expect(hidden.errorMessage == "no photo \(hash)")
        let forReview = try s.server.raw("/v1/photos/\(hash)", headers: auth)
        #expect(forReview.status == 200)
        #expect(forReview.headers["cache-control"] == "private, no-store")

        let toilet = try s.oldTownSquare("").dropLast()
        #expect((try s.server.get(String(toilet)).json["photos"] as? [[String: Any]])?.isEmpty == true)
        #expect(try s.server.post("/v1/contributions/1/approve", json: "{}", headers: auth).status == 200)
        // Listed on the toilet once approved.
        let listed = (try s.server.get(String(toilet)).json["photos"] as? [[String: Any]])?.first ?? [:]
        #expect(listed["sha256"] as? String == hash)
        #expect(listed["kind"] as? String == "hours_sign")
        #expect(listed["url"] as? String == "/v1/photos/\(hash)")
        #expect(listed["thumbnail_url"] as? String == "/v1/photos/\(hash)/thumbnail")
        let full = try s.server.raw("/v1/photos/\(hash)")
        #expect(full.status == 200)
        #expect(full.headers["content-type"] == "image/jpeg")
        #expect(full.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(full.headers["etag"] == "\"\(hash)\"")
        let read = try TestImages.read(full.body)
        #expect(read.fields.filter { $0.hasPrefix("exif") || $0.contains("GPS") } == [])
        #expect(full.body.range(of: Data("Exif".utf8)) == nil)
        #expect(full.body.range(of: Data("TestCam".utf8)) == nil)
        #expect(read.width == 32)
        #expect(read.height == 64)
        let thumb = try s.server.raw("/v1/photos/\(hash)/thumbnail")
        #expect(thumb.status == 200)
        #expect(thumb.headers["etag"] == "\"\(hash)-thumbnail\"")
        let again = try s.server.raw("/v1/photos/\(hash)", headers: ["If-None-Match: \"\(hash)\""])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(try s.server.raw("/v1/photos/not-a-hash").status == 404)
        #expect(s.server.terminate() == 0)
    }

    @Test func disguisedTruncatedAndUntypedPhotosAreRefused() throws {
        let s = try ContributionServer()
        let path = try s.oldTownSquare("photos?kind=toilet")
        let png = try TestImages.solid("png", width: 20, height: 20)
        let disguised = try s.server.post(path, bytes: png, contentType: "image/jpeg")
        #expect(disguised.status == 422)
        #expect(disguised.errorMessage == "photo: the file is declared as JPEG but its bytes are PNG")
        let jpeg = try TestImages.jpegWithEXIF(width: 64, height: 64)
        let truncated = try s.server.post(path, bytes: jpeg.prefix(jpeg.count * 2 / 3), contentType: "image/jpeg")
        #expect(truncated.status == 422)
        #expect(truncated.errorMessage?.hasPrefix("photo: the JPEG cannot be decoded (truncated or corrupt): ") == true)
        let text = try s.server.post(path, bytes: Data("hello".utf8), contentType: "text/plain")
        #expect(text.status == 415)
        #expect(text.errorMessage == "Content-Type 'text/plain' is not image/jpeg, image/png or image/webp")
        let noKind = try s.server.post(try s.oldTownSquare("photos"), bytes: png, contentType: "image/png")
        #expect(noKind.status == 400)
        #expect(noKind.errorField == "kind")
        let big = try s.server.post(path, bytes: Data(count: 10 * 1024 * 1024 + 1), contentType: "image/jpeg")
        #expect(big.status == 413)
        #expect(big.errorMessage == "the body is larger than 10485760 bytes, the most this endpoint accepts")
        let webp = try s.server.post(path, bytes: try TestImages.solid("webp", width: 30, height: 20), contentType: "image/webp")
        #expect(webp.status == 202, "\(webp.text)")
        let unknown = try s.server.post(
            "/v1/toilets/prague-toilets-sample/nope/photos?kind=toilet", bytes: png, contentType: "image/png")
        #expect(unknown.status == 404)
        #expect(s.server.terminate() == 0)
    }

    /// Issue 27, item 4: `locate serve` starts the server with two malloc arenas (a burst of
    /// decodes left its freed pixels resident across one arena per thread), unless the user
    /// chose a number. A stand-in server (`LOCATE_SERVE`) prints what it was given.
    @Test(arguments: [nil, "16"])
    func theServerStartsWithTwoMallocArenas(given: String?) throws {
        // A value this test run inherited is the user's choice too.
        let expected = given ?? ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] ?? "2"
        let script = try Fixtures.write("#!/bin/sh\necho \"arenas=$MALLOC_ARENA_MAX\"\n", name: "serve.sh")
        #expect(chmod(script, 0o755) == 0)
        var environment = ["LOCATE_SERVE": script]
        if let given { environment["MALLOC_ARENA_MAX"] = given }
        let r = try Fixtures.run(Fixtures.locateBinary, ["serve", "--db", "x.sqlite"], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "arenas=\(expected)\n")
    }

    /// Issue 27, item 4: the reprobe's JPEG (whole, its header patched to 6400 x 6250) was
    /// stored as 2048 x 2000; a 1 x 999,999 PNG cost seconds of decoding.
    @Test func aJPEGClaimingMorePixelsThanItHoldsAndAStripAreRefused() throws {
        let s = try ContributionServer()
        let path = try s.oldTownSquare("photos?kind=toilet")
        var jpeg = [UInt8](try TestImages.solid("jpeg", width: 64, height: 62))
        let sof = try #require((2..<jpeg.count - 9).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0x18, 0x6A, 0x19, 0x00])  // 6250 x 6400
        let patched = try s.server.post(path, bytes: Data(jpeg), contentType: "image/jpeg")
        #expect(patched.status == 422, "\(patched.text)")
        #expect(
            patched.errorMessage
                == "photo: the JPEG cannot be decoded (truncated or corrupt): VipsJpeg: Corrupt JPEG data: premature end of data segment"
        )
        let strip = try s.server.post(
            path, bytes: try TestImages.solid("png", width: 1, height: 999_999), contentType: "image/png")
        #expect(strip.status == 422, "\(strip.text)")
        #expect(strip.errorMessage == "photo: the image is 1x999999 pixels; at most 16384 pixels per side are accepted")
        #expect(s.server.terminate() == 0)
    }
}
