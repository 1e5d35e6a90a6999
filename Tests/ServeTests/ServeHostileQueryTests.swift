import Foundation
import LocateTestSupport
import Testing

/// Query strings from a hostile client (issue 36 item 8): numbers are decimal only, and a
/// query string over the HTTP decoder's 80 KiB is answered with an `http-error/1` body and
/// logged, like every other refusal. On the built binary.
@Suite struct ServeHostileQueryTests {
    @Test func hexadecimalNumbersAreRefusedAndALongQueryIsAnsweredAsJSON() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let cases: [(String, String, String)] = [
            ("/v1/toilets/nearest?lat=0x10&lon=14", "lat", "parameter 'lat': '0x10' is not a latitude from -90 to 90 degrees"),
            (
                "/v1/toilets/nearest?lat=50&lon=0x1p4", "lon",
                "parameter 'lon': '0x1p4' is not a longitude from -180 to 180 degrees"
            ),
            ("/v1/toilets/nearest?lat=50&lon=inf", "lon", "parameter 'lon': 'inf' is not a longitude from -180 to 180 degrees"),
            (
                "/v1/toilets/nearest?lat=50&lon=14&max_distance=0x10", "max_distance",
                "parameter 'max_distance': '0x10' is not a distance such as 500m, 1.5km or 800 (metres)"
            ),
            (
                "/v1/toilets/nearest?lat=50&lon=14&bbox=0x0,49,15,51", "bbox",
                "parameter 'bbox': '0x0,49,15,51' is not a box W,S,E,N in degrees (west and east longitudes from -180 to 180, west ≤ east; south and north latitudes from -90 to 90, south ≤ north)"
            ),
        ]
        for (path, parameter, message) in cases {
            let r = try server.get(path)
            #expect(r.status == 400, "\(path): \(r.body)")
            #expect(r.json["schema"] as? String == "http-error/1", "\(path)")
            #expect((r.json["error"] as? [String: Any])?["parameter"] as? String == parameter, "\(path)")
            #expect(r.errorMessage == message, "\(path): \(r.body)")
        }

        let long = "/v1/toilets/nearest?lat=50.08&lon=14.42&x=" + String(repeating: "a", count: 100_000)
        let r = try server.get(long)
        #expect(r.status == 400)
        #expect(r.headers["content-type"] == "application/json; charset=utf-8")
        #expect(
            r.body
                == #"{"error":{"message":"the request line and headers are over 81920 bytes (80 KiB): the query string is too long","parameter":null,"status":400},"schema":"http-error/1"}"#
                + "\n")
        // Logged (the log is written every 50 ms: up to 250 looks 20 ms apart), and the server
        // answers the next request.
        #expect(try server.get("/v1/health").status == 200)
        let line = "- - 400 127.0.0.1: the request line and headers are over 81920 bytes (80 KiB): the query string is too long"
        for _ in 0..<250 where !server.stderr.contains(line) { usleep(20_000) }
        #expect(server.stderr.contains(line), "\(server.stderr)")
    }
}
