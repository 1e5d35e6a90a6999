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
    /// last 48 hours) and `LOCATE_PHOTOS` (approved photos at the API). `#id=DATASET/SOURCE_ID`
    /// in the address zooms to that place and opens its popup, on load and on a hash change.
    /// No inline script, handler or style: the served page's Content-Security-Policy allows
    /// none (`PreviewRoutes.policy`).
    static func html(contributions: Bool) -> String {
        Asset.page.replacingOccurrences(of: contributeMarker, with: contributions ? Asset.contributePanel : "")
    }

    /// The files the page loads beside `index.html` and `data.js`, by name: the map
    /// (`preview.js`, `preview.css`, and `basemap.js`, which draws a basemap when the page has
    /// one), the element builder its scripts share (`dom.js`), the bookmarks (`bookmarks.js`, `text-bookmarks.js`), a station's panel (`station.js`,
    /// `text-station.js`), its words (`i18n.js` and one `text-*.js` per concern),
    /// the list (`geodesic.js`, `nearest.js`, `list.js`), a toilet's verification in words
    /// (`verified.js`), offline use (`offline.js`, the
    /// service worker `sw.js`, the web app manifest and its icons), and with `contributions`
    /// `contribute.js` with its words, `text-contribute.js`.
    static func assets(contributions: Bool) -> [String: [UInt8]] {
        var files = [
            "preview.js": PackageResources.preview_js, "preview.css": PackageResources.preview_css,
            "i18n.js": PackageResources.i18n_js, "dom.js": PackageResources.dom_js, "text-map.js": PackageResources.text_map_js,
            "text-list.js": PackageResources.text_list_js, "text-offline.js": PackageResources.text_offline_js,
            "geodesic.js": PackageResources.geodesic_js, "nearest.js": PackageResources.nearest_js,
            "list.js": PackageResources.list_js, "verified.js": PackageResources.verified_js,
            "basemap.js": PackageResources.basemap_js,
            "bookmarks.js": PackageResources.bookmarks_js, "text-bookmarks.js": PackageResources.text_bookmarks_js,
            "station.js": PackageResources.station_js, "text-station.js": PackageResources.text_station_js,
            "offline.js": PackageResources.offline_js, "sw.js": PackageResources.sw_js,
            "manifest.webmanifest": PackageResources.manifest_webmanifest, "icon-192.png": PackageResources.icon_192_png,
            "icon-512.png": PackageResources.icon_512_png,
        ]
        if contributions {
            files["contribute.js"] = PackageResources.contribute_js
            files["text-contribute.js"] = PackageResources.text_contribute_js
        }
        return files
    }
}
