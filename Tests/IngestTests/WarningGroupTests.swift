import Places
import Testing

@testable import Ingest

/// The ingest summary groups warnings by field and by their reason up to the first `: `
/// outside quotes: a quoted time in a reason must not split it.
@Suite struct WarningGroupTests {
    @Test(arguments: [
        ("opening hours missing", "opening hours missing"),
        ("hours not understood: 'po-pá 6-21'", "hours not understood"),
        (
            "calculation time '2026-11-21 20:00:00' is not YYYY-MM-DD HH:MM:SS",
            "calculation time '2026-11-21 20:00:00' is not YYYY-MM-DD HH:MM:SS"
        ),
        ("price 'Kč 10: děti' kept as text: no amount", "price 'Kč 10: děti' kept as text"),
        ("ratio 1:2 noted", "ratio 1:2 noted"),
        ("trailing colon:", "trailing colon:"),
        ("", ""),
    ])
    func kindIsTheReasonUpToItsFirstColonOutsideQuotes(reason: String, kind: String) {
        #expect(IngestReport.kind(of: reason) == kind)
    }
}
