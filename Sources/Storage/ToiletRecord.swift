import Digests
public import Foundation
public import Geo
public import Places

/// A public toilet as the ingest writes it: the toilet (`Toilet`, whose fields read as this
/// value's own), its id in the dataset and the source's original attributes.
@dynamicMemberLookup
public struct ToiletRecord: PlaceRecord, Equatable {
    /// Toilets go to `toilets`.
    public static let placeKind = PlaceKind.toilets

    /// The stable id within its dataset (a source key, or a derived key; see docs/pipelines.md, "Stable ids").
    public let sourceID: String
    /// The toilet.
    public let toilet: Toilet
    /// The source feature's properties as compact JSON, members in source order.
    public let propertiesJSON: String
    /// A fingerprint of the properties that ignores member order and number spelling, used
    /// for change detection so that a re-serialised but equal source counts as unchanged.
    public let propertiesFingerprint: String

    /// A field of the toilet (`record.name` is `record.toilet.name`).
    @inlinable public subscript<T>(dynamicMember field: KeyPath<Toilet, T>) -> T { toilet[keyPath: field] }

    /// Position, WGS84 (`PlaceRecord`).
    public var coordinate: Coordinate { toilet.coordinate }

    /// A record of `toilet`.
    public init(sourceID: String, toilet: Toilet, propertiesJSON: String, propertiesFingerprint: String) {
        self.sourceID = sourceID
        self.toilet = toilet
        self.propertiesJSON = propertiesJSON
        self.propertiesFingerprint = propertiesFingerprint
    }

    /// A record with the toilet's fields given one by one.
    public init(
        sourceID: String, name: String?, address: String?, hoursText: String?, hoursOSM: String?, hoursStatus: HoursStatus,
        country: String?, priceText: String?,
        priceAmount: Double?, priceCurrency: String?, isFree: Bool?, wheelchair: WheelchairAccess,
        kind: String?, locationDetail: String?, timeZone: String, propertiesJSON: String,
        propertiesFingerprint: String, coordinate: Coordinate, details: ToiletDetails = ToiletDetails()
    ) {
        self.init(
            sourceID: sourceID,
            toilet: Toilet(
                name: name, address: address, hoursText: hoursText, hoursOSM: hoursOSM, hoursStatus: hoursStatus,
                country: country, priceText: priceText, priceAmount: priceAmount, priceCurrency: priceCurrency,
                isFree: isFree, wheelchair: wheelchair, kind: kind, locationDetail: locationDetail, timeZone: timeZone,
                coordinate: coordinate, details: details),
            propertiesJSON: propertiesJSON, propertiesFingerprint: propertiesFingerprint)
    }

    /// The record with the run's release day and its own evidence judged (no contribution is
    /// on a record before it is stored; a merge judges again with them: `VerificationStamp`).
    public func stamped(released: String?, notAfter: Date, days: VerificationDays) -> ToiletRecord {
        let a = toilet.details.attributes
        // Most records of an OSM extract carry no evidence at all: nothing to judge or copy
        // (sources never map the stamped fields, so they are nil already).
        if released == nil, a[.checkDate] == nil, a[.surveyDate] == nil, a[.checkDateOpeningHours] == nil,
            toilet.sourceReleased == nil, toilet.verifiedAt == nil, toilet.hoursVerifiedAt == nil
        {
            return self
        }
        var t = toilet
        t.sourceReleased = released
        let v = Verification.judge(
            sourceReleased: released, checkDate: a[.checkDate]?.text, surveyDate: a[.surveyDate]?.text,
            hoursCheckDate: a[.checkDateOpeningHours]?.text, timeZone: t.timeZone,
            hasHours: t.hoursText != nil || t.hoursOSM != nil, hoursAreTheSource: true, community: [], notAfter: notAfter,
            days: days)
        let values = VerificationStamp.judged(v)
        (t.verifiedAt, t.verifiedBy, t.hoursVerifiedAt, t.hoursVerifiedBy) = (values[0], values[1], values[2], values[3])
        return ToiletRecord(
            sourceID: sourceID, toilet: t, propertiesJSON: propertiesJSON, propertiesFingerprint: propertiesFingerprint)
    }

    /// A `ContentHash` of everything stored: equal hashes mean "unchanged". Computed when
    /// asked, which an ingest does once per record on its storing thread: the parsing thread
    /// is the busier of the two.
    public var contentHash: String { computeContentHash() }

    /// The toilet's own columns' values, in `ToiletRow.ownColumns` order.
    public var values: [PlaceValue] {
        var out: [PlaceValue] = []
        forEachValue { out.append($0) }
        return out
    }

    /// `values`, one at a time: no array per record on the storing thread.
    public func forEachValue(_ body: (PlaceValue) -> Void) {
        for column in ToiletColumn.allCases { body(toilet.value(column)) }
        body(.text(toilet.details.access.rawValue))
        for a in ToiletAttribute.ordered { body(a.columnValue(toilet.details.attributes[a])) }
    }

    private func computeContentHash() -> String {
        // The order of the parts is part of the stored data: changing it would count every
        // stored record as updated on the next ingest. The fixed fields go in the field
        // table's order, those added later only when known, by name (`ToiletColumn.addedIn`).
        var h = ContentHash()
        h.addString(sourceID)
        for column in ToiletColumn.allCases where column.isContent {
            let value = toilet.value(column)
            if column.addedIn != nil {
                guard !value.isNull else { continue }
                h.addString(column.rawValue)
            }
            switch column.kind {
            case .real: h.addNumber(value.real)
            case .flag: h.addBool(value.integer.map { $0 != 0 })
            case .text, .requiredText, .choice: h.addString(value.text)
            }
        }
        h.addString(propertiesFingerprint)
        h.addNumber(toilet.coordinate.longitude)
        h.addNumber(toilet.coordinate.latitude)
        toilet.details.addTo(&h)
        return h.hex
    }
}
