import LocateTestSupport

/// The fake GIOŚ API (Tests/Support/fake_gios.py) on 127.0.0.1, serving the recorded v1
/// fixtures and, as the legacy API, the project's sample answers; no test touches the internet.
final class FakeGIOS {
    let server: TestServer
    var port: Int { server.port }

    init() throws {
        server = try TestServer.fakeGIOS()
    }

    func base(_ mode: String) -> String { "http://127.0.0.1:\(port)/\(mode)/v1/rest" }
    func legacyBase(_ mode: String) -> String { "http://127.0.0.1:\(port)/\(mode)/rest" }
}
