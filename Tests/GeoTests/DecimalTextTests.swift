import Geo
import Testing

/// Numbers from outside are decimal only (issue 36 item 8: `lat=0x10` was read as 16).
@Suite struct DecimalTextTests {
    @Test(arguments: [
        ("12", 12.0), ("-0.5", -0.5), ("+3", 3.0), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("2.5E-4", 0.00025),
        ("-90", -90.0), ("0", 0.0), ("007", 7.0),
    ])
    func decimalNumbersAreRead(text: String, value: Double) {
        #expect(DecimalText.isDecimal(text))
        #expect(DecimalText.number(text) == value)
    }

    @Test(arguments: [
        "0x10", "0X10", "0x1p4", "inf", "-inf", "infinity", "nan", "NaN", "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3",
        " 1", "1 ", "1,5", "١٢", "1_000", "--1", "1e400",
    ])
    func anythingElseIsNot(text: String) {
        #expect(DecimalText.number(text) == nil)
        #expect(DecimalText.isDecimal(text) == (text == "1e400"))
    }
}
