import Contract
import Contributions
import Foundation
import Geo
import Ingest
import Photos
import Places
import Storage

/// The submitting endpoints: new toilets, edits, reports and photos, each validated field by
/// field, bounded, rate-limited per client and stored `pending` for a maintainer.
struct Submissions: Sendable {
    let databasePath: String
    let settings: ContributionSettings
    let data: DataSource
    let limiter: SubmissionLimiter
    /// At most two photo decodes at once, four waiting.
    let decodes: TurnGate
    let photos: PhotoStore
    let processor: PhotoProcessor
    /// The reader of photos of hours signs.
    let signs: SignReaderProcess
    /// The wall clock (injected).
    let now: @Sendable () -> Date

    static let toiletFields: Set<String> = ["lat", "lon", "name", "hours_text", "price_text", "wheelchair", "access"]
    static let personal: Set<String> = ["note", "contact"]

    /// `POST /v1/toilets`.
    func newToilet(_ body: Data, client: String) throws -> Reply {
        let fields = try BodyFields(json: body, allowed: Submissions.toiletFields.union(Submissions.personal).union(["confirm"]))
        let (proposed, hours) = try values(fields, positionRequired: true)
        guard let point = proposed.coordinate else { throw BodyFields.invalid("lat", "missing") }
        let note = try fields.text("note", maxLength: 2000, lines: true)
        let contact = try fields.text("contact", maxLength: 200)
        let confirmed = try fields.flag("confirm")
        return try submitting(client) { hash in
            if !confirmed {
                let near = try data.current().withReader { r in
                    try r.store.activeToilets(within: settings.duplicateRadiusMeters, of: point)
                }
                if !near.isEmpty {
                    let radius = Int(settings.duplicateRadiusMeters)
                    let message =
                        "\(near.count) toilet\(near.count == 1 ? " is" : "s are") within \(radius) m: "
                        + "send it again with \"confirm\": true if it is another toilet"
                    return try Reply.json(ContributionNearby(message: message, nearby: near), status: 409)
                }
            }
            let c = NewContribution(
                kind: .new, proposed: proposed, note: note, contact: contact, clientHash: hash, receivedAt: now())
            return try store(c, hours: hours, photo: nil)
        }
    }

    /// `POST /v1/toilets/{dataset}/{id}/edits`.
    func edit(_ target: PlaceTarget, _ body: Data, client: String) throws -> Reply {
        let fields = try BodyFields(json: body, allowed: Submissions.toiletFields.union(Submissions.personal))
        let (proposed, hours) = try values(fields, positionRequired: false)
        guard !proposed.isEmpty else {
            // Named after the member given instead (note or contact); an empty body names none.
            let list = Submissions.toiletFields.sorted().joined(separator: ", ")
            let reason = "the edit proposes no field (give one of \(list))"
            guard let given = Submissions.personal.sorted().first(where: fields.has) else {
                throw ServeError.refused(status: 422, message: reason, field: nil)
            }
            throw BodyFields.invalid(given, "is not a change: \(reason)")
        }
        let note = try fields.text("note", maxLength: 2000, lines: true)
        let contact = try fields.text("contact", maxLength: 200)
        try requireActive(target)
        return try submitting(client) { hash in
            let c = NewContribution(
                kind: .edit, target: target, proposed: proposed, note: note, contact: contact, clientHash: hash,
                receivedAt: now())
            return try store(c, hours: hours, photo: nil)
        }
    }

    /// `POST /v1/toilets/{dataset}/{id}/reports`.
    func report(_ target: PlaceTarget, _ body: Data, client: String) throws -> Reply {
        let fields = try BodyFields(
            json: body, allowed: Submissions.personal.union(["reason", "lat", "lon", "hours_text"]))
        let reasons = ReportReason.allCases.map(\.rawValue)
        guard let reasonText = try fields.choice("reason", of: reasons), let reason = ReportReason(rawValue: reasonText)
        else { throw BodyFields.invalid("reason", "missing (one of \(reasons.joined(separator: ", ")))") }
        var proposed = ProposedValues()
        var hours: SubmittedHours?
        if reason == .wrongPosition {
            proposed.coordinate = try checked(fields.position(required: true))
        } else if fields.has("lat") || fields.has("lon") {
            throw BodyFields.invalid(fields.has("lat") ? "lat" : "lon", "only a wrong_position report carries a position")
        }
        if let text = try fields.text("hours_text", maxLength: 500) {
            guard reason == .wrongHours || reason == .hoursRight else {
                throw BodyFields.invalid("hours_text", "only a wrong_hours or hours_right report carries hours")
            }
            // hours_right: the hours the person saw, which must be the toilet's now (the store checks).
            if reason == .hoursRight {
                proposed.hours = ProposedHours(text: text, osm: nil, status: .unknown)
            } else {
                hours = SubmittedHours(text)
                proposed.hours = hours?.proposed
            }
        }
        let note = try fields.text("note", maxLength: 2000, lines: true)
        let contact = try fields.text("contact", maxLength: 200)
        try requireActive(target)
        return try submitting(client) { hash in
            let c = NewContribution(
                kind: .report, target: target, report: reason, proposed: proposed, note: note, contact: contact,
                clientHash: hash, receivedAt: now())
            return try store(c, hours: hours, photo: nil)
        }
    }

    /// `POST /v1/toilets/{dataset}/{id}/photos?kind=toilet|hours_sign`: the body is the image
    /// itself, its Content-Type `image/jpeg`, `image/png` or `image/webp`.
    func photo(_ target: PlaceTarget, _ body: Data, contentType: String?, kind: String?, client: String) throws -> Reply {
        let kinds = PhotoKind.allCases.map(\.rawValue)
        guard let kind else {
            throw ServeError.badParameter(name: "kind", reason: "missing (\(kinds.joined(separator: " or ")))")
        }
        guard let photoKind = PhotoKind(rawValue: kind) else {
            throw ServeError.badParameter(name: "kind", reason: "'\(kind)' is not \(kinds.joined(separator: " or "))")
        }
        guard let declared = contentType.flatMap(PhotoFormat.init(mediaType:)) else {
            throw ServeError.refused(
                status: 415, message: "Content-Type '\(contentType ?? "")' is not image/jpeg, image/png or image/webp",
                field: nil)
        }
        try requireActive(target)
        return try submitting(client) { hash in
            // A sign is refused before it is stored when the reader has no room for it.
            guard photoKind == .hoursSign else {
                return try storePhoto(target, body, declared: declared, kind: photoKind, clientHash: hash)
            }
            return try signs.admitted {
                try storePhoto(target, body, declared: declared, kind: photoKind, clientHash: hash)
            }
        }
    }

    /// Decodes (two at once at most, four waiting), re-encodes and stores a photo, then its contribution.
    private func storePhoto(
        _ target: PlaceTarget, _ body: Data, declared: PhotoFormat, kind photoKind: PhotoKind, clientHash hash: String
    ) throws -> Reply {
        let processed: ProcessedPhoto
        do {
            processed = try decodes.run(waitSeconds: TurnGate.decodeWaitSeconds) {
                try processor.process(body, declared: declared)
            }
        } catch let e as PhotoError {
            switch e {
            case .tooManyBytes: throw ServeError.refused(status: 413, message: "photo: \(e)", field: nil)
            case .imaging, .storage: throw ServeError.unavailable("photo: \(e)")
            default: throw ServeError.refused(status: 422, message: "photo: \(e)", field: nil)
            }
        }
        let sha256: String
        do {
            sha256 = try photos.save(processed)
        } catch {
            throw ServeError.unavailable("\(error)")
        }
        let reference = PhotoReference(sha256: sha256, kind: photoKind, file: PhotoStore.fileName(sha256, size: .full))
        // The stored photo (re-encoded, without metadata) is what the sign reader reads.
        let reading = photoKind == .hoursSign ? photos.file(sha256, size: .full).map(signs.read) : nil
        let c = NewContribution(
            kind: .photo, target: target, photo: reference, signReading: reading, clientHash: hash, receivedAt: now())
        let stored = ContributionReceipt.Photo(
            sha256: sha256, kind: photoKind, width: processed.width, height: processed.height, signReading: reading)
        return try store(c, hours: nil, photo: stored)
    }

    /// The toilet fields of a body; positions must lie in the service region.
    private func values(_ fields: BodyFields, positionRequired: Bool) throws -> (ProposedValues, SubmittedHours?) {
        var p = ProposedValues()
        p.coordinate = try checked(fields.position(required: positionRequired))
        p.name = try fields.text("name", maxLength: 200)
        let hours = try fields.text("hours_text", maxLength: 500).map(SubmittedHours.init)
        p.hours = hours?.proposed
        if let text = try fields.text("price_text", maxLength: 100) {
            let price = PriceText(text)
            p.price = ProposedPrice(text: text, amount: price.amount, currency: price.currency, isFree: price.isFree)
        }
        p.wheelchair = try fields.choice("wheelchair", of: WheelchairAccess.allCases.map(\.rawValue))
            .flatMap(WheelchairAccess.init(rawValue:))
        p.access = try fields.choice("access", of: ToiletAccess.allCases.map(\.rawValue)).flatMap(ToiletAccess.init(rawValue:))
        return (p, hours)
    }

    /// `point` when it lies where contributions are taken: inside `--region` when given,
    /// else within `ContributionSettings.dataRadiusMeters` of an active toilet of some
    /// dataset (anywhere while there is none).
    private func checked(_ point: Coordinate?) throws -> Coordinate? {
        guard let point else { return nil }
        if let region = settings.region {
            guard region.contains(point) else {
                let box = [region.minLongitude, region.minLatitude, region.maxLongitude, region.maxLatitude]
                    .map { String(JSONNumber.degrees($0)) }.joined(separator: ",")
                throw BodyFields.invalid(
                    region.minLatitude <= point.latitude && point.latitude <= region.maxLatitude ? "lon" : "lat",
                    "\(point.latitude),\(point.longitude) is outside the service region \(box) (W,S,E,N)")
            }
            return point
        }
        let radius = ContributionSettings.dataRadiusMeters
        let near = try data.current().withReader { r -> Bool in
            try r.store.nearestActiveToilet(to: point, within: radius) != nil || !r.store.hasActiveToilets()
        }
        guard near else {
            throw BodyFields.invalid(
                "lat",
                "\(point.latitude),\(point.longitude) is not within \(Int(radius / 1000)) km of a toilet of any dataset: "
                    + "new positions must lie near existing data (the server's --region sets another area)")
        }
        return point
    }

    /// 404 unless `target` is an active toilet.
    private func requireActive(_ target: PlaceTarget) throws {
        let refs = try data.current().withReader { r in
            try r.store.placeReferences(.toilets, dataset: target.dataset, sourceID: target.sourceID)
        }
        guard let ref = refs.first else { throw ServeError.notFound("no toilet \(target.globalID)") }
        guard ref.isActive else { throw ServeError.notFound("toilet \(target.globalID) is retired") }
    }

    /// `body` with the client's salted hash, once a submission slot of the client is
    /// reserved (else 429); the slot is given back unless `body` stored the submission (202).
    private func submitting(_ client: String, _ body: (String) throws -> Reply) throws -> Reply {
        let hash = try ClientHasher(database: databasePath).hash(client)
        let at = now()
        let slot = try limiter.reserve(client: hash, at: at) {
            try ContributionWriter.read(databasePath) {
                try $0.recentContributions(clientHash: hash, since: at.addingTimeInterval(-3600))
            }
        }
        do {
            let reply = try body(hash)
            if reply.status != 202 { limiter.release(slot) }
            return reply
        } catch {
            limiter.release(slot)
            throw error
        }
    }

    /// Stores `c` (a writable store of its own, waiting up to 5 s for an ingest's lock) and
    /// answers 202 with its receipt.
    private func store(_ c: NewContribution, hours: SubmittedHours?, photo: ContributionReceipt.Photo?) throws -> Reply {
        let id = try ContributionWriter.write(databasePath) { try $0.submit(c) }
        let receipt = ContributionReceipt(
            id: id, kind: c.kind, target: c.target, report: c.report, receivedAt: c.receivedAt, hours: hours, photo: photo)
        return try Reply.json(receipt, status: 202)
    }
}
