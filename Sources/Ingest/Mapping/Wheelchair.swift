import Hours
import Places
import Storage

extension WheelchairAccess {
    /// Reads a source value: OSM values (`yes`, `limited`, `no`), Czech words (`ano`,
    /// `ne`, `částečně`) and IPR's code labels (`1 ano`, `0 ne`, `2` = no, `99` = not
    /// determined). Returns nil for a value it does not know (reported as a warning).
    init?(sourceText text: String) {
        let t = text.trimmingSpaces.lowercased()
        let words = t.split(separator: " ")
        let code = words.first.map(String.init) ?? ""
        switch code {
        case "yes", "ano", "1", "true", "designated": self = .yes
        case "limited", "částečně", "castecne": self = .limited
        case "no", "ne", "0", "2", "false": self = .no
        case "99", "unknown": self = .unknown
        default: return nil
        }
    }
}
