import Foundation
import Storage

/// The offline preview: `index.html` with Leaflet copied from Debian's `libjs-leaflet`
/// (no CDN, no tiles), the data as `data.js` (a script, since pages opened from a folder
/// cannot fetch files): toilets as circles coloured by the state at generation time (popups
/// with name, hours, state, price and wheelchair access), stations as squares coloured by
/// their index level (popups with the index and the newest values).
enum PreviewPage {
    static func write(into folder: String, toilets: Int, stations: Int, limit: Int) throws {
        let leaflet = SnapshotWriter.leafletFolder
        let fm = FileManager.default
        guard fm.fileExists(atPath: leaflet + "/leaflet.js") else {
            throw ExportError.unwritable(path: folder, reason: "leaflet not found in \(leaflet) (install libjs-leaflet)")
        }
        do {
            try fm.createDirectory(atPath: folder + "/leaflet/images", withIntermediateDirectories: true)
        } catch {
            throw ExportError.unwritable(path: folder + "/leaflet/images", reason: "cannot create the folder")
        }
        for f in ["leaflet.js", "leaflet.css"] { try copy(leaflet + "/" + f, to: folder + "/leaflet/" + f) }
        for f in (try? fm.contentsOfDirectory(atPath: leaflet + "/images"))?.sorted() ?? [] where f.hasSuffix(".png") {
            try copy(leaflet + "/images/" + f, to: folder + "/leaflet/images/" + f)
        }
        let data = try CheckedFile(creating: folder + "/data.js")
        try data.write("window.LOCATE_COUNT = \(toilets);\nwindow.LOCATE_DATA = ")
        try append(toilets > 0 && toilets <= limit ? folder + "/toilets.geojson" : nil, to: data)
        try data.write("window.LOCATE_STATIONS = ")
        try append(stations > 0 ? folder + "/stations.geojson" : nil, to: data)
        try data.commit()
        try CheckedFile.write(Array(html.utf8), to: folder + "/index.html")
    }

    /// Copies a file in 1 MiB chunks through the checked writer.
    private static func copy(_ source: String, to path: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw ExportError.unwritable(path: path, reason: "cannot read \(source)")
        }
        defer { try? input.close() }
        let out = try CheckedFile(creating: path)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write([UInt8](chunk)) }
        try out.commit()
    }

    /// Appends a GeoJSON file as a JavaScript value and `;` (its final newline dropped), or `null;`.
    private static func append(_ geojson: String?, to out: CheckedFile) throws {
        guard let geojson, let input = FileHandle(forReadingAtPath: geojson) else {
            try out.write("null;\n")
            return
        }
        defer { try? input.close() }
        var pending: [UInt8] = []
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try out.write(pending)
            pending = [UInt8](chunk)
        }
        if pending.last == 0x0A { pending.removeLast() }
        try out.write(pending + Array(";\n".utf8))
    }

    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>locate snapshot preview</title>
        <link rel="stylesheet" href="leaflet/leaflet.css">
        <style>
          html, body { margin: 0; height: 100%; font-family: sans-serif; }
          #map { position: absolute; top: 2.2em; bottom: 0; left: 0; right: 0; background: #f4f1ea; }
          #bar { height: 2.2em; line-height: 2.2em; padding: 0 0.8em; font-size: 14px; }
          .dot { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; margin: 0 0.2em 0 0.8em; }
          .sq { display: inline-block; width: 0.8em; height: 0.8em; margin: 0 0.2em 0 0.8em; border: 1px solid #222; }
        </style>
        </head>
        <body>
        <div id="bar"><b>locate</b> <span id="summary"></span>
          <span class="dot" style="background:#1a9641"></span>open
          <span class="dot" style="background:#e08214"></span>unknown
          <span class="dot" style="background:#7a7a7a"></span>closed
          <span class="sq" style="background:#2b83ba"></span>station (index 0 good … 5 bad)</div>
        <div id="map"></div>
        <script src="leaflet/leaflet.js"></script>
        <script src="data.js"></script>
        <script>
        (function () {
          var toilets = window.LOCATE_DATA, stations = window.LOCATE_STATIONS;
          var map = L.map('map', { preferCanvas: false });
          L.control.scale().addTo(map);
          function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
          var parts = [], bounds = L.latLngBounds([]), markers = 0;
          if (toilets) {
            var colours = { open: '#1a9641', unknown: '#e08214', closed: '#7a7a7a' };
            var t = L.geoJSON(toilets, {
              pointToLayer: function (f, latlng) {
                var s = f.properties.state || 'unknown';
                return L.circleMarker(latlng, { radius: 6, weight: 1, color: '#222', fillColor: colours[s] || colours.unknown, fillOpacity: 0.9 });
              },
              onEachFeature: function (f, l) {
                var p = f.properties, rows = [];
                rows.push('<b>' + esc(p.name || p.address || f.id) + '</b>');
                if (p.name && p.address) rows.push(esc(p.address));
                rows.push('Hours: ' + esc(p.hours_text || 'not given') + (p.hours_osm ? ' <small>(' + esc(p.hours_osm) + ')</small>' : ''));
                rows.push('At ' + esc(toilets.locate.state_at || toilets.locate.generated_at) + ': ' + esc(p.state || 'unknown') +
                  (p.next_change ? ' until ' + esc(p.next_change) : ''));
                rows.push('Price: ' + (p.free === true ? 'free' : esc(p.price_text || 'unknown')));
                rows.push('Wheelchair: ' + esc(p.wheelchair));
                l.bindPopup(rows.join('<br>'));
              }
            }).addTo(map);
            bounds.extend(t.getBounds());
            markers += toilets.features.length;
            parts.push(toilets.features.length + ' toilets');
          } else if (window.LOCATE_COUNT > 0) {
            parts.push(window.LOCATE_COUNT + ' toilets (too many to preview; use the shards)');
          }
          if (stations) {
            var levels = ['#1a9641', '#a6d96a', '#ffffbf', '#fdae61', '#d7191c', '#7b3294'];
            var s = L.geoJSON(stations, {
              pointToLayer: function (f, latlng) {
                var lv = f.properties.index_level, fill = lv == null ? '#2b83ba' : levels[lv];
                var icon = L.divIcon({ className: 'station', iconSize: [14, 14],
                  html: '<div style="width:12px;height:12px;border:1px solid #222;background:' + fill + '"></div>' });
                return L.marker(latlng, { icon: icon });
              },
              onEachFeature: function (f, l) {
                var p = f.properties, rows = ['<b>' + esc(p.name || f.id) + '</b>'];
                if (p.city) rows.push(esc(p.city));
                rows.push('Index: ' + (p.index_category ? esc((p.index_level == null ? '' : p.index_level + ' ') + p.index_category) : 'none'));
                [\(PollutantCode.known.map(JSONText.quoted).joined(separator: ", "))].forEach(function (c) {
                  var k = c.toLowerCase().replace('.', '');
                  if (p['value_' + k] != null) rows.push(esc(c) + ': ' + esc(p['value_' + k]) + ' at ' + esc(p['measured_at_' + k]));
                });
                l.bindPopup(rows.join('<br>'));
              }
            }).addTo(map);
            bounds.extend(s.getBounds());
            markers += stations.features.length;
            parts.push(stations.features.length + ' stations');
          }
          if (bounds.isValid()) { map.fitBounds(bounds, { padding: [20, 20] }); } else { map.setView([50.0875, 14.4214], 12); }
          var meta = (toilets || stations || { locate: {} }).locate;
          document.getElementById('summary').textContent = parts.join(', ') + (meta.generated_at ? ', generated ' + meta.generated_at : '');
          document.body.setAttribute('data-markers', String(markers));
        })();
        </script>
        </body>
        </html>

        """
}
