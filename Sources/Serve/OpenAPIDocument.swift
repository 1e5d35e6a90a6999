/// docs/openapi.yaml, served at /v1/openapi.yaml. Generated: after editing the YAML, run
/// `UPDATE_OPENAPI=1 swift test --skip-build --filter OpenAPIDocumentTests` (a test fails
/// while the two differ). The text is kept in parts (`OpenAPIDocument+PartN.swift`).
public enum OpenAPIDocument {
    /// The document's text.
    public static let text = [part1, part2, part3].joined(separator: "\n")
}
