public import Contributions
import Places
public import Storage

extension SignSuggestion {
    /// A sign reader's answer for a Czech sign, "Po-Pá 8-16 hod. / So-Ne zavřeno": the reading
    /// the sign-photo tests store and review (issue 40).
    public static let sample = SignSuggestion(
        suggestion: "Mo-Fr 08:00-16:00; Sa,Su off", hoursStatus: .exact, reason: nil, confidence: 0.91, confident: true,
        text: "Otevírací doba\nPo-Pá 8-16 hod.\nSo-Ne zavřeno",
        lines: [
            .init(text: "Otevírací doba", confidence: 0.95, used: false),
            .init(text: "Po-Pá 8-16 hod.", confidence: 0.9, used: true),
            .init(text: "So-Ne zavřeno", confidence: 0.92, used: true),
        ], languages: "ces+pol+eng+deu")
}
