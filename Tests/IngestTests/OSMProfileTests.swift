import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// `profile: osm` and field templates (README, "OSM profile"), on the invented sample
/// `datasets/osm-toilets-tags-sample.geojson`.
@Suite struct OSMProfileTests {
    @Test(
        arguments: [
            // (template, properties, expected)
            (
                "{addr:street} {addr:housenumber}, {addr:city}",
                ["addr:street": "Karlova", "addr:housenumber": "12", "addr:city": "Praha"], "Karlova 12, Praha"
            ),
            (
                "{addr:street} {addr:housenumber}, {addr:city}", ["addr:street": "Karlova", "addr:city": "Praha"],
                "Karlova, Praha"
            ),
            ("{addr:street} {addr:housenumber}, {addr:city}", ["addr:housenumber": "12", "addr:city": "Praha"], "12, Praha"),
            (
                "{addr:street} {addr:housenumber}, {addr:city}", ["addr:street": "Karlova", "addr:housenumber": "12"],
                "Karlova 12"
            ),
            ("{addr:street} {addr:housenumber}, {addr:city}", ["addr:city": "Praha"], "Praha"),
            ("{addr:street} {addr:housenumber}, {addr:city}", ["addr:street": "  ", "addr:city": "Praha"], "Praha"),
            ("{addr:street} {addr:housenumber}, {addr:city}", [:], nil),
            (
                "{addr:housenumber} {addr:street}, {addr:postcode} {addr:city}", ["addr:street": "Rue X", "addr:city": "Paris"],
                "Rue X, Paris"
            ),
            ("Gate {ref} ({level})", ["level": "1"], "1)"),
            ("Gate {ref} ({level})", ["ref": "A"], "Gate A"),
            ("Gate {ref} ({level})", ["ref": "A", "level": "1"], "Gate A (1)"),
        ] as [(String, [String: String], String?)])
    func templatesDropMissingPartsCleanly(template: String, properties: [String: String], expected: String?) throws {
        let t = try FieldTemplate(template)
        #expect(t.render { properties[$0] } == expected)
    }

    @Test(arguments: [
        ("{addr:street", "'{' is never closed"), ("addr:street}", "'}' without an opening '{'"),
        ("{}", "empty property name '{}'"), ("{a{b}}", "'{' inside a property name"),
    ])
    func badTemplatesAreRefused(template: String, reason: String) {
        #expect(throws: FieldTemplate.Problem(reason: reason)) { try FieldTemplate(template) }
    }

    @Test(
        arguments: [
            // (fee, charge, free, amount, currency, text, understood)
            ("no", nil, true, nil, nil, "fee=no", true),
            ("No", "1 EUR", true, nil, nil, "fee=No; charge=1 EUR", true),
            ("yes", "0.50 EUR", false, 0.5, "EUR", "fee=yes; charge=0.50 EUR", true),
            ("yes", "1.5 €", false, 1.5, "EUR", "fee=yes; charge=1.5 €", true),
            ("yes", "0.50", false, 0.5, nil, "fee=yes; charge=0.50", true),
            ("yes", nil, false, nil, nil, "fee=yes", true),
            ("yes", "a coin", false, nil, nil, "fee=yes; charge=a coin", false),
            ("donation", nil, true, nil, nil, "fee=donation", true),
            ("0.20", nil, false, 0.2, nil, "fee=0.20", true),
            ("€ 1.0", nil, false, 1.0, "EUR", "fee=€ 1.0", true),
            ("unknown", nil, nil, nil, nil, "fee=unknown", false),
            (nil, "1 EUR", false, 1.0, "EUR", "charge=1 EUR", true),
            (nil, "no", true, nil, nil, "charge=no", true),
            (nil, "0", true, 0.0, nil, "charge=0", true),
            (nil, nil, nil, nil, nil, nil, true),
        ] as [(String?, String?, Bool?, Double?, String?, String?, Bool)])
    func feeAndChargeGiveThePrice(
        fee: String?, charge: String?, free: Bool?, amount: Double?, currency: String?, text: String?, understood: Bool
    ) {
        let r = OSMPrice.read(fee: fee, charge: charge)
        #expect(r.price.isFree == free)
        #expect(r.price.amount == amount)
        #expect(r.price.currency == currency)
        #expect(r.text == text)
        #expect(r.understood == understood)
    }

    @Test func theSampleIngestsWithEveryAttribute() throws {
        let store = try newStore()
        let report = try ingest("osm-toilets-tags-sample", into: store)
        #expect(report.run.read == 10)
        #expect(report.run.accepted == 8)
        #expect(
            report.rejected == [
                IngestIssue(index: 8, id: "node/9000000009", field: "geometry", reason: "geometry is null"),
                IngestIssue(index: 9, id: nil, field: "@id", reason: "id is missing or blank"),
            ])
        #expect(
            report.warnings == [
                IngestIssue(index: 5, id: "node/9000000006", field: "fee", reason: "price not understood: 'fee=0,10 cts'"),
                IngestIssue(
                    index: 5, id: "node/9000000006", field: "access",
                    reason: "access value 'limited' not known, stored as unknown"),
                IngestIssue(
                    index: 5, id: "node/9000000006", field: "unisex",
                    reason: "unisex value 'maybe' not known (expected yes or no), stored as unknown"),
            ])
        var byID: [String: StoredToilet] = [:]
        try store.forEachActiveToilet(orderedBy: .id) { byID[$0.sourceID] = $0 }
        #expect(byID.count == 8)
        let karlova = try #require(byID["node/9000000001"])
        #expect(karlova.name == "Karlova (sample)")
        #expect(karlova.address == "Karlova 12, Praha")
        #expect(karlova.hoursOSM == "Mo-Su 08:00-20:00")
        #expect(karlova.hoursStatus == .exact)
        #expect(karlova.isFree == true)
        #expect(karlova.priceText == "fee=no")
        #expect(karlova.wheelchair == .yes)
        #expect(karlova.details == ToiletDetails(access: .public, [.changingTable: true, .unisex: true, .genderNeutral: true]))
        let cafe = try #require(byID["node/9000000002"])
        #expect(cafe.details.access == .customers)
        #expect([cafe.isFree, cafe.priceAmount, cafe.priceCurrency] as [AnyHashable?] == [false, 20.0, "CZK"])
        #expect(byID["node/9000000003"]?.details.access == .restricted)
        let husova = try #require(byID["node/9000000004"])
        #expect(husova.address == "Husova, Praha")
        #expect(husova.isFree == false && husova.priceAmount == nil)
        #expect(byID["node/9000000005"]?.isFree == true)
        #expect(byID["node/9000000005"]?.details == ToiletDetails(access: .public, [.female: true, .male: true]))
        #expect(byID["node/9000000006"]?.details == ToiletDetails())
        let way = try #require(byID["way/9000000007"])
        #expect(way.address == "5")
        #expect(
            way.details
                == ToiletDetails(
                    access: .public,
                    [
                        .changingTable: false, .changingTableAllGenders: false, .female: true, .male: true,
                        .disposal: "flush", .level: "-1", .indoor: "yes", .operatorName: "Sample Operator",
                        .checkDate: "2025-06-02",
                    ]))
        #expect(way.isFree == true)
        #expect(byID["node/9000000008"]?.details.access == .restricted)
        #expect(byID["node/9000000008"]?.priceAmount == 1.0)
        // Every original tag is kept in the stored properties.
        let props = try store.testRows(sql: "SELECT properties FROM toilets WHERE source_id = 'way/9000000007'")
        #expect(
            props.first?["properties"] as String?
                == #"{"@id":"way/9000000007","amenity":"toilets","access":"public","fee":"no","charge":"10 CZK","changing_table":"no","level":"-1","indoor":"yes","operator":"Sample Operator","check_date":"2025-06-02","toilets:disposal":"flush","addr:housenumber":"5","female":"yes","male":"yes"}"#
        )
        // A second run changes nothing.
        let again = try ingest("osm-toilets-tags-sample", into: store)
        #expect(again.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 8, retired: 0))
    }

    /// The profile reads tags whatever the OSM format: H3's Paris sample as Overpass JSON and
    /// as osm-geojson gives the same records, content hashes included.
    @Test func theProfileMapsBothOSMFormatsAlike() throws {
        var hashes: [[String]] = []
        for (format, file) in [("overpass", "osm-toilets-sample.overpass.json"), ("osm-geojson", "osm-toilets-sample.geojson")] {
            let yaml = """
                kind: toilets
                dataset: s
                source: { path: \(Fixtures.repo("datasets/" + file)), format: \(format) }
                timezone: Europe/Paris
                profile: osm
                region: { west: 2.22, south: 48.81, east: 2.47, north: 48.91 }
                """
            let spec = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: "/", defaultName: format)
            let store = try newStore()
            let report = try IngestRunner(store: store, clock: fixedClock).run(spec)
            #expect([report.run.accepted, report.run.warnings] as [Int] == [5, 0])
            let rows = try store.testRows(
                sql: "SELECT source_id, access, price_text, content_hash FROM toilets ORDER BY source_id")
            hashes.append(
                rows.map {
                    "\($0["source_id"] as String) \($0["access"] as String) \($0["price_text"] as String? ?? "-") \($0["content_hash"] as String)"
                })
        }
        #expect(hashes.count == 2 && hashes[0] == hashes[1])
        #expect(
            hashes[0].map { $0.split(separator: " ").dropLast().joined(separator: " ") } == [
                "node/900000001 public fee=no", "node/900000002 unknown fee=yes; charge=0.50 EUR", "node/900000003 unknown -",
                "node/900000004 restricted fee=donation", "way/900000005 unknown fee=no",
            ])
    }

    @Test func fieldsOverrideTheProfile() throws {
        let spec = try decode(
            """
            profile: osm
            fields:
              address: "{addr:housenumber} {addr:street}"
              price: cena
            """)
        #expect(spec.profile == .osm)
        #expect(spec.fields.address == "{addr:housenumber} {addr:street}")
        #expect(spec.fields.price == "cena")
        #expect(spec.fields.fee == nil && spec.fields.charge == nil)
        #expect(spec.fields.hours == "opening_hours")
        // Only the keys the file writes are checked against the input; templates never.
        #expect(spec.mappedProperties.map(\.key) == ["id.field", "fields.price"])
    }

    @Test(arguments: [
        ("profile: osmx\n", "inline.yml:4: invalid pipeline: profile: unknown profile 'osmx' (expected: osm)"),
        (
            "profile: osm\nfields:\n  price: cena\n  fee: fee\n",
            "inline.yml:7: invalid pipeline: fee: give either price (free text) or fee/charge (OSM tags), not both"
        ),
        (
            "fields:\n  address: \"{addr:street\"\n",
            "inline.yml:5: invalid pipeline: address: template '{addr:street': '{' is never closed"
        ),
        ("profile: osm\nfields:\n  colour: x\n", "inline.yml:6: invalid pipeline: unknown key 'colour' in 'fields'"),
    ])
    func badProfilesAndFieldsAreRefused(tail: String, message: String) {
        do {
            _ = try decode(tail)
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aProfileWithoutTimezoneIsRefused() {
        let yaml = """
            kind: toilets
            dataset: d
            source: { path: x.geojson }
            id: { field: "@id" }
            profile: osm
            region: { west: 14, south: 50, east: 15, north: 51 }
            """
        do {
            _ = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: "/", defaultName: "x")
            Issue.record("decoded")
        } catch {
            #expect(
                "\(error)"
                    == "inline.yml:5: invalid pipeline: profile: osm maps opening_hours: opening hours are mapped but the pipeline names no timezone: add `timezone:` with the places' IANA zone (such as Europe/Prague)"
            )
        }
    }

    /// A toilet pipeline with `tail` appended (its first line is line 4).
    private func decode(_ tail: String) throws -> PipelineSpec {
        let yaml = """
            kind: toilets
            dataset: d
            source: { path: x.geojson }
            \(tail)
            id: { field: "@id" }
            timezone: Europe/Prague
            region: { west: 14, south: 50, east: 15, north: 51 }
            """
        return try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: "/", defaultName: "x")
    }
}
