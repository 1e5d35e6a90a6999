import Foundation

/// The image formats a photo may be uploaded in, told apart by their first bytes (the
/// signatures of JPEG (ITU T.81: SOI marker FF D8 FF), PNG (RFC 2083 §3.1) and WebP (RIFF
/// container with form type `WEBP`)), never by a name or a declared type.
public enum PhotoFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp

    /// The format's name in messages.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }

    /// The media type (`image/jpeg`, …).
    public var mediaType: String { "image/\(rawValue)" }

    /// The format whose signature `bytes` start with, or nil.
    public static func sniff(_ bytes: some Collection<UInt8>) -> PhotoFormat? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The format a media type names (`image/jpeg`, `image/jpg`, `image/png`, `image/webp`;
    /// parameters and case ignored), or nil.
    public init?(mediaType: String) {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch type {
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/png": self = .png
        case "image/webp": self = .webp
        default: return nil
        }
    }

    /// The format a file name's extension names (`.jpg`, `.jpeg`, `.png`, `.webp`), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }
}
