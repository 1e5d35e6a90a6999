import Foundation
import LocateTestSupport
import PhotoTestSupport
import Photos
import Testing

/// Photos are stored content-addressed beside the database, atomically, and a name from a
/// request never leaves the folder.
@Suite struct PhotoStoreTests {
    @Test func aPhotoIsStoredUnderTheHashOfItsFullBytes() throws {
        let folder = try Fixtures.temporaryFolder()
        let store = PhotoStore(folder: folder.appendingPathComponent("db.sqlite.photos"))
        let photo = try PhotoProcessor().process(try TestImages.solid("png", width: 50, height: 40), declared: .png)
        let hash = try store.save(photo)
        #expect(hash == PhotoStore.hash(of: photo.full))
        #expect(PhotoStore.isHash(hash))
        let full = try #require(store.file(hash, size: .full))
        #expect(full.path == folder.path + "/db.sqlite.photos/\(hash).jpg")
        #expect(try store.read(hash, size: .full) == photo.full)
        #expect(try store.read(hash, size: .thumbnail) == photo.thumbnail)
        // The same photo again: the same name, nothing rewritten.
        #expect(try store.save(photo) == hash)
        let files = try FileManager.default.contentsOfDirectory(atPath: full.deletingLastPathComponent().path).sorted()
        #expect(files == ["\(hash).jpg", "\(hash).thumb.jpg"])
    }

    @Test(arguments: ["../../etc/passwd", "ABCDEF", String(repeating: "g", count: 64), String(repeating: "A", count: 64), ""])
    func malformedNamesHaveNoFile(name: String) throws {
        let store = PhotoStore(folder: URL(fileURLWithPath: "/nonexistent"))
        #expect(store.file(name, size: .full) == nil)
        #expect(try store.read(name, size: .thumbnail) == nil)
    }
}
