import Foundation
import Places
import Testing

@testable import Export

/// A snapshot's change detection hashes each feature without its volatile members
/// (`FeatureBytes.stable`). Review of issue 22 step 2: the attributes written between other
/// members were copied into the stable bytes twice.
@Suite struct FeatureStableBytesTests {
    @Test func stableBytesAreTheFeatureWithoutItsVolatileMembers() {
        var b = FeatureBytes(keepStable: true)
        b.begin(id: "d/1", longitude: 14.5, latitude: 50.25)
        b.interleave(ToiletAttributes([.centralKey: "radar", .genderNeutral: true, .unisex: true]))
        b.text("access", "public")
        b.text("name", "Ná\"m")
        b.text("state", "open", volatile: true)
        b.text("title", "T")
        b.end()
        let out = String(decoding: b.out, as: UTF8.self)
        let stable = String(decoding: b.stable ?? [], as: UTF8.self)
        #expect(
            out == #"{"geometry":{"coordinates":[14.5,50.25],"type":"Point"},"id":"d/1","properties":{"access":"public","#
                + #""centralkey":"radar","changing_table":null,"changing_table_all_genders":null,"#
                + #""changing_table_location":null,"check_date":null,"female":null,"gender_neutral":true,"indoor":null,"#
                + #""level":null,"male":null,"name":"Ná\"m","operator":null,"state":"open","title":"T","#
                + #""toilets_disposal":null,"toilets_wheelchair":null,"unisex":true},"type":"Feature"}"#)
        #expect(stable == out.replacingOccurrences(of: #","state":"open""#, with: ""))
    }
}
