/// docs/openapi.yaml, served at /v1/openapi.yaml. The file itself is built in:
/// `Sources/Serve/Resources/openapi.yaml` is a link to it, embedded in the code by SwiftPM
/// (`embedInCode` in Package.swift), so there is one copy and nothing to regenerate.
public enum OpenAPIDocument {
    /// The document's text, byte for byte the file's.
    public static var text: String { String(decoding: PackageResources.openapi_yaml, as: UTF8.self) }
}
