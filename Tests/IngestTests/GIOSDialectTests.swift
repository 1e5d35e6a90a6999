import Places
import Testing

@testable import Ingest

/// How each API dialect's answers read, from literal answers in the documented shapes.
@Suite struct GIOSDialectTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8), path: "test") }

    @Test(arguments: [
        (
            GIOSDialect.legacy,
            #"{"id": 92, "stationId": 14, "param": {"paramName": "pył zawieszony PM10", "paramFormula": "PM10", "paramCode": "PM10", "idParam": 3}}"#,
            GIOSDialect.Sensor(id: 92, code: "PM10", name: "pył zawieszony PM10", formula: "PM10", paramID: 3)
        ),
        (
            GIOSDialect.legacy,
            #"{"id": "93", "param": {"paramName": "benzen ", "paramFormula": " ", "paramCode": "C6H6", "idParam": null}}"#,
            GIOSDialect.Sensor(id: 93, code: "C6H6", name: "benzen", formula: nil, paramID: nil)
        ),
        (
            GIOSDialect.v1,
            #"{"Identyfikator stanowiska": 3764, "Identyfikator stacji": 552, "Wskaźnik": "pył zawieszony PM10", "Wskaźnik - wzór": "PM10", "Wskaźnik - kod": "PM10", "Id wskaźnika": 3}"#,
            GIOSDialect.Sensor(id: 3764, code: "PM10", name: "pył zawieszony PM10", formula: "PM10", paramID: 3)
        ),
    ])
    func readsSensors(dialect: GIOSDialect, text: String, expected: GIOSDialect.Sensor) throws {
        #expect(dialect.sensor(try json(text)) == expected)
    }

    @Test(arguments: [
        (GIOSDialect.legacy, #"{"id": 94, "param": {"paramName": "ozon"}}"#),
        (GIOSDialect.legacy, #"{"param": {"paramFormula": "O3"}}"#),
        (GIOSDialect.legacy, #"{"id": 9.5, "param": {"paramFormula": "O3"}}"#),
        (GIOSDialect.v1, #"{"Identyfikator stanowiska": 3765, "Wskaźnik": "benzo(a)piren"}"#),
    ])
    func sensorsWithoutIdOrPollutantAreNotSensors(dialect: GIOSDialect, text: String) throws {
        #expect(dialect.sensor(try json(text)) == nil)
    }

    @Test(arguments: [
        (
            GIOSDialect.legacy, #"{"date": "2017-03-28 11:00:00", "value": 30.3018}"#, "2017-03-28 11:00:00",
            JSONValue.number("30.3018")
        ),
        (GIOSDialect.legacy, #"{"date": "2017-03-28 12:00:00", "value": null}"#, "2017-03-28 12:00:00", JSONValue.null),
        (GIOSDialect.legacy, #"{"date": 1490706000000, "value": 1}"#, nil, JSONValue.number("1")),
        (
            GIOSDialect.v1, #"{"Kod stanowiska": "X", "Data": "2025-07-04 15:00:00", "Wartość": 7.6}"#, "2025-07-04 15:00:00",
            .number("7.6")
        ),
    ])
    func readsRows(dialect: GIOSDialect, text: String, local: String?, value: JSONValue) throws {
        #expect(dialect.row(try json(text)) == GIOSDialect.Row(local: local, value: value))
    }

    @Test func readsTheLegacyIndexWithNoIndexLevelsAndNullPollutants() throws {
        let index = GIOSDialect.legacy.index(
            try json(
                #"""
                {"id": 400, "stCalcDate": "2023-05-07 11:25:07", "stIndexLevel": {"id": 0, "indexLevelName": "Bardzo dobry"},
                 "stSourceDataDate": "2023-05-07 11:00:00", "so2IndexLevel": null, "so2SourceDataDate": null,
                 "no2IndexLevel": {"id": -1, "indexLevelName": "Brak indeksu"}, "no2SourceDataDate": null,
                 "pm10IndexLevel": {"id": 1, "indexLevelName": "Dobry"}, "pm10SourceDataDate": "2023-05-07 11:00:00",
                 "pm25IndexLevel": {"id": 0, "indexLevelName": "Bardzo dobry"}, "pm25SourceDataDate": "2023-05-07 11:00:00",
                 "stIndexStatus": true, "stIndexCrParam": "PYL"}
                """#))
        #expect(index.calculatedLocal == "2023-05-07 11:25:07")
        #expect(index.level == 0)
        #expect(index.category == "Bardzo dobry")
        #expect(index.critical == "PYL")
        #expect(
            AirIngest.pollutantsJSON(index)
                == #"{"SO2":{"level":null,"category":null,"source_time":null},"#
                + #""NO2":{"level":null,"category":"Brak indeksu","source_time":null},"#
                + #""PM10":{"level":1,"category":"Dobry","source_time":"2023-05-07 11:00:00"},"#
                + #""PM2.5":{"level":0,"category":"Bardzo dobry","source_time":"2023-05-07 11:00:00"},"#
                + #""O3":{"level":null,"category":null,"source_time":null}}"#)
        let none = GIOSDialect.legacy.index(
            try json(
                #"{"id": 9, "stCalcDate": "2023-05-07 11:25:07", "stIndexLevel": {"id": -1, "indexLevelName": "Brak indeksu"}}"#))
        #expect(none.level == nil)
        #expect(none.category == "Brak indeksu")
        #expect(
            GIOSDialect.legacy.index(try json(#"{"id": 9, "stCalcDate": null, "stIndexLevel": null}"#)).calculatedLocal == nil)
    }
}
