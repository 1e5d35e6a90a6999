// The preview page's map (index.html, after leaflet/leaflet.js, the marker-cluster plugin,
// data.js and the page's other scripts). It reads data.js: LOCATE_DATA and LOCATE_STATIONS
// (the GeoJSON files), LOCATE_META (tiles, first view, the groups of the city picker,
// attributions, pollutant codes, generation time), LOCATE_WEEK (toilets' 7-day tables and
// their open and unknown intervals as Unix seconds), LOCATE_HISTORY (stations' last 48
// hours) and LOCATE_PHOTOS (approved photos' paths at the API, by toilet). Open states are
// computed here (nearest.js's stateAt; the browser's clock, or `?now=ISO-INSTANT` in the
// address for checks). `#id=DATASET/SOURCE_ID` zooms to that place and opens its popup, on
// load and when the hash changes, and says so when the map has no such place. Toilet
// clusters show how many are open, unknown and closed (a ring, and the words in its label).
// Words come from text-map.js in the browser's language (i18n.js). It leaves LOCATE_PAGE
// (the map, the toilet markers, show(id), the clock) for list.js, basemap.js, bookmarks.js
// and contribute.js; each marker's placeId option is its place's id. No markup of its own carries style attributes or handlers: the served
// page's Content-Security-Policy allows neither (colours are classes of preview.css). For
// checks, the map container carries data-zoom and the body data-markers, data-groups,
// data-tile-errors and data-scheme (light or dark).
(function () {
  var toilets = window.LOCATE_DATA, stations = window.LOCATE_STATIONS, meta = window.LOCATE_META || {};
  var weeks = window.LOCATE_WEEK || {}, hist = window.LOCATE_HISTORY || {}, photos = window.LOCATE_PHOTOS || {};
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); }, stateAt = window.LOCATE_NEAREST.stateAt;
  var pinned = /[?&]now=([^&#]+)/.exec(window.location.search), pinnedMs = pinned ? Date.parse(decodeURIComponent(pinned[1])) : NaN;
  function now() { return isNaN(pinnedMs) ? Date.now() / 1000 : pinnedMs / 1000; }
  var narrow = window.innerWidth < 600;
  var map = L.map('map', { preferCanvas: false, maxZoom: 19 }), box = map.getContainer();
  box.setAttribute('aria-label', t('map'));
  function recordZoom() { box.setAttribute('data-zoom', String(map.getZoom())); }
  map.on('zoomend moveend', recordZoom);
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  // A notice's words, first in its box; a shown notice gets a close button, and one closed
  // stays closed (a tile error after another does not bring it back).
  var closed = {};
  function say(id, text, sticky) {
    var e = document.getElementById(id);
    if (sticky && closed[id]) return;
    while (e.firstChild && e.firstChild.nodeType === 3) e.removeChild(e.firstChild);
    e.insertBefore(document.createTextNode(text), e.firstChild);
    e.hidden = !text;
    if (text && e.classList.contains('notice') && !e.querySelector('button.close')) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'close';
      b.setAttribute('aria-label', t('close'));
      b.textContent = '×';
      b.onclick = function () { e.hidden = true; closed[id] = true; var m = document.getElementById('map'); if (m) m.focus(); };
      e.appendChild(b);
    }
  }
  map.attributionControl.setPrefix('Leaflet');
  if (meta.tiles) {
    var tiles = L.tileLayer(meta.tiles, { maxZoom: 19, attribution: esc(meta.tiles_attribution || '') }).addTo(map), failed = 0;
    // Offline or a blocked tile server: say so instead of leaving a blank background.
    tiles.on('tileerror', function () {
      failed += 1;
      document.body.setAttribute('data-tile-errors', String(failed));
      say('notice', t(meta.basemap ? 'tiles failed basemap' : 'tiles failed', failed), true);
    });
  }
  (meta.attributions || []).forEach(function (a) { map.attributionControl.addAttribution(esc(a)); });
  L.control.scale({ position: 'bottomleft' }).addTo(map);
  // 2026-11-21T20:30:00+01:00 in its own offset: "2026-11-21 20:30 (Europe/Prague)".
  function local(iso, zone) { return iso ? esc(iso.slice(0, 10) + ' ' + iso.slice(11, 16)) + (zone ? ' <small>(' + esc(zone) + ')</small>' : '') : ''; }
  function age(seconds) { var m = Math.round(seconds / 60); return m < 120 ? t('minutes', m) : (m < 2880 ? t('hours short', Math.round(m / 60)) : t('days', Math.round(m / 1440))); }
  // An instant as the place's clock shows it, like the week's rows: "Sun 22.11. 18:00".
  function clock(unix, zone) {
    var d = new Date(unix * 1000), v = {};
    try {
      new Intl.DateTimeFormat(T.locale, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(d).forEach(function (p) { v[p.type] = p.value; });
    } catch (e) { return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'; }
    return v.weekday + ' ' + v.day + '.' + v.month + '. ' + v.hour + ':' + v.minute;
  }
  // A div icon whose element is a labelled button (markers and clusters are focusable:
  // a screen reader names them by their label).
  var LabelledIcon = L.DivIcon.extend({
    createIcon: function (old) {
      var e = L.DivIcon.prototype.createIcon.call(this, old);
      if (this.options.label) { e.setAttribute('role', 'button'); e.setAttribute('aria-label', this.options.label); e.title = this.options.label; }
      return e;
    }
  });
  // A toilet cluster: the count, how many are open in words, and a ring of the open,
  // unknown and closed shares (SVG strokes, coloured by preview.css's ring-* classes).
  function toiletClusterIcon(c) {
    var n = c.getChildCount(), by = { open: 0, unknown: 0, closed: 0 };
    c.getAllChildMarkers().forEach(function (m) { by[m.options.state || 'unknown'] += 1; });
    var start = 0, ring = ['open', 'unknown', 'closed'].map(function (s) {
      var share = 100 * by[s] / n, arc = '<circle class="ring-' + s + '" cx="20" cy="20" r="15.9155" fill="none" stroke-width="6" stroke-dasharray="'
        + share.toFixed(2) + ' ' + (100 - share).toFixed(2) + '" stroke-dashoffset="' + (25 - start).toFixed(2) + '"></circle>';
      start += share;
      return by[s] ? arc : '';
    }).join('');
    return new LabelledIcon({
      html: '<div><span>' + n + '</span><small>' + esc(t('cluster open', by.open)) + '</small></div><svg class="ring" viewBox="0 0 40 40" aria-hidden="true">' + ring + '</svg>',
      iconSize: L.point(48, 48), className: 'marker-cluster toilet-cluster', label: t('cluster', n, by.open, by.unknown, by.closed)
    });
  }
  function clustered(kind) {
    if (!L.markerClusterGroup) return L.layerGroup();
    var small = kind === 'stations';
    return L.markerClusterGroup({
      showCoverageOnHover: false, disableClusteringAtZoom: 17, maxClusterRadius: small ? 40 : 60,
      iconCreateFunction: small ? function (c) {
        return new LabelledIcon({ html: '<div><span>' + c.getChildCount() + '</span></div>', iconSize: L.point(24, 24),
          className: 'marker-cluster station-cluster', label: t('stations here', c.getChildCount()) });
      } : toiletClusterIcon
    });
  }
  var overlays = Object.create(null), byId = Object.create(null), groupOf = Object.create(null), toiletMarkers = [], markers = 0, parts = [];
  function layerFor(kind, f) {
    var name = esc(kind + ': ' + (f.properties.dataset || kind));
    if (!overlays[name]) { overlays[name] = clustered(kind).addTo(map); }
    return overlays[name];
  }
  function toiletIcon(state, title) { return new LabelledIcon({ className: 'toilet', iconSize: [14, 14], html: '<div class="state-' + state + '"></div>', label: t('marker', title, t(state)) }); }
  function toiletPopup(f) {
    var p = f.properties, w = weeks[f.id], s = stateAt(w, now());
    var rows = ['<b class="title">' + esc(p.title) + '</b>'];
    var state = esc(t('now')) + ' <b class="now state-text-' + s.state + '">' + esc(t(s.state)) + '</b>';
    if (s.until) state += esc(s.state === 'closed' ? t('opens') : t('until')) + esc(clock(s.until, w.zone));
    if (!w) state += ' <small>' + esc(t('no hours understood')) + '</small>';
    else if (s.outside) state += ' <small>' + esc(t('data holds only', clock(w.from, w.zone), clock(w.to, w.zone))) + '</small>';
    rows.push(state);
    rows.push(esc(t('hours')) + ' ' + esc(p.hours_text || t('not given')) + (p.hours_osm ? ' <small>(' + esc(p.hours_osm) + ')</small>' : ''));
    if (w) { rows.push('<table class="week">' + w.days.map(function (d) { return '<tr><td>' + esc(d[0]) + '</td><td>' + esc(d[1]) + '</td></tr>'; }).join('') + '</table>'); }
    rows.push(esc(t('price')) + ' ' + (p.free === true ? esc(t('free')) : esc(p.price_text || t('price unknown'))));
    rows.push(esc(t('wheelchair')) + ' ' + esc(t('wheelchair.' + p.wheelchair)));
    var has = (meta.toilet_attributes || []).map(function (a) {
      var v = p[a[0]];
      if (a[1]) { return v === true ? esc(a[1]) : null; }
      return typeof v === 'string' ? esc(a[0].replace(/_/g, ' ')) + ': ' + esc(v.replace(/;/g, ', ').replace(/_/g, ' ')) : null;
    }).filter(function (x) { return x; });
    if (has.length) { rows.push(has.join(' · ')); }
    var checked = window.LOCATE_VERIFIED, hoursChecked = checked && checked.hours(p, now());
    if (checked) { rows.push('<span class="verified' + (checked.stale(p, now()) ? ' stale' : '') + '">' + esc(checked.place(p, now())) + '</span>'); }
    if (hoursChecked) { rows.push('<span class="verified">' + esc(hoursChecked) + '</span>'); }
    var base = String(meta.api == null ? '' : meta.api).replace(/\/+$/, '');
    (photos[f.id] || []).forEach(function (path) { rows.push('<img class="photo" alt="' + esc(t('photo')) + '" src="' + esc(base + path) + '">'); });
    return rows.map(function (r) { return '<div>' + r + '</div>'; }).join('');
  }
  if (toilets) {
    toilets.features.forEach(function (f) {
      var ll = L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]), s = stateAt(weeks[f.id], now()).state;
      var m = L.marker(ll, { icon: toiletIcon(s, f.properties.title), title: f.properties.title, bubblingMouseEvents: false, state: s, placeId: f.id });
      m.bindPopup(function () { return toiletPopup(f); }, { maxWidth: narrow ? 260 : 320 });
      var g = layerFor('toilets', f);
      m.addTo(g);
      byId[f.id] = m; groupOf[f.id] = g;
      toiletMarkers.push({ feature: f, marker: m });
      markers += 1;
    });
    parts.push(T.n('toilets', toilets.features.length));
  } else if (window.LOCATE_COUNT > 0) {
    parts.push(t('too many', window.LOCATE_COUNT));
  }
  // GIOŚ index levels 0 to 5 (their colours are preview.css's level-N classes): GIOŚ's
  // words, then the page's.
  var levelNames = ['Bardzo dobry', 'Dobry', 'Umiarkowany', 'Dostateczny', 'Zły', 'Bardzo zły'].map(function (pl, i) { return i + ' ' + pl + ' (' + t('gios.' + i) + ')'; });
  // European Air Quality Index levels 1 to 6 (EEA, 2024 bands; preview.css's eaqi-N classes).
  var eaqiNames = [1, 2, 3, 4, 5, 6].map(function (i) { return t('eaqi.' + i); });
  // A station's mark: GIOŚ's index where it has one (a square), else the EAQI's band (a disc).
  function stationMark(p) {
    if (p.index_level != null && levelNames[p.index_level] != null) return 'level-' + p.index_level;
    if (p.eaqi_level != null && eaqiNames[p.eaqi_level - 1] != null) return 'eaqi-' + p.eaqi_level;
    return 'level-none';
  }
  function indexRows(p) {
    var rows = [], lv = p.index_level;
    if (p.index_category || lv != null) rows.push(esc(t('gios index')) + ' ' + esc((lv == null ? '' : lv + ' ') + (p.index_category || '')) + ', ' + local(p.index_calculated_at, p.time_zone));
    if (p.eaqi_level != null) rows.push(esc(t('eaqi index')) + ' ' + esc(p.eaqi_level + ' ' + (eaqiNames[p.eaqi_level - 1] || p.eaqi_band)) + (p.eaqi_dominant_pollutant ? esc(t('by')) + esc(p.eaqi_dominant_pollutant) : '') + ', ' + local(p.eaqi_calculated_at, p.time_zone));
    return rows.length ? rows : [esc(t('index none'))];
  }
  function spark(points) {
    if (!points || points.length < 2) return '';
    var t0 = meta.generated_unix - 86400, lo = Infinity, hi = -Infinity;
    points = points.filter(function (p) { return p[0] >= t0; });
    if (points.length < 2) return '';
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
      var icon = new LabelledIcon({ className: 'station', iconSize: [10, 10], html: '<div class="' + stationMark(p) + '"></div>', label: t('station marker', p.name || f.id) });
      var m = L.marker(ll, { icon: icon, title: p.name || f.id, placeId: f.id, station: true });
      var rows = ['<b class="title">' + esc(p.name || f.id) + '</b>'];
      if (p.city) rows.push(esc(p.city));
      rows = rows.concat(indexRows(p));
      (meta.pollutants || []).forEach(function (c) {
        var k = c.toLowerCase().replace('.', ''), v = p['value_' + k], at = p['measured_at_' + k];
        if (v == null) return;
        var old = meta.generated_unix - Date.parse(at) / 1000;
        var text = esc(c) + ': ' + esc(v) + ' µg/m³, ' + local(at, null) + ' (' + esc(age(old)) + ' ' + esc(t('old')) + ')';
        var line = old > 3 * 3600 ? '<span class="old">' + text + ' — ' + esc(t('old')) + '</span>' : text;
        rows.push(line + spark((hist[f.id] || {})[c]));
      });
      m.bindPopup(rows.join('<br>'));
      var g = layerFor('stations', f);
      m.addTo(g);
      byId[f.id] = m; groupOf[f.id] = g;
      markers += 1;
    });
    parts.push(T.n('stations', stations.features.length));
  }
  L.control.layers(null, overlays, { collapsed: narrow }).addTo(map);
  var legend = L.control({ position: 'bottomright' });
  legend.onAdd = function () {
    var d = L.DomUtil.create('details', 'legend');
    if (!narrow) d.open = true;
    var html = '<summary>' + esc(t('legend')) + '</summary><b>' + esc(t('legend toilets')) + '</b> ' + esc(t('legend now')) + '<br>';
    ['open', 'unknown', 'closed'].forEach(function (s) { html += '<i class="dot state-' + s + '"></i>' + esc(t(s)) + '<br>'; });
    html += '<b>' + esc(t('legend gios')) + '</b> (GIOŚ)<br>';
    levelNames.forEach(function (name, i) { html += '<i class="level-' + i + '"></i>' + esc(name) + '<br>'; });
    html += '<b>EAQI</b> (EEA 2024), ' + esc(t('legend eaqi')) + '<br>';
    eaqiNames.forEach(function (name, i) { html += '<i class="eaqi-' + (i + 1) + '"></i>' + (i + 1) + ' ' + esc(name) + '<br>'; });
    html += '<i class="level-none"></i>' + esc(t('no index'));
    d.innerHTML = html;
    L.DomEvent.disableClickPropagation(d);
    return d;
  };
  legend.addTo(map);
  // The city picker: the far-apart groups of places (computed at generation, MapGroups).
  // It names the group the map shows: after a deep link, a hash change or a pan.
  var groups = meta.groups || [], citySelect = null;
  function count(n, word) { return n ? T.n(word, n) : ''; }
  function frame(g) { map.fitBounds([[g.bbox[1], g.bbox[0]], [g.bbox[3], g.bbox[2]]], { padding: [20, 20], maxZoom: 16 }); }
  function groupAt(ll) {
    var best = -1, bestD = Infinity;
    groups.forEach(function (g, i) {
      var cx = Math.max(g.bbox[0], Math.min(g.bbox[2], ll.lng)), cy = Math.max(g.bbox[1], Math.min(g.bbox[3], ll.lat));
      var d = Math.abs(cx - ll.lng) + Math.abs(cy - ll.lat);
      if (d < bestD) { bestD = d; best = i; }
    });
    return best;
  }
  function nameGroup(ll) { if (citySelect) { var i = groupAt(ll); if (i >= 0) citySelect.value = String(i); } }
  if (groups.length > 1) {
    var picker = L.control({ position: 'topright' });
    picker.onAdd = function () {
      var d = L.DomUtil.create('div', 'cities leaflet-bar'), s = L.DomUtil.create('select', '', d);
      s.id = 'city';
      s.setAttribute('aria-label', t('city'));
      groups.forEach(function (g, i) {
        var o = document.createElement('option');
        o.value = String(i);
        o.textContent = g.name + ' (' + [count(g.toilets, 'toilets'), count(g.stations, 'stations')].filter(function (x) { return x; }).join(', ') + ')';
        s.appendChild(o);
      });
      s.onchange = function () { frame(groups[Number(s.value)]); };
      L.DomEvent.disableClickPropagation(d);
      citySelect = s;
      return d;
    };
    picker.addTo(map);
    map.on('moveend', function () { nameGroup(map.getCenter()); });
  }
  document.body.setAttribute('data-groups', String(groups.length));
  if (meta.view) { map.setView([meta.view[0], meta.view[1]], meta.view[2]); }
  else if (groups.length) { frame(groups[0]); }
  else { map.setView([50.0875, 14.4214], 12); }
  recordZoom();
  // A place by id: zoom to it, open its popup and name its city.
  function show(wanted) {
    if (!Object.prototype.hasOwnProperty.call(byId, wanted)) return false;
    var m = byId[wanted], g = groupOf[wanted];
    if (!map.hasLayer(g)) map.addLayer(g);
    map.setView(m.getLatLng(), Math.max(map.getZoom(), 17), { animate: false });
    nameGroup(m.getLatLng());
    var open = function () { m.openPopup(); recordZoom(); };
    if (g.zoomToShowLayer) g.zoomToShowLayer(m, open); else open();
    return true;
  }
  // #id=DATASET/SOURCE_ID: zoom to the place and open its popup; say so when there is none.
  function openFromHash() {
    var deep = /^#id=(.*)$/.exec(window.location.hash), wanted = null;
    if (!deep) return;
    try { wanted = decodeURIComponent(deep[1]); } catch (e) { wanted = deep[1]; }
    say('linknotice', show(wanted) ? '' : t('no such place', wanted));
  }
  openFromHash();
  window.addEventListener('hashchange', openFromHash);
  // The data's age is offline.js's (#age), in the reader's clock.
  document.getElementById('summary').textContent = parts.join(', ');
  var old = now() - (meta.generated_unix || now());
  if (meta.stale_after_seconds != null && old > meta.stale_after_seconds) {
    say('asof', t('stale', meta.generated_at.slice(0, 10), age(old)));
  }
  document.body.setAttribute('data-markers', String(markers));
  // Night mode is preview.css's (prefers-color-scheme: dark); the body says which applies.
  var dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function scheme() { document.body.setAttribute('data-scheme', dark && dark.matches ? 'dark' : 'light'); }
  scheme();
  if (dark && dark.addEventListener) dark.addEventListener('change', scheme);
  window.LOCATE_PAGE = { map: map, toilets: toiletMarkers, show: show, clock: clock, age: age, now: now, say: say };
})();
