import Foundation
import LocateTestSupport
import Testing

/// The maintainer endpoints behind bearer tokens: the same list, show, approve and reject as
/// `locate review`, the reviewer recorded by the token's name.
@Suite struct ContributionMaintainerTests {
    @Test func withoutAValidTokenNothingIsShown() throws {
        let s = try ContributionServer()
        let token = try s.token("alice")
        let missing = try s.server.raw("/v1/contributions")
        #expect(missing.status == 401)
        #expect(missing.headers["www-authenticate"] == "Bearer realm=\"locate\"")
        #expect(missing.errorMessage == "maintainer endpoint: send Authorization: Bearer TOKEN (locate token create NAME)")
        let basic = try s.server.raw("/v1/contributions", headers: ["Authorization: Basic YWxpY2U6eA=="])
        #expect(basic.status == 401)
        #expect(basic.errorMessage == "the Authorization header is not 'Bearer TOKEN'")
        let wrong = try s.server.raw("/v1/contributions", headers: ["Authorization: Bearer lct_0000"])
        #expect(wrong.status == 403)
        #expect(wrong.errorMessage == "the token is not valid (unknown or revoked)")
        let ok = try s.server.raw("/v1/contributions", headers: ["Authorization: Bearer \(token)"])
        #expect(ok.status == 200, "\(ok.text)")
        let revoked = try CLI.run(["token", "revoke", "alice", "--db", s.db])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        let after = try s.server.raw("/v1/contributions", headers: ["Authorization: Bearer \(token)"])
        #expect(after.status == 403)
        let approve = try s.server.post("/v1/contributions/1/approve", json: "{}", headers: ["Authorization: Bearer \(token)"])
        #expect(approve.status == 403)
        #expect(s.server.terminate() == 0)
    }

    @Test func listShowApproveAndRejectAsLocateReviewDoes() throws {
        let s = try ContributionServer()
        let auth = ["Authorization: Bearer \(try s.token("alice"))"]
        let new = try s.server.post(
            "/v1/toilets", json: #"{"lat": 50.1, "lon": 14.45, "name": "U tramvaje", "contact": "me@example.org"}"#)
        #expect(new.status == 202)
        let edit = try s.server.post(try s.oldTownSquare("edits"), json: #"{"name": "Radnice"}"#)
        #expect(edit.status == 202)

        let list = try s.server.raw("/v1/contributions?status=pending", headers: auth)
        #expect(list.status == 200, "\(list.text)")
        #expect(list.json["schema"] as? String == "review-list/1")
        let items = list.json["contributions"] as? [[String: Any]] ?? []
        #expect(items.map { $0["id"] as? Int } == [1, 2])
        #expect(items.first?["contact"] as? String == "me@example.org")
        #expect((items.first?["client_hash"] as? String)?.count == 64)
        #expect(try ContributionServer.problems(list, schema: "review-list") == [])
        // Paging (issue 24): a page of one names the next in next_offset and a Link header,
        // as `locate review list --limit 1 --offset N --json` does.
        let first = try s.server.raw("/v1/contributions?status=pending&limit=1", headers: auth)
        #expect((first.json["contributions"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1])
        #expect(first.json["next_offset"] as? Int == 1)
        #expect(first.headers["link"] == "</v1/contributions?status=pending&limit=1&offset=1>; rel=\"next\"")
        let second = try s.server.raw("/v1/contributions?status=pending&limit=1&offset=1", headers: auth)
        #expect((second.json["contributions"] as? [[String: Any]])?.map { $0["id"] as? Int } == [2])
        #expect(second.json["next_offset"] is NSNull)
        #expect(second.headers["link"] == nil)
        #expect(try ContributionServer.problems(second, schema: "review-list") == [])
        let cliPage = try CLI.run(["review", "list", "--limit", "1", "--offset", "1", "--json", "--db", s.db])
        #expect(try JSONText.normalized(cliPage.stdout) == JSONText.normalized(second.text))
        let badOffset = try s.server.raw("/v1/contributions?offset=-1", headers: auth)
        #expect(badOffset.status == 400)
        #expect(badOffset.errorField == "offset")
        let badStatus = try s.server.raw("/v1/contributions?status=open", headers: auth)
        #expect(badStatus.status == 400)
        #expect(badStatus.errorField == "status")

        let show = try s.server.raw("/v1/contributions/2", headers: auth)
        #expect(show.status == 200)
        #expect(show.json["schema"] as? String == "review-show/1")
        #expect(try ContributionServer.problems(show, schema: "review-show") == [])
        // Path parameters are percent-decoded (`%32` is `2`).
        #expect(try s.server.raw("/v1/contributions/%32", headers: auth).text == show.text)
        #expect(try s.server.raw("/v1/contributions/99", headers: auth).errorMessage == "no contribution #99")

        let approved = try s.server.post("/v1/contributions/1/approve", json: "{}", headers: auth)
        #expect(approved.status == 200, "\(approved.text)")
        #expect(approved.json["schema"] as? String == "review-decision/1")
        #expect(approved.json["status"] as? String == "approved")
        #expect(approved.json["place"] as? String == "community/c1")
        #expect(try ContributionServer.problems(approved, schema: "review-decision") == [])
        // The approved toilet answers the next query; its contact does not.
        let near = try s.server.get("/v1/toilets/nearest?lat=50.1&lon=14.45&limit=1")
        #expect(near.body.contains("\"community/c1\""))
        #expect(near.body.contains("U tramvaje"))
        #expect(!near.body.contains("me@example.org"))

        let again = try s.server.post("/v1/contributions/1/approve", json: "{}", headers: auth)
        #expect(again.status == 409)
        #expect(
            again.errorMessage
                == "contribution #1 is approved: only pending contributions, and approved ones in conflict, can be decided")
        let noReason = try s.server.post("/v1/contributions/2/reject", json: "{}", headers: auth)
        #expect(noReason.status == 422)
        #expect(noReason.errorField == "reason")
        let rejected = try s.server.post(
            "/v1/contributions/2/reject", json: #"{"reason": "the sign says otherwise"}"#, headers: auth)
        #expect(rejected.status == 200, "\(rejected.text)")
        #expect(rejected.json["status"] as? String == "rejected")

        // The decisions are the command line's: who and why.
        let cli = try CLI.run(["review", "show", "2", "--db", s.db, "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(cli.stdout.contains("\"reviewer\" : \"alice\"") || cli.stdout.contains("\"reviewer\": \"alice\""))
        #expect(cli.stdout.contains("the sign says otherwise"))
        #expect(s.server.terminate() == 0)
    }

    @Test func readAnswersNeverCarryTheContactOrTheClientHash() throws {
        let s = try ContributionServer()
        let auth = ["Authorization: Bearer \(try s.token())"]
        let target = try s.oldTownSquare("edits")
        #expect(try s.server.post(target, json: #"{"name": "Radnice", "contact": "secret@example.org"}"#).status == 202)
        #expect(try s.server.post("/v1/contributions/1/approve", json: "{}", headers: auth).status == 200)
        let list = try s.server.raw("/v1/contributions", headers: auth).json
        let hash = try #require((list["contributions"] as? [[String: Any]])?.first?["client_hash"] as? String)
        let id = try s.nearest(lat: 50.0874, lon: 14.42076)["id"] as? String ?? ""
        for path in [
            "/v1/toilets/nearest?lat=50.0874&lon=14.42076", "/v1/toilets/\(id)", "/v1/updates?since=2000-01-01T00:00:00Z",
            "/v1/runs", "/v1/health",
        ] {
            let r = try s.server.get(path)
            #expect(r.status == 200, "\(path)")
            #expect(!r.body.contains("secret@example.org"), "\(path)")
            #expect(!r.body.contains(hash), "\(path)")
        }
        #expect(try s.server.get("/v1/toilets/\(id)").body.contains("Radnice"))
        #expect(s.server.terminate() == 0)
    }

    /// Regression: the server had its own copy of the review documents, which wrote an
    /// override's stored column names (`is_free`) where `locate review` writes the contract's
    /// (`free`); both now use Storage's one definition.
    @Test func anAppliedOverrideUsesTheContractKeysAsLocateReviewDoes() throws {
        let s = try ContributionServer()
        let auth = ["Authorization: Bearer \(try s.token("alice"))"]
        let edit = try s.server.post(try s.oldTownSquare("edits"), json: #"{"price_text": "zdarma"}"#)
        #expect(edit.status == 202, "\(edit.text)")
        let approved = try s.server.post("/v1/contributions/1/approve", json: "{}", headers: auth)
        #expect(approved.status == 200, "\(approved.text)")
        let show = try s.server.raw("/v1/contributions/1", headers: auth)
        let overrides = show.json["overrides"] as? [[String: Any]] ?? []
        let value = overrides.first?["value"] as? [String: Any] ?? [:]
        #expect(value["free"] as? Bool == true, "\(show.text)")
        #expect(value["is_free"] == nil, "\(show.text)")
        let cli = try CLI.run(["review", "show", "1", "--json", "--db", s.db])
        let cliOverrides = (try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])?["overrides"]
        #expect(
            (cliOverrides as? [[String: Any]])?.first?["value"] as? [String: Any] as NSDictionary? == value as NSDictionary)
        #expect(s.server.terminate() == 0)
    }
}
