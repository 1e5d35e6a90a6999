import Digests
public import Places

extension ToiletDetails {
    /// Mixes the details into a content hash. Nothing is added for empty details, so the
    /// hashes of records stored before these columns existed stay the same; the attributes
    /// of `v6-toilet-details` are added as they always were (every one, by position), later
    /// ones only when known (by name), so adding an attribute changes no stored hash until
    /// a source states it.
    func addTo(_ h: inout ContentHash) {
        guard !isEmpty else { return }
        h.addString("details/1")
        h.addString(access.rawValue)
        for a in ToiletAttribute.ordered {
            let value = attributes[a]
            if a.addedIn != "v6-toilet-details" {
                guard let value else { continue }
                h.addString(a.key)
            }
            switch a.kind {
            case .triState: h.addBool(value?.flag)
            case .choice, .list, .text: h.addString(value?.text)
            }
        }
    }
}
