import Contributions
import Foundation
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

/// Contributors' contact and client hash are for maintainers only: no read answer of the
/// server carries them (issue 14).
@Suite struct ServePrivacyTests {
    static let secrets = ["privacy-contact@example.org", "c0ffee-client-hash"]

    @Test func readAnswersNeverCarryContactOrClientHash() throws {
        let db = try CLI.sampleDatabase()
        let store = try LocateStore(path: db)
        let first = PlaceTarget(dataset: "prague-toilets-sample", sourceID: "b7c62809f17d@50.087400,14.420760")
        let received = Date(timeIntervalSince1970: 1_795_341_600)
        let ids = try [
            store.submit(
                NewContribution(
                    kind: .edit, target: first, proposed: ProposedValues(name: "U Orloje"), contact: Self.secrets[0],
                    clientHash: Self.secrets[1], receivedAt: received)),
            store.submit(
                NewContribution(
                    kind: .new, proposed: ProposedValues(coordinate: Coordinate(latitude: 50.0851, longitude: 14.4222)),
                    contact: Self.secrets[0], clientHash: Self.secrets[1], receivedAt: received)),
            store.submit(
                NewContribution(
                    kind: .photo, target: first,
                    photo: PhotoReference(sha256: String(repeating: "cd", count: 32), kind: .toilet, file: "cd.jpg"),
                    contact: Self.secrets[0], clientHash: Self.secrets[1], receivedAt: received)),
        ]
        for id in ids { _ = try store.approve(id: id, reviewer: "eva", at: received) }
        try store.close()
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        let paths = [
            "/v1/toilets/nearest?lat=50.0851&lon=14.4222&limit=20",
            "/v1/toilets/community/c1",
            "/v1/toilets/prague-toilets-sample/b7c62809f17d@50.087400,14.420760",
            "/v1/updates?since=2000-01-01T00:00:00Z",
            "/v1/runs",
            "/v1/health",
        ]
        var found = false
        for path in paths {
            let answer = try server.get(path)
            #expect(answer.status == 200, "\(path): \(answer.body)")
            if answer.body.contains("community") { found = true }
            for secret in Self.secrets { #expect(!answer.body.contains(secret), "\(path) carries \(secret)") }
        }
        #expect(found)
    }
}
