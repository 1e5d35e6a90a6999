import Contributions
import Foundation
import Photos
import Review
import Storage

/// The maintainer endpoints, behind `Authorization: Bearer TOKEN` (a token made with
/// `locate token create NAME`; its name is the reviewer every decision records): the same
/// list, show, approve and reject as `locate review`, with the same documents. A missing or
/// malformed header answers 401, a token that is unknown or revoked 403.
struct Maintainers: Sendable {
    let databasePath: String
    /// The server's states: an approval is seen by the approver's next request.
    let data: DataSource
    let now: @Sendable () -> Date

    /// The review flow `locate review` uses too, writing as a contribution write does.
    var desk: ReviewDesk {
        ReviewDesk(
            databasePath: databasePath,
            access: WriteAccess(waitSeconds: ContributionWriter.waitSeconds, holder: ContributionWriter.holder))
    }

    /// The reviewer name of a valid token in `authorization` (the header's value).
    func reviewer(_ authorization: String?) throws -> String {
        let token = try Maintainers.bearerToken(authorization)
        let name = try ContributionWriter.answering { try desk.reviewer(token: token) }
        guard let name else {
            throw ServeError.refused(status: 403, message: "the token is not valid (unknown or revoked)", field: nil)
        }
        return name
    }

    /// The token of a `Bearer TOKEN` header (401 when missing or malformed); checked before
    /// anything else of a maintainer request (its body, its Content-Type).
    static func bearerToken(_ authorization: String?) throws -> String {
        guard let header = authorization?.trimmingCharacters(in: .whitespaces), !header.isEmpty else {
            throw ServeError.refused(
                status: 401, message: "maintainer endpoint: send Authorization: Bearer TOKEN (locate token create NAME)",
                field: nil)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].trimmingCharacters(in: .whitespaces).isEmpty
        else {
            throw ServeError.refused(
                status: 401, message: "the Authorization header is not 'Bearer TOKEN'", field: nil)
        }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// `GET /v1/contributions?status=&kind=&limit=&offset=`: `review-list/1`, with
    /// `nextOffset` set when more follow (the route names it in a `Link` header).
    func list(status: String?, kind: String?, limit: String?, offset: String? = nil) throws -> Reply {
        let statuses = ContributionStatus.allCases.map(\.rawValue)
        let kinds = ContributionKind.allCases.map(\.rawValue)
        let s = try status.map { text -> ContributionStatus in
            guard let s = ContributionStatus(rawValue: text) else {
                throw ServeError.badParameter(
                    name: "status", reason: "'\(text)' is not one of \(statuses.joined(separator: ", "))")
            }
            return s
        }
        let k = try kind.map { text -> ContributionKind in
            guard let k = ContributionKind(rawValue: text) else {
                throw ServeError.badParameter(name: "kind", reason: "'\(text)' is not one of \(kinds.joined(separator: ", "))")
            }
            return k
        }
        let n = try limit.map { text -> Int in
            guard let n = Int(text), (1...1000).contains(n) else {
                throw ServeError.badParameter(name: "limit", reason: "'\(text)' is not a whole number from 1 to 1000")
            }
            return n
        }
        let skip =
            try offset.map { text -> Int in
                guard let n = Int(text), (0...Endpoints.maxOffset).contains(n) else {
                    throw ServeError.badParameter(
                        name: "offset", reason: "'\(text)' is not a whole number from 0 to \(Endpoints.maxOffset)")
                }
                return n
            } ?? 0
        let page = n ?? 100
        let found = try ContributionWriter.answering {
            try desk.list(ReviewListRequest(status: s, kind: k, limit: page, offset: skip))
        }
        var reply = try Reply.json(found.document, status: 200)
        reply.nextOffset = found.nextOffset
        return reply
    }

    /// `GET /v1/contributions/{id}`: `review-show/1`.
    func show(_ id: String) throws -> Reply {
        let number = try Maintainers.number(id)
        let detail = try ContributionWriter.answering { try desk.show(number) }
        return try Reply.json(ReviewShowDocument(detail), status: 200)
    }

    /// `POST /v1/contributions/{id}/approve[?accept_hours=true | ?hours_text=TEXT]`:
    /// `review-decision/1`; for a photo of an hours sign, its suggested hours (or these) too.
    func approve(_ id: String, reviewer: String, acceptHours: String? = nil, hoursText: String? = nil) throws -> Reply {
        let number = try Maintainers.number(id)
        guard acceptHours == nil || acceptHours == "true" else {
            throw ServeError.badParameter(name: "accept_hours", reason: "'\(acceptHours ?? "")' is not true")
        }
        if acceptHours != nil && hoursText != nil {
            throw ServeError.badParameter(name: "hours_text", reason: "give accept_hours or hours_text, not both")
        }
        if let hoursText {
            guard !hoursText.trimmingCharacters(in: .whitespaces).isEmpty, hoursText.count <= 500 else {
                throw ServeError.badParameter(name: "hours_text", reason: "must be 1 to 500 characters")
            }
        }
        let hours: HoursFromSign? = acceptHours != nil ? .accept : hoursText.map(HoursFromSign.edit)
        let outcome = try ContributionWriter.answering {
            try desk.approve(number, reviewer: reviewer, at: now(), hours: hours)
        }
        // The new state is opened here, on the approver's own request, before it is answered
        // (other requests keep the state before until then); a failure to open it leaves
        // the next requests to try again.
        _ = try? data.newest()
        return try Reply.json(ReviewDecisionDocument(outcome), status: 200)
    }

    /// `POST /v1/contributions/{id}/reject` with `{"reason": "…"}`: `review-decision/1`.
    func reject(_ id: String, body: Data, reviewer: String) throws -> Reply {
        let number = try Maintainers.number(id)
        let fields = try BodyFields(json: body, allowed: ["reason"])
        guard let reason = try fields.text("reason", maxLength: 2000, lines: true) else {
            throw BodyFields.invalid("reason", "missing (a rejection says why)")
        }
        let outcome = try ContributionWriter.answering {
            try desk.reject(number, reviewer: reviewer, reason: reason, at: now())
        }
        return try Reply.json(ReviewDecisionDocument(outcome), status: 200)
    }

    static func number(_ text: String) throws -> ContributionID {
        guard let n = ContributionID(text), n > 0 else { throw ServeError.notFound("no contribution #\(text)") }
        return n
    }
}
