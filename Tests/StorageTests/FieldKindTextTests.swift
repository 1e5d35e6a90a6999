import Places
import SpatialIndex
import Testing

/// The field kinds' texts spelled out (`layoutText`) are the texts `String(describing:)`
/// reflects, for every field: the row file's layout hash (`ToiletRowFile.magic`) is the one
/// the reflected texts give, so row files written before it still read as this layout's.
@Suite struct FieldKindTextTests {
    @Test(arguments: ToiletAttribute.ordered) func attributeKindsReadAsReflected(_ a: ToiletAttribute) {
        #expect(a.kind.layoutText == String(describing: a.kind))
    }

    @Test(arguments: ToiletColumn.allCases) func columnKindsReadAsReflected(_ c: ToiletColumn) {
        #expect(c.kind.layoutText == String(describing: c.kind))
    }

    @Test func theLayoutHashIsTheReflectedOne() {
        let added = ToiletColumn.allCases.filter { $0.addedIn != nil }.map { ";\($0.rawValue)=\($0.kind)" }
        let layout =
            "row/2:" + ToiletAttribute.ordered.map { "\($0.key)=\($0.kind)" }.joined(separator: ",") + added.joined()
        let h = Array(layout.utf8).withUnsafeBytes { ToiletRowFile.hash($0) }
        #expect(ToiletRowFile.magic == Array("LOCR".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: h >> (8 * $0)) })
        #expect(Array(ToiletRowFile.magic.prefix(4)) == Array("LOCR".utf8))
    }
}
