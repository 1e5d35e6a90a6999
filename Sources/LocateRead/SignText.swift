import Hours
import SignReading

/// The text form of a reading: what `locate hours read` prints on stderr.
enum SignText {
    /// `confidence: 0.91 (confident)`, the lines marked `+` (used) or `-` (ignored), what the
    /// reading assumed and its corrections.
    static func summary(_ reading: SignReading) -> String {
        var out: [String] = []
        if reading.suggestion != nil {
            out.append("confidence: \(reading.confidence) (\(reading.confident ? "confident" : "check it"))")
        }
        for (i, line) in reading.lines.enumerated() {
            out.append("\(reading.hours.used.contains(i) ? "+" : "-") \(line.text)")
        }
        if let r = reading.hours.reading {
            if let reason = r.reason { out.append("assumed: \(reason)") }
            for w in reading.hours.warnings { out.append("warning: \(w)") }
        }
        return out.joined(separator: "\n")
    }
}
