import Foundation

/// The offline preview: `index.html` with Leaflet copied from Debian's `libjs-leaflet`
/// (no CDN, no tiles), the data as `data.js` (a script, since pages opened from a folder
/// cannot fetch files), circle markers coloured by the state at generation time, popups
/// with name, hours, state, price and wheelchair access.
enum PreviewPage {
    static func write(into folder: String, featureCount: Int, limit: Int) throws {
        let leaflet = SnapshotWriter.leafletFolder
        let fm = FileManager.default
        guard fm.fileExists(atPath: leaflet + "/leaflet.js") else {
            throw ExportError.unwritable(path: folder, reason: "leaflet not found in \(leaflet) (install libjs-leaflet)")
        }
        do {
            try fm.createDirectory(atPath: folder + "/leaflet/images", withIntermediateDirectories: true)
            for f in ["leaflet.js", "leaflet.css"] {
                try fm.copyItem(atPath: leaflet + "/" + f, toPath: folder + "/leaflet/" + f)
            }
            for f in (try? fm.contentsOfDirectory(atPath: leaflet + "/images"))?.sorted() ?? [] where f.hasSuffix(".png") {
                try fm.copyItem(atPath: leaflet + "/images/" + f, toPath: folder + "/leaflet/images/" + f)
            }
        } catch {
            throw ExportError.unwritable(path: folder, reason: "cannot copy leaflet: \(error.localizedDescription.lowercased())")
        }
        let data: Data
        if featureCount <= limit, let geojson = fm.contents(atPath: folder + "/toilets.geojson") {
            data = Data("window.LOCATE_DATA = ".utf8) + geojson + Data(";\n".utf8)
        } else {
            data = Data("window.LOCATE_DATA = null; window.LOCATE_COUNT = \(featureCount);\n".utf8)
        }
        guard fm.createFile(atPath: folder + "/data.js", contents: data),
            fm.createFile(atPath: folder + "/index.html", contents: Data(html.utf8))
        else { throw ExportError.unwritable(path: folder, reason: "cannot write the preview page") }
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
        </style>
        </head>
        <body>
        <div id="bar"><b>locate</b> <span id="summary"></span>
          <span class="dot" style="background:#1a9641"></span>open
          <span class="dot" style="background:#e08214"></span>unknown
          <span class="dot" style="background:#7a7a7a"></span>closed</div>
        <div id="map"></div>
        <script src="leaflet/leaflet.js"></script>
        <script src="data.js"></script>
        <script>
        (function () {
          var data = window.LOCATE_DATA;
          var map = L.map('map', { preferCanvas: false });
          L.control.scale().addTo(map);
          var summary = document.getElementById('summary');
          if (!data) {
            summary.textContent = window.LOCATE_COUNT + ' toilets: too many to preview; use the shards.';
            map.setView([50.0875, 14.4214], 12);
            return;
          }
          var colours = { open: '#1a9641', unknown: '#e08214', closed: '#7a7a7a' };
          function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
          var layer = L.geoJSON(data, {
            pointToLayer: function (f, latlng) {
              var s = f.properties.state || 'unknown';
              return L.circleMarker(latlng, { radius: 6, weight: 1, color: '#222', fillColor: colours[s] || colours.unknown, fillOpacity: 0.9 });
            },
            onEachFeature: function (f, l) {
              var p = f.properties, rows = [];
              rows.push('<b>' + esc(p.name || p.address || f.id) + '</b>');
              if (p.name && p.address) rows.push(esc(p.address));
              rows.push('Hours: ' + esc(p.hours || 'not given') + (p.hours_osm ? ' <small>(' + esc(p.hours_osm) + ')</small>' : ''));
              rows.push('At ' + esc(data.locate.state_at || data.locate.generated_at) + ': ' + esc(p.state || 'unknown') +
                (p.next_change ? ' until ' + esc(p.next_change) : ''));
              rows.push('Price: ' + (p.free === true ? 'free' : esc(p.price || 'unknown')));
              rows.push('Wheelchair: ' + esc(p.wheelchair));
              l.bindPopup(rows.join('<br>'));
            }
          }).addTo(map);
          map.fitBounds(layer.getBounds(), { padding: [20, 20] });
          summary.textContent = data.features.length + ' toilets, generated ' + data.locate.generated_at;
          document.body.setAttribute('data-markers', String(data.features.length));
        })();
        </script>
        </body>
        </html>

        """
}
