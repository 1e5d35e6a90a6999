/// The frame of every RFC 7946 FeatureCollection locate writes (`locate export geojson`, a
/// snapshot's shards, `--format geojson` of the toilet and station answers): members in
/// sorted order (`bbox`, `features`, `locate`, `type`), one Feature per line, and the
/// `locate` foreign member (RFC 7946 §6.1) that names the document's schema. A writer puts
/// `opening`, then each Feature after `separator(before:)`, then `closing`.
public enum FeatureCollectionFrame {
    /// The collection's opening, up to and including `"features":[`; `bbox` (RFC 7946 §5)
    /// as written, left out when nil.
    public static func opening(bbox: [String]? = nil) -> [UInt8] {
        guard let bbox else { return Array("{\"features\":[".utf8) }
        return Array("{\"bbox\":[\(bbox.joined(separator: ","))],\"features\":[".utf8)
    }

    /// What comes before the Feature at `index`: a line break, after a comma from the second on.
    public static func separator(before index: Int) -> [UInt8] {
        index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")]
    }

    /// The collection's end: the `locate` member (an object's JSON text) and the type, with
    /// no line break after it.
    public static func closing(locate member: [UInt8]) -> [UInt8] {
        Array("\n],\"locate\":".utf8) + member + Array(",\"type\":\"FeatureCollection\"}".utf8)
    }
}
