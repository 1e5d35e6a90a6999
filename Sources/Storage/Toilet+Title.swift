import Foundation
import Geo
import Hours
import Places

extension Toilet {
    /// What a person reads first about this toilet, in tables, bookmarks and popups: its
    /// name and address, else its operator (`JCDecaux toilet`), else its kind (`toilet
    /// (kontejner)`), else where it is (`toilet at 48.85341,2.34880`). Never its id: the
    /// derived id's hash says nothing to a person (issue 23: Paris's 308 JCDecaux toilets
    /// read "(no address) 48.85…").
    public var title: String {
        let parts = [name, address].compactMap { $0?.trimmedNonBlank }
        if !parts.isEmpty { return parts.joined(separator: ", ") }
        if let op = details.text(.operatorName)?.trimmedNonBlank { return "\(op) toilet" }
        if let kind = kind?.trimmedNonBlank { return "toilet (\(kind))" }
        return String(format: "toilet at %.5f,%.5f", coordinate.latitude, coordinate.longitude)
    }
}
