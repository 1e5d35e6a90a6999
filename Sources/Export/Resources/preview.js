// The preview page's script (index.html, after leaflet/leaflet.js and data.js). It reads
// data.js: LOCATE_DATA and LOCATE_STATIONS (the GeoJSON files), LOCATE_META (tiles, first
// view, attributions, pollutant codes, generation time), LOCATE_WEEK (toilets' 7-day tables
// and open intervals) and LOCATE_HISTORY (stations' last 24 hours). `#id=DATASET/SOURCE_ID`
// in the address opens that place's popup. It leaves LOCATE_PAGE (the map and the toilet
// markers) for contribute.js. No markup of its own carries style attributes or handlers:
// the served page's Content-Security-Policy allows neither (colours are classes of
// preview.css; the marker fills below are SVG attributes set by Leaflet).
(function () {
  var toilets = window.LOCATE_DATA, stations = window.LOCATE_STATIONS, meta = window.LOCATE_META || {};
  var weeks = window.LOCATE_WEEK || {}, hist = window.LOCATE_HISTORY || {};
  var map = L.map('map', { preferCanvas: false });
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  map.attributionControl.setPrefix('Leaflet');
  if (meta.tiles) { L.tileLayer(meta.tiles, { maxZoom: 19, attribution: esc(meta.tiles_attribution || '') }).addTo(map); }
  (meta.attributions || []).forEach(function (a) { map.attributionControl.addAttribution(esc(a)); });
  L.control.scale().addTo(map);
  // 2026-11-21T20:30:00+01:00 in its own offset: "2026-11-21 20:30 (Europe/Prague)".
  function local(iso, zone) { return iso ? esc(iso.slice(0, 10) + ' ' + iso.slice(11, 16)) + (zone ? ' <small>(' + esc(zone) + ')</small>' : '') : ''; }
  function age(seconds) { var m = Math.round(seconds / 60); return m < 120 ? m + ' min' : (m < 2880 ? Math.round(m / 60) + ' h' : Math.round(m / 1440) + ' d'); }
  var overlays = Object.create(null), byId = Object.create(null), toiletMarkers = [], tBounds = L.latLngBounds([]), sBounds = L.latLngBounds([]), markers = 0, parts = [];
  function layerFor(kind, f) {
    var name = esc(kind + ': ' + (f.properties.dataset || kind));
    if (!overlays[name]) { overlays[name] = L.layerGroup().addTo(map); }
    return overlays[name];
  }
  var stateColours = { open: '#1a9641', unknown: '#e08214', closed: '#7a7a7a' };
  if (toilets) {
    toilets.features.forEach(function (f) {
      var p = f.properties, ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]), s = p.state || 'unknown';
      var m = L.circleMarker(ll, { radius: 6, weight: 1, color: '#222', fillColor: stateColours[s] || stateColours.unknown, fillOpacity: 0.9,
        bubblingMouseEvents: false });
      var rows = ['<b>' + esc(p.title) + '</b>'];
      rows.push('Hours: ' + esc(p.hours_text || 'not given') + (p.hours_osm ? ' <small>(' + esc(p.hours_osm) + ')</small>' : ''));
      rows.push('At ' + local(p.state_at || toilets.locate.generated_at, p.time_zone) + ': <b>' + esc(s) + '</b>' +
        (p.next_change ? ' until ' + local(p.next_change, null) : ''));
      var w = weeks[f.id];
      if (w) {
        rows.push('<table class="week">' + w.days.map(function (d) { return '<tr><td>' + esc(d[0]) + '</td><td>' + esc(d[1]) + '</td></tr>'; }).join('') + '</table>');
      }
      rows.push('Price: ' + (p.free === true ? 'free' : esc(p.price_text || 'unknown')));
      rows.push('Wheelchair: ' + esc(p.wheelchair));
      var has = (meta.toilet_attributes || []).map(function (a) {
        var v = p[a[0]];
        if (a[1]) { return v === true ? esc(a[1]) : null; }
        return typeof v === 'string' ? esc(a[0].replace(/_/g, ' ')) + ': ' + esc(v.replace(/;/g, ', ').replace(/_/g, ' ')) : null;
      }).filter(function (x) { return x; });
      if (has.length) { rows.push(has.join(' · ')); }
      m.bindPopup(rows.join('<br>'));
      m.addTo(layerFor('toilets', f));
      byId[f.id] = m;
      toiletMarkers.push({ feature: f, marker: m });
      tBounds.extend(ll);
      markers += 1;
    });
    parts.push(toilets.features.length + ' toilets');
  } else if (window.LOCATE_COUNT > 0) {
    parts.push(window.LOCATE_COUNT + ' toilets (too many to preview; use the shards)');
  }
  // GIOŚ index levels 0 to 5 (their colours are preview.css's level-N classes).
  var levelNames = ['0 Bardzo dobry (very good)', '1 Dobry (good)', '2 Umiarkowany (moderate)', '3 Dostateczny (sufficient)', '4 Zły (bad)', '5 Bardzo zły (very bad)'];
  function spark(points) {
    if (!points || points.length < 2) return '';
    var t0 = meta.generated_unix - 86400, lo = Infinity, hi = -Infinity;
    points.forEach(function (p) { lo = Math.min(lo, p[1]); hi = Math.max(hi, p[1]); });
    var xy = points.map(function (p) {
      var x = 80 * (p[0] - t0) / 86400, y = hi > lo ? 14 - 12 * (p[1] - lo) / (hi - lo) : 8;
      return x.toFixed(1) + ',' + y.toFixed(1);
    }).join(' ');
    return '<svg class="spark" width="80" height="16" viewBox="0 0 80 16"><polyline points="' + xy + '" fill="none" stroke="#2c6fbb" stroke-width="1.2"/></svg>';
  }
  if (stations) {
    stations.features.forEach(function (f) {
      var p = f.properties, ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]);
      var lv = p.index_level;
      var icon = L.divIcon({ className: 'station', iconSize: [14, 14],
        html: '<div class="level-' + (lv == null || levelNames[lv] == null ? 'none' : lv) + '"></div>' });
      var m = L.marker(ll, { icon: icon });
      var rows = ['<b>' + esc(p.name || f.id) + '</b>'];
      if (p.city) rows.push(esc(p.city));
      rows.push('Index: ' + (p.index_category ? esc((lv == null ? '' : lv + ' ') + p.index_category) + ', ' + local(p.index_calculated_at, p.time_zone) : 'none'));
      (meta.pollutants || []).forEach(function (c) {
        var k = c.toLowerCase().replace('.', ''), v = p['value_' + k], at = p['measured_at_' + k];
        if (v == null) return;
        var old = meta.generated_unix - Date.parse(at) / 1000;
        var text = esc(c) + ': ' + esc(v) + ' µg/m³, ' + local(at, null) + ' (' + age(old) + ' old)';
        var line = old > 3 * 3600 ? '<span class="old">' + text + ' — old</span>' : text;
        rows.push(line + spark((hist[f.id] || {})[c]));
      });
      m.bindPopup(rows.join('<br>'));
      m.addTo(layerFor('stations', f));
      byId[f.id] = m;
      sBounds.extend(ll);
      markers += 1;
    });
    parts.push(stations.features.length + ' stations');
  }
  L.control.layers(null, overlays, { collapsed: false }).addTo(map);
  var legend = L.control({ position: 'bottomright' });
  legend.onAdd = function () {
    var d = L.DomUtil.create('div', 'legend');
    var html = '<b>Toilets</b> (at generation time)<br>';
    ['open', 'unknown', 'closed'].forEach(function (s) { html += '<i class="dot state-' + s + '"></i>' + s + '<br>'; });
    html += '<b>Air-quality index</b> (GIOŚ)<br>';
    levelNames.forEach(function (name, i) { html += '<i class="level-' + i + '"></i>' + esc(name) + '<br>'; });
    html += '<i class="level-none"></i>no index';
    d.innerHTML = html;
    return d;
  };
  legend.addTo(map);
  if (meta.view) { map.setView([meta.view[0], meta.view[1]], meta.view[2]); }
  else if (tBounds.isValid()) { map.fitBounds(tBounds, { padding: [20, 20] }); }
  else if (sBounds.isValid()) { map.fitBounds(sBounds, { padding: [20, 20] }); }
  else { map.setView([50.0875, 14.4214], 12); }
  var near = L.layerGroup().addTo(map);
  document.getElementById('nearme').onclick = function () {
    var msg = document.getElementById('nearmsg');
    if (!navigator.geolocation) { msg.textContent = 'this browser gives no location'; return; }
    msg.textContent = 'locating…';
    navigator.geolocation.getCurrentPosition(function (pos) {
      var here = L.latLng(pos.coords.latitude, pos.coords.longitude), now = Date.now() / 1000, found = [];
      (toilets ? toilets.features : []).forEach(function (f) {
        var w = weeks[f.id];
        if (!w || !w.open.some(function (o) { return o[0] <= now && now < o[1]; })) return;
        var ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]);
        found.push({ f: f, ll: ll, d: here.distanceTo(ll) });
      });
      found.sort(function (a, b) { return a.d - b.d; });
      near.clearLayers();
      L.circleMarker(here, { radius: 5, color: '#000', fillColor: '#fff', fillOpacity: 1 }).addTo(near);
      found.slice(0, 3).forEach(function (x) { L.circleMarker(x.ll, { radius: 12, color: '#1a9641', weight: 3, fill: false }).addTo(near); });
      msg.textContent = found.length ? 'nearest open now: ' + found.slice(0, 3).map(function (x) { return Math.round(x.d) + ' m'; }).join(', ') : 'no toilet in this preview is open now (by its 7-day table)';
      if (found.length) map.fitBounds(L.latLngBounds([here].concat(found.slice(0, 3).map(function (x) { return x.ll; }))), { padding: [40, 40] });
    }, function () { msg.textContent = 'location not available'; });
  };
  var deep = /^#id=(.+)$/.exec(window.location.hash), wanted = null;
  try { wanted = deep ? decodeURIComponent(deep[1]) : null; } catch (e) { wanted = null; }
  if (wanted && Object.prototype.hasOwnProperty.call(byId, wanted)) { byId[wanted].openPopup(); }
  document.getElementById('summary').textContent = parts.join(', ') + (meta.generated_at ? ', generated ' + meta.generated_at.slice(0, 10) + ' ' + meta.generated_at.slice(11, 16) + ' UTC' : '');
  document.body.setAttribute('data-markers', String(markers));
  window.LOCATE_PAGE = { map: map, toilets: toiletMarkers };
})();
