import Contributions
import Foundation
internal import GRDB
import Geo
import Hours
import Places

/// What each kind of contribution must carry, checked before it is stored.
enum ContributionRules {
    static let maxText = 2_000

    static func check(_ c: NewContribution) throws {
        switch c.kind {
        case .new:
            guard c.target == nil else { throw invalid("target", "a new toilet has no target") }
            guard c.proposed.coordinate != nil else { throw invalid("position", "a new toilet needs a position") }
        case .edit:
            guard c.target != nil else { throw invalid("target", "an edit needs a target toilet") }
            guard !c.proposed.isEmpty else { throw invalid("proposed", "an edit proposes no field") }
        case .report:
            guard c.target != nil else { throw invalid("target", "a report needs a target toilet") }
            guard let reason = c.report else { throw invalid("report", "a report needs a reason") }
            if reason == .wrongPosition && c.proposed.coordinate == nil {
                throw invalid("position", "a wrong_position report needs the right position")
            }
        case .photo:
            guard c.target != nil else { throw invalid("target", "a photo needs a target toilet") }
            guard let photo = c.photo else { throw invalid("photo", "a photo contribution needs a photo") }
            guard photo.sha256.count == 64, photo.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                throw invalid("photo", "the photo hash must be 64 lower-case hex digits")
            }
            guard !photo.file.isEmpty, !photo.file.contains("/"), !photo.file.hasPrefix(".") else {
                throw invalid("photo", "the photo file must be a plain file name")
            }
        }
        if c.kind != .report && c.report != nil { throw invalid("report", "only a report has a reason") }
        if c.kind != .photo && c.photo != nil { throw invalid("photo", "only a photo contribution has a photo") }
        if c.signReading != nil && c.photo?.kind != .hoursSign {
            throw invalid("photo", "only a photo of an hours sign has a sign reading")
        }
        if c.fromPhoto != nil && (c.kind != .edit || c.proposed.hours == nil) {
            throw invalid("from_photo", "only an edit of the hours is taken from a photo")
        }
        if let p = c.proposed.coordinate {
            guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90, abs(p.longitude) <= 180 else {
                throw invalid("position", "latitude must be within -90…90 and longitude within -180…180")
            }
        }
        for (field, text) in [
            ("note", c.note), ("contact", c.contact), ("name", c.proposed.name), ("hours", c.proposed.hours?.text),
            ("price", c.proposed.price?.text),
        ] {
            if let text, text.count > maxText { throw invalid(field, "longer than \(maxText) characters") }
        }
    }

    static func invalid(_ field: String, _ reason: String) -> StorageError {
        StorageError.invalidContribution(field: field, reason: reason)
    }

    /// Fails unless the target toilet exists and is active.
    static func requireActive(_ db: Database, _ t: PlaceTarget) throws {
        guard let status = try OverrideStore.status(db, t) else {
            throw StorageError.unknownPlace(globalID: t.globalID, retired: false)
        }
        guard status == PlaceStatus.active.rawValue else {
            throw StorageError.unknownPlace(globalID: t.globalID, retired: true)
        }
    }

    /// The fields a contribution changes when approved (`status` for retiring reports).
    static func fields(of c: StoredContribution) -> [ToiletField] {
        if let r = c.report {
            switch r {
            case .gone, .closedForGood: return [.status]
            case .wrongPosition: return [.position]
            case .wrongHours: return [.hours]
            case .stillThere, .hoursRight: return []
            }
        }
        guard c.kind == .edit else { return [] }
        let p = c.proposed
        var fields: [ToiletField] = []
        if p.name != nil { fields.append(.name) }
        if p.hours != nil { fields.append(.hours) }
        if p.price != nil { fields.append(.price) }
        if p.wheelchair != nil { fields.append(.wheelchair) }
        if p.access != nil { fields.append(.access) }
        if p.coordinate != nil { fields.append(.position) }
        return fields
    }

    /// The fields a maintainer sees the current values of: those it changes, and the hours
    /// for a photo of an hours sign (beside its suggestion) and for a confirmation of them
    /// (beside the hours it confirms).
    static func shownFields(of c: StoredContribution) -> [ToiletField] {
        c.photo?.kind == .hoursSign || c.report == .hoursRight ? [.hours] : fields(of: c)
    }

    /// The values an approved contribution sets for `field`, by column (`current` gives the
    /// hours text a `wrong_hours` report without hours keeps).
    static func values(of c: StoredContribution, _ field: ToiletField, current: [String: FieldValue]) -> [String: FieldValue] {
        let p = c.proposed
        func text(_ s: String?) -> FieldValue { s.map(FieldValue.text) ?? .null }
        func number(_ d: Double?) -> FieldValue { d.map(FieldValue.number) ?? .null }
        switch field {
        case .name: return ["name": text(p.name)]
        case .hours:
            guard let h = p.hours else {
                return ["hours_text": current["hours_text"] ?? .null, "hours_osm": .null, "hours_status": .text("unknown")]
            }
            return ["hours_text": .text(h.text), "hours_osm": text(h.osm), "hours_status": .text(h.status.rawValue)]
        case .price:
            let pr = p.price
            return [
                "price_text": text(pr?.text), "price_amount": number(pr?.amount), "price_currency": text(pr?.currency),
                "is_free": number(pr?.isFree.map { $0 ? 1 : 0 }),
            ]
        case .wheelchair: return ["wheelchair": text(p.wheelchair?.rawValue)]
        case .access: return ["access": text(p.access?.rawValue)]
        case .position: return ["lon": number(p.coordinate?.longitude), "lat": number(p.coordinate?.latitude)]
        case .status: return ["content_hash": current["content_hash"] ?? .null]
        }
    }
}
