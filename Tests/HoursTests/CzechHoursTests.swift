import Hours
import Places
import Testing

@Suite struct CzechHoursTests {
    @Test(arguments: [
        ("nonstop", "exact", "24/7"),
        ("po-ne nonstop", "exact", "24/7"),
        ("po-pá 6:00-21:00; so-ne 8:00-20:00", "exact", "Mo-Fr 06:00-21:00; Sa-Su 08:00-20:00"),
        ("pondělí-pátek 6:00-21:00", "exact", "Mo-Fr 06:00-21:00"),
        ("po-pa 6:00-21:00", "exact", "Mo-Fr 06:00-21:00"),
        ("po - ne 9:00-21:00", "exact", "Mo-Su 09:00-21:00"),
        ("po-ne: 6:00-24:00", "exact", "Mo-Su 06:00-24:00"),
        ("9:00- 21:00", "exact", "09:00-21:00"),
        ("denně 3:30-00:35", "exact", "03:30-00:35"),
        ("po-ne 7-21.30 h", "exact", "Mo-Su 07:00-21:30"),
        ("po-ne 5.30-11.45 a 12.15-19 h", "exact", "Mo-Su 05:30-11:45,12:15-19:00"),
        ("ne-st 6:00-02:00, čt-so nonstop", "exact", "Su-We 06:00-02:00; Th-Sa 00:00-24:00"),
        ("po a st 8-18 h; út a čt 8-16 h, pá 8-14 h", "exact", "Mo,We 08:00-18:00; Tu,Th 08:00-16:00; Fr 08:00-14:00"),
        ("po-čt, ne 6:30-23:30; pá-so 6:30-24:00", "exact", "Mo-Th,Su 06:30-23:30; Fr-Sa 06:30-24:00"),
        ("po-ne 7:00-0:00", "exact", "Mo-Su 07:00-24:00"),
        ("po-pá 6:00-24:00, so 7:00-24:00, ne 8:00-24 :00", "exact", "Mo-Fr 06:00-24:00; Sa 07:00-24:00; Su 08:00-24:00"),
        ("po-ne 7:00-24:00\r\npo-ne 7:00-24:00", "exact", "Mo-Su 07:00-24:00; Mo-Su 07:00-24:00"),
        ("duben-září 9:00-20:00; říjen-březen 11:00-17:00", "exact", "Apr-Sep 09:00-20:00; Oct-Mar 11:00-17:00"),
        ("dubna-září 9:00-20:00", "exact", "Apr-Sep 09:00-20:00"),
        (
            "1.6.-31.8. 8:00-22:00,1.9-3.10. a 1.4.-31.5. 8:00-21:00, 1.11.-31.3. 9:00-19:00", "exact",
            "Jun 01-Aug 31 08:00-22:00; Sep 01-Oct 03,Apr 01-May 31 08:00-21:00; Nov 01-Mar 31 09:00-19:00"
        ),
        ("po-ne 9-21.30 h (orientačně)", "exact", "Mo-Su 09:00-21:30 \"orientačně\""),
        ("po-ne 9-21 h (léto); po-ne 9-19 h (zima)", "interpreted", "Apr-Sep Mo-Su 09:00-21:00; Oct-Mar Mo-Su 09:00-19:00"),
        ("po-so 7:00-24:00; 8:00-24:00", "interpreted", "Mo-Sa 07:00-24:00; Su 08:00-24:00"),
        ("březen duben říjen+dušičky 8:00-18:00", "interpreted", "Mar,Apr,Oct,Nov 01-02 08:00-18:00"),
        (
            "po-ne 15.dubna-14.září 9:00-21:00; 15.září-14.října 9:00-20:00", "exact",
            "Apr 15-Sep 14 Mo-Su 09:00-21:00; Sep 15-Oct 14 Mo-Su 09:00-20:00"
        ),
        ("nejasná", "unknown", "\"nejasná\""),
        ("v době provozu školy-po dohodě", "unknown", "\"v době provozu školy-po dohodě\""),
        ("po-čt 6:0030-23:00", "unknown", "\"po-čt 6:0030-23:00\""),
        ("po-ne 10-20", "exact", "Mo-Su 10:00-20:00"),
    ])
    func translates(text: String, status: String, expression: String) {
        let h = CzechHours(czech: text)
        #expect(h.status.rawValue == status, "\(h.reason ?? "")")
        #expect(h.expression == expression)
        #expect(h.original == text)
    }

    @Test(arguments: [nil, "", " ", "  \t"] as [String?])
    func missing(text: String?) {
        let h = CzechHours(czech: text)
        #expect(h.status == .missing)
        #expect(h.expression == nil)
    }

    @Test func reasonsNameTheProblem() {
        // Issue 23 item 5: bare hours are read (`HoursReading` adds a warning for each).
        #expect(CzechHours(czech: "po-ne 10-20").expression == "Mo-Su 10:00-20:00")
        #expect(CzechHours(czech: "po-ne 10-20").reason == nil)
        #expect(CzechHours(czech: "po-ne 25-26").reason == "hour 25 is out of range in 'po-ne 25-26'")
        #expect(CzechHours(czech: "nejasná").reason == "not a schedule: 'nejasná' in 'nejasná'")
        #expect(CzechHours(czech: "po-so 7:00-24:00; 8:00-24:00").reason == "a group without days read as Su")
    }
}
