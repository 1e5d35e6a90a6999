// The preview page's script (index.html, after leaflet/leaflet.js, the marker-cluster plugin
// and data.js). It reads data.js: LOCATE_DATA and LOCATE_STATIONS (the GeoJSON files),
// LOCATE_META (tiles, first view, the groups of the city picker, attributions, pollutant
// codes, generation time), LOCATE_WEEK (toilets' 7-day tables and their open and unknown
// intervals as Unix seconds), LOCATE_HISTORY (stations' last 24 hours) and LOCATE_PHOTOS
// (approved photos' paths at the API, by toilet). Open states are
// computed here for now (the browser's clock; `?now=ISO-INSTANT` in the address sets
// another instant, for checks). `#id=DATASET/SOURCE_ID` zooms to that place and opens its
// popup, on load and when the hash changes. It leaves LOCATE_PAGE (the map and the toilet
// markers) for contribute.js. No markup of its own carries style attributes or handlers:
// the served page's Content-Security-Policy allows neither (colours are classes of
// preview.css). For checks, the map container carries data-zoom and the body data-markers,
// data-groups, data-tile-errors and data-scheme (light or dark).
(function () {
  var toilets = window.LOCATE_DATA, stations = window.LOCATE_STATIONS, meta = window.LOCATE_META || {};
  var weeks = window.LOCATE_WEEK || {}, hist = window.LOCATE_HISTORY || {}, photos = window.LOCATE_PHOTOS || {};
  var pinned = /[?&]now=([^&#]+)/.exec(window.location.search), pinnedMs = pinned ? Date.parse(decodeURIComponent(pinned[1])) : NaN;
  function now() { return isNaN(pinnedMs) ? Date.now() / 1000 : pinnedMs / 1000; }
  var narrow = window.innerWidth < 600;
  var map = L.map('map', { preferCanvas: false, maxZoom: 19 }), box = map.getContainer();
  function recordZoom() { box.setAttribute('data-zoom', String(map.getZoom())); }
  map.on('zoomend moveend', recordZoom);
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  function say(id, text) { var e = document.getElementById(id); e.textContent = text; e.hidden = !text; }
  map.attributionControl.setPrefix('Leaflet');
  if (meta.tiles) {
    var tiles = L.tileLayer(meta.tiles, { maxZoom: 19, attribution: esc(meta.tiles_attribution || '') }).addTo(map), failed = 0;
    // Offline or a blocked tile server: say so instead of leaving a blank background.
    tiles.on('tileerror', function () {
      failed += 1;
      document.body.setAttribute('data-tile-errors', String(failed));
      say('notice', 'Map tiles could not be loaded (' + failed + ' failed): offline, or the tile server refused. The places are still shown.');
    });
  }
  (meta.attributions || []).forEach(function (a) { map.attributionControl.addAttribution(esc(a)); });
  L.control.scale({ position: 'bottomleft' }).addTo(map);
  // 2026-11-21T20:30:00+01:00 in its own offset: "2026-11-21 20:30 (Europe/Prague)".
  function local(iso, zone) { return iso ? esc(iso.slice(0, 10) + ' ' + iso.slice(11, 16)) + (zone ? ' <small>(' + esc(zone) + ')</small>' : '') : ''; }
  function age(seconds) { var m = Math.round(seconds / 60); return m < 120 ? m + ' min' : (m < 2880 ? Math.round(m / 60) + ' h' : Math.round(m / 1440) + ' d'); }
  // An instant as the place's clock shows it, like the week's rows: "Sun 22.11. 18:00".
  function clock(unix, zone) {
    var d = new Date(unix * 1000), v = {};
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(d).forEach(function (p) { v[p.type] = p.value; });
    } catch (e) { return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'; }
    return v.weekday + ' ' + v.day + '.' + v.month + '. ' + v.hour + ':' + v.minute;
  }
  function within(list, t) { for (var i = 0; i < list.length; i++) { if (list[i][0] <= t && t < list[i][1]) return list[i]; } return null; }
  // The state at t from a toilet's week: open, closed or unknown (no hours, hours not
  // understood, or t outside the week the data holds), with the instant it changes.
  function stateAt(w, t) {
    if (!w || t < w.from || t >= w.to) return { state: 'unknown', outside: !!w };
    var o = within(w.open, t), u = within(w.unknown, t);
    if (o) return { state: 'open', until: o[1] };
    if (u) return { state: 'unknown', until: u[1] };
    var next = w.open.concat(w.unknown).map(function (x) { return x[0]; }).filter(function (x) { return x > t; }).sort(function (a, b) { return a - b; })[0];
    return { state: 'closed', until: next };
  }
  function clustered(kind) {
    if (!L.markerClusterGroup) return L.layerGroup();
    var small = kind === 'stations';
    return L.markerClusterGroup({
      showCoverageOnHover: false, disableClusteringAtZoom: 17, maxClusterRadius: small ? 40 : 60,
      iconCreateFunction: function (c) {
        var n = c.getChildCount(), size = small ? 24 : (n < 10 ? 32 : (n < 100 ? 38 : 44));
        return L.divIcon({ html: '<div><span>' + n + '</span></div>', iconSize: L.point(size, size),
          className: 'marker-cluster ' + (small ? 'station-cluster' : 'toilet-cluster') + ' marker-cluster-' + (n < 10 ? 'small' : (n < 100 ? 'medium' : 'large')) });
      }
    });
  }
  var overlays = Object.create(null), byId = Object.create(null), groupOf = Object.create(null), toiletMarkers = [], markers = 0, parts = [];
  function layerFor(kind, f) {
    var name = esc(kind + ': ' + (f.properties.dataset || kind));
    if (!overlays[name]) { overlays[name] = clustered(kind).addTo(map); }
    return overlays[name];
  }
  function toiletIcon(state) { return L.divIcon({ className: 'toilet', iconSize: [14, 14], html: '<div class="state-' + state + '"></div>' }); }
  function toiletPopup(f) {
    var p = f.properties, w = weeks[f.id], t = now(), s = stateAt(w, t);
    var rows = ['<b class="title">' + esc(p.title) + '</b>'];
    var state = 'Now: <b class="now state-text-' + s.state + '">' + s.state + '</b>';
    if (s.until) state += (s.state === 'closed' ? ', opens ' : ' until ') + esc(clock(s.until, w.zone));
    if (!w) state += ' <small>(no opening hours it understood)</small>';
    else if (s.outside) state += ' <small>(the data holds ' + esc(clock(w.from, w.zone)) + ' to ' + esc(clock(w.to, w.zone)) + ' only)</small>';
    rows.push(state);
    rows.push('Hours: ' + esc(p.hours_text || 'not given') + (p.hours_osm ? ' <small>(' + esc(p.hours_osm) + ')</small>' : ''));
    if (w) { rows.push('<table class="week">' + w.days.map(function (d) { return '<tr><td>' + esc(d[0]) + '</td><td>' + esc(d[1]) + '</td></tr>'; }).join('') + '</table>'); }
    rows.push('Price: ' + (p.free === true ? 'free' : esc(p.price_text || 'unknown')));
    rows.push('Wheelchair: ' + esc(p.wheelchair));
    var has = (meta.toilet_attributes || []).map(function (a) {
      var v = p[a[0]];
      if (a[1]) { return v === true ? esc(a[1]) : null; }
      return typeof v === 'string' ? esc(a[0].replace(/_/g, ' ')) + ': ' + esc(v.replace(/;/g, ', ').replace(/_/g, ' ')) : null;
    }).filter(function (x) { return x; });
    if (has.length) { rows.push(has.join(' · ')); }
    var base = String(meta.api == null ? '' : meta.api).replace(/\/+$/, '');
    (photos[f.id] || []).forEach(function (path) { rows.push('<img class="photo" alt="photo of the toilet" src="' + esc(base + path) + '">'); });
    return rows.map(function (r) { return '<div>' + r + '</div>'; }).join('');
  }
  if (toilets) {
    toilets.features.forEach(function (f) {
      var ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]), s = stateAt(weeks[f.id], now()).state;
      var m = L.marker(ll, { icon: toiletIcon(s), title: f.properties.title, bubblingMouseEvents: false });
      m.bindPopup(function () { return toiletPopup(f); }, { maxWidth: narrow ? 260 : 320 });
      var g = layerFor('toilets', f);
      m.addTo(g);
      byId[f.id] = m; groupOf[f.id] = g;
      toiletMarkers.push({ feature: f, marker: m });
      markers += 1;
    });
    parts.push(toilets.features.length + ' toilets');
  } else if (window.LOCATE_COUNT > 0) {
    parts.push(window.LOCATE_COUNT + ' toilets (too many to preview; use the shards)');
  }
  // GIOŚ index levels 0 to 5 (their colours are preview.css's level-N classes).
  var levelNames = ['0 Bardzo dobry (very good)', '1 Dobry (good)', '2 Umiarkowany (moderate)', '3 Dostateczny (sufficient)', '4 Zły (bad)', '5 Bardzo zły (very bad)'];
  // European Air Quality Index levels 1 to 6 (EEA, 2024 bands; preview.css's eaqi-N classes).
  var eaqiNames = ['good', 'fair', 'moderate', 'poor', 'very poor', 'extremely poor'];
  // A station's mark: GIOŚ's index where it has one (a square), else the EAQI's band (a disc).
  function stationMark(p) {
    if (p.index_level != null && levelNames[p.index_level] != null) return 'level-' + p.index_level;
    if (p.eaqi_level != null && eaqiNames[p.eaqi_level - 1] != null) return 'eaqi-' + p.eaqi_level;
    return 'level-none';
  }
  function indexRows(p) {
    var rows = [], lv = p.index_level;
    if (p.index_category || lv != null) rows.push('GIOŚ index: ' + esc((lv == null ? '' : lv + ' ') + (p.index_category || '')) + ', ' + local(p.index_calculated_at, p.time_zone));
    if (p.eaqi_level != null) rows.push('EAQI (EEA 2024): ' + esc(p.eaqi_level + ' ' + (eaqiNames[p.eaqi_level - 1] || p.eaqi_band)) + (p.eaqi_dominant_pollutant ? ', by ' + esc(p.eaqi_dominant_pollutant) : '') + ', ' + local(p.eaqi_calculated_at, p.time_zone));
    return rows.length ? rows : ['Index: none'];
  }
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
      var icon = L.divIcon({ className: 'station', iconSize: [10, 10], html: '<div class="' + stationMark(p) + '"></div>' });
      var m = L.marker(ll, { icon: icon, title: p.name || f.id });
      var rows = ['<b class="title">' + esc(p.name || f.id) + '</b>'];
      if (p.city) rows.push(esc(p.city));
      rows = rows.concat(indexRows(p));
      (meta.pollutants || []).forEach(function (c) {
        var k = c.toLowerCase().replace('.', ''), v = p['value_' + k], at = p['measured_at_' + k];
        if (v == null) return;
        var old = meta.generated_unix - Date.parse(at) / 1000;
        var text = esc(c) + ': ' + esc(v) + ' µg/m³, ' + local(at, null) + ' (' + age(old) + ' old)';
        var line = old > 3 * 3600 ? '<span class="old">' + text + ' — old</span>' : text;
        rows.push(line + spark((hist[f.id] || {})[c]));
      });
      m.bindPopup(rows.join('<br>'));
      var g = layerFor('stations', f);
      m.addTo(g);
      byId[f.id] = m; groupOf[f.id] = g;
      markers += 1;
    });
    parts.push(stations.features.length + ' stations');
  }
  L.control.layers(null, overlays, { collapsed: narrow }).addTo(map);
  var legend = L.control({ position: 'bottomright' });
  legend.onAdd = function () {
    var d = L.DomUtil.create('details', 'legend');
    if (!narrow) d.open = true;
    var html = '<summary>Legend</summary><b>Toilets</b> (now)<br>';
    ['open', 'unknown', 'closed'].forEach(function (s) { html += '<i class="dot state-' + s + '"></i>' + s + '<br>'; });
    html += '<b>Air-quality index</b> (GIOŚ)<br>';
    levelNames.forEach(function (name, i) { html += '<i class="level-' + i + '"></i>' + esc(name) + '<br>'; });
    html += '<b>EAQI</b> (EEA 2024), where GIOŚ has no index<br>';
    eaqiNames.forEach(function (name, i) { html += '<i class="eaqi-' + (i + 1) + '"></i>' + (i + 1) + ' ' + esc(name) + '<br>'; });
    html += '<i class="level-none"></i>no index';
    d.innerHTML = html;
    L.DomEvent.disableClickPropagation(d);
    return d;
  };
  legend.addTo(map);
  // The city picker: the far-apart groups of places (computed at generation, MapGroups).
  var groups = meta.groups || [];
  function count(n, word) { return n ? n.toLocaleString('en') + ' ' + word + (n === 1 ? '' : 's') : ''; }
  function frame(g) { map.fitBounds([[g.bbox[1], g.bbox[0]], [g.bbox[3], g.bbox[2]]], { padding: [20, 20], maxZoom: 16 }); }
  if (groups.length > 1) {
    var picker = L.control({ position: 'topright' });
    picker.onAdd = function () {
      var d = L.DomUtil.create('div', 'cities leaflet-bar'), s = L.DomUtil.create('select', '', d);
      s.id = 'city';
      s.setAttribute('aria-label', 'city');
      groups.forEach(function (g, i) {
        var o = document.createElement('option');
        o.value = String(i);
        o.textContent = g.name + ' (' + [count(g.toilets, 'toilet'), count(g.stations, 'station')].filter(function (x) { return x; }).join(', ') + ')';
        s.appendChild(o);
      });
      s.onchange = function () { frame(groups[Number(s.value)]); };
      L.DomEvent.disableClickPropagation(d);
      return d;
    };
    picker.addTo(map);
  }
  document.body.setAttribute('data-groups', String(groups.length));
  if (meta.view) { map.setView([meta.view[0], meta.view[1]], meta.view[2]); }
  else if (groups.length) { frame(groups[0]); }
  else { map.setView([50.0875, 14.4214], 12); }
  recordZoom();
  var near = L.layerGroup().addTo(map);
  document.getElementById('nearme').onclick = function () {
    if (!navigator.geolocation) { say('nearmsg', 'this browser gives no location'); return; }
    say('nearmsg', 'locating…');
    navigator.geolocation.getCurrentPosition(function (pos) {
      var here = L.latLng(pos.coords.latitude, pos.coords.longitude), t = now(), found = [];
      (toilets ? toilets.features : []).forEach(function (f) {
        if (stateAt(weeks[f.id], t).state !== 'open') return;
        var ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]);
        found.push({ f: f, ll: ll, d: here.distanceTo(ll) });
      });
      found.sort(function (a, b) { return a.d - b.d; });
      near.clearLayers();
      L.circleMarker(here, { radius: 5, color: '#000', fillColor: '#fff', fillOpacity: 1 }).addTo(near);
      found.slice(0, 3).forEach(function (x) { L.circleMarker(x.ll, { radius: 12, color: '#1a9641', weight: 3, fill: false }).addTo(near); });
      say('nearmsg', found.length ? 'nearest open now: ' + found.slice(0, 3).map(function (x) { return Math.round(x.d) + ' m'; }).join(', ') : 'no toilet on this map is open now (by its 7-day table)');
      if (found.length) map.fitBounds(L.latLngBounds([here].concat(found.slice(0, 3).map(function (x) { return x.ll; }))), { padding: [40, 40] });
    }, function (e) {
      say('nearmsg', e && e.code === 1 ? 'location refused: allow this page to use your location, or move the map yourself'
        : 'location not available: ' + (e && e.code === 3 ? 'it took too long' : 'the browser could not find it'));
    }, { timeout: 15000 });
  };
  // #id=DATASET/SOURCE_ID: zoom to the place and open its popup.
  function openFromHash() {
    var deep = /^#id=(.+)$/.exec(window.location.hash), wanted = null;
    try { wanted = deep ? decodeURIComponent(deep[1]) : null; } catch (e) { wanted = null; }
    if (!wanted || !Object.prototype.hasOwnProperty.call(byId, wanted)) return;
    var m = byId[wanted], g = groupOf[wanted];
    if (!map.hasLayer(g)) map.addLayer(g);
    map.setView(m.getLatLng(), Math.max(map.getZoom(), 17), { animate: false });
    var show = function () { m.openPopup(); recordZoom(); };
    if (g.zoomToShowLayer) g.zoomToShowLayer(m, show); else show();
  }
  openFromHash();
  window.addEventListener('hashchange', openFromHash);
  document.getElementById('summary').textContent = parts.join(', ') + (meta.generated_at ? ', data of ' + meta.generated_at.slice(0, 10) + ' ' + meta.generated_at.slice(11, 16) + ' UTC' : '');
  var old = now() - (meta.generated_unix || now());
  if (meta.stale_after_seconds != null && old > meta.stale_after_seconds) {
    say('asof', 'Data as of ' + meta.generated_at.slice(0, 10) + ' (' + age(old) + ' old): places and hours may have changed since.');
  }
  document.body.setAttribute('data-markers', String(markers));
  // Night mode is preview.css's (prefers-color-scheme: dark); the body says which applies.
  var dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function scheme() { document.body.setAttribute('data-scheme', dark && dark.matches ? 'dark' : 'light'); }
  scheme();
  if (dark && dark.addEventListener) dark.addEventListener('change', scheme);
  window.LOCATE_PAGE = { map: map, toilets: toiletMarkers };
})();
