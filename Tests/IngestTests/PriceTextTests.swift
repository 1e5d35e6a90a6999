import Places
import Testing

@testable import Ingest

@Suite struct PriceTextTests {
    @Test(
        arguments: [
            ("zdarma", true, nil, nil),
            ("jednotná cena 5 Kč", false, 5.0, "CZK"),
            ("jednotná cena 10 Kč (možnost odečíst formou konzumace)", false, 10.0, "CZK"),
            ("8/5 Kč", false, 8.0, "CZK"),
            ("jednotná cena 20 Kč/1 E", false, 20.0, "CZK"),
            ("jednotná cena 10 Kč/0,5 E", false, 10.0, "CZK"),
            ("pro zákazníky zdarma, ostatní 5 Kč", false, 5.0, "CZK"),
            ("dobrovolné", true, nil, nil),
            ("turniket na 10 Kč", false, 10.0, "CZK"),
            ("WC jednotná cena 5 Kč, sprcha 40 Kč", false, 5.0, "CZK"),
            ("jednotná cena 15 Kč/0,80E", false, 15.0, "CZK"),
            ("5 CZK", false, 5.0, "CZK"),
            ("€ 1.0", false, 1.0, "EUR"),
            ("0,50 EUR", false, 0.5, "EUR"),
            ("1", false, 1.0, nil),
            ("0", true, 0.0, nil),
            ("unknown", nil, nil, nil),
            ("jednotná cena", nil, nil, nil),
            // Numbers Double reads that are no price: not understood (a warning), never stored.
            ("nan", nil, nil, nil), ("inf", nil, nil, nil), ("-5", nil, nil, nil),
            ("-0", true, 0.0, nil),
        ] as [(String, Bool?, Double?, String?)])
    func interprets(text: String, free: Bool?, amount: Double?, currency: String?) {
        let p = PriceText(text)
        #expect(p.isFree == free)
        #expect(p.amount == amount)
        #expect(p.currency == currency)
    }
}
