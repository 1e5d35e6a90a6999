import Foundation
import PhotoTestSupport
import Photos
import Testing

/// libvips's error buffer is one for the process (review of issue 14, finding 13): photos
/// processed on several threads at once each get their own failure's message.
@Suite struct PhotoConcurrencyTests {
    @Test func parallelFailuresKeepTheirOwnMessages() throws {
        let jpeg = try TestImages.jpegWithEXIF(width: 64, height: 64)
        let png = try TestImages.solid("png", width: 64, height: 64)
        let uploads = [Data(jpeg.prefix(jpeg.count * 2 / 3)), Data(png.prefix(png.count * 2 / 3))]
        let messages = Messages()
        DispatchQueue.concurrentPerform(iterations: 24) { i in
            do {
                _ = try PhotoProcessor().process(uploads[i % 2], declared: nil)
                messages.append(i % 2, "accepted")
            } catch {
                messages.append(i % 2, "\(error)")
            }
        }
        let (jpegs, pngs) = messages.split
        #expect(jpegs.count == 12 && pngs.count == 12)
        #expect(Set(jpegs).count == 1, "\(Set(jpegs))")
        #expect(Set(pngs).count == 1, "\(Set(pngs))")
        #expect(jpegs.allSatisfy { $0.hasPrefix("the JPEG cannot be decoded (truncated or corrupt): ") })
        #expect(pngs.allSatisfy { $0.hasPrefix("the PNG cannot be decoded (truncated or corrupt): ") })
    }
}

/// Messages collected from several threads, by kind (0 JPEG, 1 PNG).
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [(Int, String)] = []

    func append(_ kind: Int, _ message: String) {
        lock.lock()
        values.append((kind, message))
        lock.unlock()
    }

    var split: ([String], [String]) {
        lock.lock()
        defer { lock.unlock() }
        return (values.filter { $0.0 == 0 }.map(\.1), values.filter { $0.0 == 1 }.map(\.1))
    }
}
