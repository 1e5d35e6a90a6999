import Foundation

extension PreviewPage {
    /// The page's files in `Sources/Export/Resources/`, built into the binary
    /// (`embedInCode` in Package.swift: no resource bundle is looked up at run time).
    enum Asset {
        /// `preview.html`, the page, with `contributeMarker` where the contribution panel goes.
        static var page: String { String(decoding: PackageResources.preview_html, as: UTF8.self) }
        /// `contribute.html`: the contribution panel and its script tag.
        static var contributePanel: String { String(decoding: PackageResources.contribute_html, as: UTF8.self) }
    }

    /// The line of `preview.html` that `contribute.html` replaces on a page that takes
    /// contributions, and that is dropped on one that does not.
    static let contributeMarker = "<!--contribute-->\n"

    /// The page. Its scripts (Leaflet and its marker-cluster plugin, `preview.js`, then
    /// `contribute.js` with `contributions`) read `data.js`: `LOCATE_DATA` and
    /// `LOCATE_STATIONS` (the GeoJSON files), `LOCATE_META` (tiles, first view, the city
    /// picker's groups, attributions, pollutant codes, generation time), `LOCATE_WEEK`
    /// (toilets' 7-day tables and open and unknown intervals), `LOCATE_HISTORY` (stations'
    /// last 24 hours) and `LOCATE_PHOTOS` (approved photos at the API). `#id=DATASET/SOURCE_ID`
    /// in the address zooms to that place and opens its popup, on load and on a hash change.
    /// No inline script, handler or style: the served page's Content-Security-Policy allows
    /// none (`PreviewRoutes.policy`).
    static func html(contributions: Bool) -> String {
        Asset.page.replacingOccurrences(of: contributeMarker, with: contributions ? Asset.contributePanel : "")
    }

    /// The script and style files the page loads beside `index.html` and `data.js`, by name:
    /// `preview.js` and `preview.css`, and with `contributions` `contribute.js`.
    static func assets(contributions: Bool) -> [String: [UInt8]] {
        var files = ["preview.js": PackageResources.preview_js, "preview.css": PackageResources.preview_css]
        if contributions { files["contribute.js"] = PackageResources.contribute_js }
        return files
    }
}
