import Foundation
import GRDB
import Geo
import Places
import Testing

@testable import Storage

/// The fixed half of the toilet's field table (`ToiletColumn`) drives the columns a later
/// migration adds, the `toilets_active` view and the contract's keys and values
/// (`ToiletMembers`), so a new fixed field is one table entry (issue 38).
@Suite struct ToiletFieldTableTests {
    /// A later field's declaration, one per kind.
    @Test(arguments: [
        (ToiletColumn.name, "name TEXT"),
        (.timezone, "timezone TEXT NOT NULL DEFAULT ''"),
        (.priceAmount, "price_amount REAL"),
        (.isFree, "is_free INTEGER CHECK (is_free IN (0, 1))"),
        (
            .wheelchair,
            "wheelchair TEXT NOT NULL DEFAULT 'unknown' CHECK (wheelchair IN ('yes', 'limited', 'no', 'unknown'))"
        ),
    ])
    func aLaterFieldsColumnIsDeclaredByItsKind(column: ToiletColumn, declaration: String) throws {
        #expect(column.columnDefinition == declaration)
        // SQLite takes it as an added column of a table with rows, and keeps its CHECK.
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t (id) VALUES (1)")
            try db.execute(sql: "ALTER TABLE t ADD COLUMN \(declaration)")
        }
        let stored = try db.read { db in try DatabaseValue.fetchOne(db, sql: "SELECT \(column.rawValue) FROM t") }
        switch column.kind {
        case .requiredText: #expect(stored == "".databaseValue)
        case .choice: #expect(stored == "unknown".databaseValue)
        default: #expect(stored == .null)
        }
        if case .flag = column.kind {
            #expect(throws: DatabaseError.self) { try db.write { try $0.execute(sql: "UPDATE t SET is_free = 2") } }
        }
    }

    @Test func theActiveViewNamesALaterFieldByItsContractKey() {
        let view = ToiletFieldMigration.activeView(fields: [.isFree, .country], attributes: [.unisex])
        #expect(view.contains(", access, is_free AS free, country, unisex, first_run, changed_run, geom FROM toilets"))
        #expect(ToiletFieldMigration.activeView(attributes: []).contains(", access, first_run, changed_run, geom FROM"))
    }

    /// The contract's keys: every fixed field's, `access` and every attribute's, each once.
    @Test func everyFixedFieldHasOneContractKeyOfItsOwn() {
        let members = ToiletMembers<Never>(own: [])
        #expect(
            members.keys == [
                "access", "address", "centralkey", "changing_table", "changing_table_all_genders",
                "changing_table_location", "check_date", "check_date_opening_hours", "country", "female", "free",
                "gender_neutral", "hours_osm", "hours_status", "hours_text", "hours_verified_at", "hours_verified_by",
                "indoor", "level", "location_detail", "male", "name", "operator", "price_amount", "price_currency",
                "price_text", "source_released", "survey_date", "time_zone", "toilet_type", "toilets_disposal",
                "toilets_wheelchair", "unisex", "verified_at", "verified_by", "wheelchair",
            ])
        #expect(Set(members.keys).count == ToiletColumn.allCases.count + 1 + ToiletAttribute.allCases.count)
    }

    /// Each field's value is written as its kind says: text, a number, or a yes/no flag.
    @Test func aFieldsContractValueFollowsItsKind() {
        var t = Toilet(at: .init(latitude: 50, longitude: 14))
        t.isFree = true
        t.priceAmount = 20
        t.name = "N"
        for c in ToiletColumn.allCases {
            switch (c.kind, t.contractValue(c)) {
            case (.flag, .flag), (.real, .number), (.text, .text), (.requiredText, .text), (.choice, .text): break
            case (let kind, let value): Issue.record("\(c): \(kind) written as \(value)")
            }
        }
        #expect(t.contractValue(.isFree) == .flag(true))
        #expect(t.contractValue(.priceAmount) == .number(20))
        #expect(t.contractValue(.wheelchair) == .text("unknown"))
        #expect(t.contractValue(.address) == .text(nil))
    }
}
